import { useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import type { PlaceCardData } from '@/lib/places';
import { PlaceCard } from './place-card';

export const pageSize = 20;

export interface PlaceListProps {
  places: readonly PlaceCardData[];
  highlightedId?: string | null;
  distances?: ReadonlyMap<string, number> | undefined;
  onHover?: (id: string | null) => void;
  label: string;
  /** A control on each card ("Save"). */
  placeAction?: ((place: PlaceCardData) => ReactNode) | undefined;
}

/** The list equivalent of the map: every place shown there, 20 at a time. */
export function PlaceList({ places, highlightedId, distances, onHover, label, placeAction }: PlaceListProps) {
  const [shown, setShown] = useState(pageSize);
  const visible = places.slice(0, shown);
  return (
    <div>
      <ul aria-label={label} className="space-y-2">
        {visible.map((place) => (
          <li key={place.id}>
            <PlaceCard
              place={place}
              active={place.id === highlightedId}
              distanceKm={distances?.get(place.id)}
              onHover={onHover}
              action={placeAction?.(place)}
            />
          </li>
        ))}
      </ul>
      {places.length > shown ? (
        <Button variant="secondary" className="mt-3 w-full" onClick={() => setShown((n) => n + pageSize)}>
          Show more ({places.length - shown} left)
        </Button>
      ) : null}
    </div>
  );
}

export function PlaceListSkeleton() {
  return (
    <div role="status" aria-label="Loading places" className="space-y-2">
      {[0, 1, 2, 3, 4].map((n) => (
        <div key={n} className="space-y-2 rounded-lg border border-slate-200 p-3">
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-4 w-1/2" />
        </div>
      ))}
    </div>
  );
}
