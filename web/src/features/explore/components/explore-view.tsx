import { Suspense, useCallback, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { estimateBounds, MapPlaceholder, PlacesMap, type MapBounds, type MapView } from '@/components/map';
import { useAuth } from '@/lib/auth';
import { rememberExploreView } from '@/lib/last-view';
import type { PlaceCardData } from '@/lib/places';
import { useExplorePlaces, type StarredIdsQuery } from '../hooks/use-explore-places';
import { useExploreState } from '../hooks/use-explore-state';
import { useLivePlaces } from '../hooks/use-live-places';
import { useMediaQuery } from '../hooks/use-media-query';
import { useNearMe } from '../hooks/use-near-me';
import { ExploreFilters } from './explore-filters';
import { ExploreList } from './explore-list';
import { MobileExplore } from './mobile-explore';
import { PlacePreviewCard } from './place-preview';

const nearMeMessages = {
  idle: null,
  locating: null,
  ready: 'Sorted by distance from you (your position stays on this device).',
  denied: 'Location permission was denied. Allow it in the browser to use Near me.',
  unavailable: 'Your position is not available right now.',
} as const;

/** Explore: the list beside the map (desktop) or the map with the list in a drawer (mobile). */
export function ExploreView({
  starredIdsQuery,
  placeAction,
}: {
  starredIdsQuery: StarredIdsQuery;
  /** A control on each card and on the map's preview of a place ("Save"), composed by the route. */
  placeAction?: (place: PlaceCardData) => ReactNode;
}) {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const [state, update] = useExploreState();
  const desktop = useMediaQuery('(min-width: 768px)');
  const desktopAtOpening = useRef(desktop);
  // The viewport's places are asked for once the map's box is laid out, with the bounds the map
  // will report for that box (before its lazily loaded code is there): one query for the first
  // paint, not one from a guessed size and another once the map reports. The layout effect's
  // render comes before the browser paints. Without a layout (a box of no size), the window's
  // size stands in.
  const mapBox = useRef<HTMLDivElement>(null);
  const openingView = useRef<MapView>(state);
  const [bounds, setBounds] = useState<MapBounds | null>(null);
  useLayoutEffect(() => {
    const box = mapBox.current;
    const width = box?.clientWidth || (desktopAtOpening.current ? Math.max(320, window.innerWidth - 416) : window.innerWidth);
    const height = box?.clientHeight || window.innerHeight - 56;
    setBounds((reported) => reported ?? estimateBounds(openingView.current, width, height));
  }, []);
  const [highlightedId, setHighlightedId] = useState<string | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const nearMe = useNearMe();
  useLivePlaces();

  const origin = useMemo(() => nearMe.position ?? { lat: state.lat, lng: state.lng }, [nearMe.position, state.lat, state.lng]);
  const { list, distances, query, searching } = useExplorePlaces(state, bounds, userId, origin, starredIdsQuery);
  const view = useMemo<MapView>(() => ({ lat: state.lat, lng: state.lng, zoom: state.zoom }), [state.lat, state.lng, state.zoom]);

  const onViewChange = useCallback(
    (next: MapView, nextBounds: MapBounds) => {
      setBounds(nextBounds);
      rememberExploreView(next);
      update({ lat: next.lat, lng: next.lng, zoom: next.zoom }, { replace: true });
    },
    [update],
  );
  const onSelect = useCallback(
    (id: string) => {
      setHighlightedId(id);
      setSelectedId(id);
      if (desktop) document.querySelector(`[data-place-id="${id}"]`)?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
    },
    [desktop],
  );
  // A search shows all its results: the map fits them when the set changes (the view in a link
  // that opens with a search is kept), and the URL follows the map (decision 245).
  const [openedSearching] = useState(searching);
  const fitKey = searching && query.data && !query.isPlaceholderData ? list.map((p) => p.id).join(',') : null;
  const selected = list.find((p) => p.id === selectedId) ?? null;
  const preview = useMemo(
    () =>
      desktop && selected
        ? {
            id: selected.id,
            label: `Preview: ${selected.name}`,
            lat: selected.lat,
            lng: selected.lng,
            content: <PlacePreviewCard place={selected} action={placeAction?.(selected)} placement="popup" />,
          }
        : null,
    [desktop, selected, placeAction],
  );
  const onNearMe = () =>
    nearMe.locate((position) => update({ lat: position.lat, lng: position.lng, zoom: Math.max(state.zoom, 13), sort: 'nearest' }));

  const filters = (
    <ExploreFilters
      state={state}
      signedIn={userId !== null}
      locating={nearMe.status === 'locating'}
      nearMeMessage={nearMeMessages[nearMe.status]}
      onChange={update}
      onNearMe={onNearMe}
      compact={!desktop}
      count={list.length}
    />
  );
  const listView = (
    <ExploreList
      places={list}
      distances={distances}
      showDistances={state.sort === 'nearest'}
      query={query}
      searching={searching}
      highlightedId={highlightedId}
      onHover={setHighlightedId}
      placeAction={placeAction}
    />
  );
  const map = (
    <div ref={mapBox} className="absolute inset-0">
      <Suspense fallback={<MapPlaceholder className="absolute inset-0" />}>
        <PlacesMap
          places={list}
          view={view}
          label="Map of places (the list holds the same places)"
          highlightedId={highlightedId}
          onViewChange={onViewChange}
          onSelect={onSelect}
          onHover={setHighlightedId}
          preview={preview}
          onPreviewClose={() => setSelectedId(null)}
          fit={fitKey ? { key: fitKey, places: list } : null}
          keepOpeningView={openedSearching}
          className="absolute inset-0"
        />
      </Suspense>
    </div>
  );

  if (!desktop) {
    return (
      <MobileExplore
        filters={filters}
        list={listView}
        map={map}
        count={list.length}
        selected={selected}
        placeAction={placeAction}
        onClearSelection={() => setSelectedId(null)}
      />
    );
  }
  return (
    <div className="grid h-[calc(100dvh-3.5rem)] grid-cols-[26rem_1fr]">
      <section aria-labelledby="explore-title" className="flex min-h-0 flex-col border-r border-slate-200">
        <div className="space-y-3 border-b border-slate-200 p-4">
          <h1 id="explore-title" className="text-xl font-semibold">
            Explore places
          </h1>
          {filters}
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto p-4">{listView}</div>
      </section>
      <div className="relative">{map}</div>
    </div>
  );
}
