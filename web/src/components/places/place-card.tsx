import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '@/lib/cn';
import { paths } from '@/lib/paths';
import type { PlaceCardData } from '@/lib/places';
import { Photo } from '../photo';
import { PlaceSummary } from './place-summary';

export interface PlaceCardProps {
  place: PlaceCardData;
  active?: boolean;
  distanceKm?: number | undefined;
  onHover?: (id: string | null) => void;
  /** A control beside the name ("Save"), composed by the screen. */
  action?: ReactNode;
}

function formatDistance(km: number): string {
  return km < 1 ? `${Math.round(km * 1000)} m` : `${km < 10 ? km.toFixed(1) : Math.round(km)} km`;
}

/** One place in a list, with its best photo; hover and focus highlight its pin on the map. */
export function PlaceCard({ place, active = false, distanceKm, onHover, action }: PlaceCardProps) {
  return (
    <article
      data-place-id={place.id}
      className={cn(
        'flex gap-3 rounded-lg border p-3 transition-colors',
        active ? 'border-brand-500 bg-brand-50' : 'border-slate-200 bg-surface hover:border-slate-300',
      )}
      onMouseEnter={() => onHover?.(place.id)}
      onMouseLeave={() => onHover?.(null)}
      onFocus={() => onHover?.(place.id)}
      onBlur={() => onHover?.(null)}
    >
      <div className="min-w-0 flex-1">
        <div className="flex items-start justify-between gap-2">
          <h3 className="font-semibold">
            <Link
              to={paths.place(place.id)}
              className="text-slate-900 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              {place.name}
            </Link>
          </h3>
          {action}
        </div>
        <div className="mt-1">
          <PlaceSummary place={place} />
        </div>
        {place.address || distanceKm !== undefined ? (
          <p className="mt-1 truncate text-sm text-slate-600">
            {distanceKm !== undefined ? <span className="font-medium">{formatDistance(distanceKm)} · </span> : null}
            {place.address}
          </p>
        ) : null}
      </div>
      {place.cover_photo_path ? (
        <Photo
          path={place.cover_photo_path}
          alt=""
          width={80}
          ratio={1}
          thumbhash={place.cover_photo_thumbhash}
          className="size-20 shrink-0 rounded-md"
        />
      ) : null}
    </article>
  );
}
