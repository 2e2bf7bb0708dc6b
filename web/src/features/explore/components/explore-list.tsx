import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { PlaceList, PlaceListSkeleton } from '@/components/places/place-list';
import { QueryFallback } from '@/components/query-fallback';
import type { PlaceCardData } from '@/lib/places';

export interface ExploreListProps {
  places: PlaceCardData[];
  distances: ReadonlyMap<string, number>;
  showDistances: boolean;
  query: UseQueryResult<unknown>;
  searching: boolean;
  highlightedId: string | null;
  onHover: (id: string | null) => void;
  placeAction?: ((place: PlaceCardData) => ReactNode) | undefined;
}

/** The list with its loading, empty, error (retry) and offline states. */
export function ExploreList({ places, distances, showDistances, query, searching, highlightedId, onHover, placeAction }: ExploreListProps) {
  if (query.data === undefined && (query.fetchStatus !== 'idle' || query.isError)) {
    return <QueryFallback query={query} skeleton={<PlaceListSkeleton />} />;
  }
  const count = places.length;
  return (
    <div>
      <p aria-live="polite" className="mb-2 text-sm text-slate-700">
        {count === 0
          ? searching
            ? 'No places match this search. Try other words or fewer filters.'
            : 'No places here. Zoom out, move the map or clear filters.'
          : `${count} ${count === 1 ? 'place' : 'places'}${searching ? ' found' : ' in this area'}`}
      </p>
      {count > 0 ? (
        <PlaceList
          places={places}
          distances={showDistances ? distances : undefined}
          highlightedId={highlightedId}
          onHover={onHover}
          label="Places"
          placeAction={placeAction}
        />
      ) : null}
    </div>
  );
}
