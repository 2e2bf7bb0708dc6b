import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/lib/paths';
import type { SimilarPlace } from '../api/save-place';

/** "Is it one of these?": places with a similar name within 75 m, before a duplicate is added. */
export function SimilarPlacesWarning({
  places,
  onConfirm,
  onDismiss,
}: {
  places: SimilarPlace[];
  onConfirm: () => void;
  onDismiss: () => void;
}) {
  return (
    <div role="alert" className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
      <p className="font-semibold">Is it one of these?</p>
      <p>{places.length === 1 ? 'A place with a similar name is' : 'Places with a similar name are'} already pinned within 75 m:</p>
      <ul className="list-disc space-y-1 pl-5">
        {places.map((p) => (
          <li key={p.id}>
            <Link to={paths.place(p.id ?? '')} className="font-medium underline">
              {p.name}
            </Link>{' '}
            ({Math.round((p.distance_km ?? 0) * 1000)} m away)
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={onConfirm}>
          No, save my place
        </Button>
        <Button size="sm" variant="secondary" onClick={onDismiss}>
          Let me check
        </Button>
      </div>
    </div>
  );
}
