import type { Factor } from '@supabase/supabase-js';
import { Button } from '@/components/ui/button';
import { formatShortDate } from '@/lib/dates';

/** One kind of second factor (authenticator apps, security keys): name, when added, and Remove (asked by the caller). */
export function FactorList({
  factors,
  label,
  fallbackName,
  busy,
  onRemove,
}: {
  factors: Factor[];
  label: string;
  fallbackName: string;
  busy: boolean;
  onRemove: (factor: Factor, name: string) => void;
}) {
  if (factors.length === 0) return null;
  return (
    <ul aria-label={label} className="divide-y divide-slate-200 rounded-md border border-slate-200">
      {factors.map((factor) => {
        const name = factor.friendly_name || fallbackName;
        return (
          <li key={factor.id} className="flex items-center justify-between gap-4 p-3">
            <span className="text-sm">
              <span className="font-medium">{name}</span>
              <span className="block text-slate-600">Added {formatShortDate(factor.created_at)}</span>
            </span>
            <Button variant="secondary" aria-label={`Remove ${name}`} disabled={busy} onClick={() => onRemove(factor, name)}>
              Remove
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
