import type { UseQueryResult } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { PlaceList, PlaceListSkeleton } from '@/components/places/place-list';
import type { Place } from '@/lib/places';
import { describeError } from '@/lib/errors';

export interface ExploreListProps {
  places: Place[];
  distances: ReadonlyMap<string, number>;
  showDistances: boolean;
  query: UseQueryResult<unknown>;
  searching: boolean;
  highlightedId: string | null;
  onHover: (id: string | null) => void;
}

/** The list with its loading, empty, error (retry) and offline states. */
export function ExploreList({ places, distances, showDistances, query, searching, highlightedId, onHover }: ExploreListProps) {
  if (query.isPending && query.fetchStatus !== 'idle') return <PlaceListSkeleton />;
  if (query.isError && !query.data) {
    const { message } = describeError(query.error);
    return (
      <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
        <p>{message}</p>
        <Button variant="secondary" size="sm" className="mt-2" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
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
        />
      ) : null}
    </div>
  );
}
