import { useQuery } from '@tanstack/react-query';
import { Suspense, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { MapPlaceholder, PlacesMap } from '@/components/map';
import { PlaceList, PlaceListSkeleton } from '@/components/places/place-list';
import { QueryFallback } from '@/components/query-fallback';
import { Skeleton } from '@/components/ui/skeleton';
import { starredPlacesQuery } from '@/features/stars';
import { RequireAuth, useUser } from '@/lib/auth';
import { paths } from '@/lib/paths';

function Starred() {
  const user = useUser();
  const query = useQuery(starredPlacesQuery(user.id));
  const [highlightedId, setHighlightedId] = useState<string | null>(null);
  const places = useMemo(() => query.data ?? [], [query.data]);
  const view = useMemo(() => {
    if (places.length === 0) return { lat: 30, lng: 10, zoom: 2 };
    const lat = places.reduce((n, p) => n + p.lat, 0) / places.length;
    const lng = places.reduce((n, p) => n + p.lng, 0) / places.length;
    const spread = Math.max(...places.map((p) => Math.max(Math.abs(p.lat - lat), Math.abs(p.lng - lng))));
    return { lat, lng, zoom: spread < 0.05 ? 13 : spread < 0.5 ? 10 : spread < 5 ? 6 : 2 };
  }, [places]);
  if (query.data === undefined) return <QueryFallback query={query} skeleton={<PlaceListSkeleton />} />;
  if (places.length === 0) {
    return (
      <p className="text-slate-700">
        No starred places yet. Star the places you love from their page and find them here.{' '}
        <Link to={paths.explore()} className="font-medium text-brand-700 underline">
          Explore places
        </Link>
      </p>
    );
  }
  return (
    <div className="grid gap-4 md:grid-cols-[24rem_1fr]">
      <PlaceList places={places} highlightedId={highlightedId} onHover={setHighlightedId} label="Starred places" />
      <div className="relative h-72 overflow-hidden rounded-lg border border-slate-200 md:sticky md:top-20 md:h-[70dvh]">
        <Suspense fallback={<MapPlaceholder className="absolute inset-0" />}>
          <PlacesMap
            places={places}
            view={view}
            label="Map of your starred places"
            highlightedId={highlightedId}
            onHover={setHighlightedId}
            onSelect={setHighlightedId}
            className="absolute inset-0"
          />
        </Suspense>
      </div>
    </div>
  );
}

export function StarredRoute() {
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-6">
      <title>Starred places · Pinstar</title>
      <h1 className="mb-4 text-2xl font-bold">Starred places</h1>
      <RequireAuth fallback={<Skeleton className="h-64 w-full" />}>
        <Starred />
      </RequireAuth>
    </div>
  );
}
