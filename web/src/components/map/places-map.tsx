/**
 * Explore's map: Leaflet with clustered pins, the pin preview and the fit to search results.
 *
 * Over 300 lines: one component whose effects share the map, its layers, markers and pending
 * fit through refs that must not leave it (Leaflet objects are not React state); setting the map
 * up and drawing a pin already live beside it (create-map.ts).
 */
import L from 'leaflet';
import { X } from 'lucide-react';
import { useEffect, useEffectEvent, useLayoutEffect, useRef } from 'react';
import Supercluster from 'supercluster';
import { cn } from '@/lib/cn';
import { createMap, pinIcon, removeMap } from './create-map';
import type { MapPlace, PlacesMapProps } from './types';
import { reportedBounds } from './view-math';

interface PinProps {
  id: string;
  name: string;
}

function clusterIcon(count: number): L.DivIcon {
  const size = count < 10 ? 34 : count < 100 ? 42 : 50;
  return L.divIcon({ className: 'pinstar-cluster', html: `${count}`, iconSize: [size, size] });
}

/** Enter or Space on a focused pin or cluster (Leaflet clicks only markers with a bound popup). */
function pressed(event: L.LeafletEvent): boolean {
  const key = (event as L.LeafletKeyboardEvent).originalEvent.key;
  if (key !== 'Enter' && key !== ' ') return false;
  (event as L.LeafletKeyboardEvent).originalEvent.preventDefault();
  return true;
}

/**
 * The places map: pins clustered by supercluster, view changes reported after `moveend`
 * (debounced), hover and selection shared with the list through props.
 */
export default function PlacesMap({
  places,
  view,
  label,
  highlightedId,
  className,
  onViewChange,
  onSelect,
  onHover,
  preview,
  onPreviewClose,
  fit,
  keepOpeningView = false,
}: PlacesMapProps) {
  const element = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const layer = useRef<L.LayerGroup | null>(null);
  const index = useRef<Supercluster<PinProps> | null>(null);
  const markers = useRef(new Map<string, L.Marker>());
  const highlighted = useRef(highlightedId);
  const moveTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const reportView = useEffectEvent((map: L.Map) => {
    const center = map.getCenter().wrap();
    const b = map.getBounds();
    onViewChange?.(
      { lat: center.lat, lng: center.lng, zoom: map.getZoom() },
      reportedBounds({ south: b.getSouth(), north: b.getNorth(), west: b.getWest(), east: b.getEast() }),
    );
  });
  const region = useRef<HTMLDivElement>(null);
  const previewBox = useRef<HTMLDivElement>(null);
  const previewAt = useRef<{ lat: number; lng: number } | null>(null);
  const fitted = useRef<string | null>(null);
  const pendingFit = useRef<{ key: string; places: readonly MapPlace[] } | null>(null);

  /** The preview card above its pin (below it when there is no room above), kept inside the map. */
  const placePreview = () => {
    const map = mapRef.current;
    const box = previewBox.current;
    const at = previewAt.current;
    if (!map || !box || !at) return;
    const point = map.latLngToContainerPoint([at.lat, at.lng]);
    const size = map.getSize();
    const width = box.offsetWidth;
    const height = box.offsetHeight;
    const left = Math.min(Math.max(8, point.x - width / 2), Math.max(8, size.x - width - 8));
    const above = point.y - 28 - 8 - height;
    const top = above >= 8 ? above : Math.min(point.y + 8, Math.max(8, size.y - height - 8));
    box.style.transform = `translate(${Math.round(left)}px, ${Math.round(top)}px)`;
    box.style.visibility = point.x < 0 || point.y < 0 || point.x > size.x || point.y > size.y ? 'hidden' : 'visible';
  };
  const closePreview = useEffectEvent(() => onPreviewClose?.());
  const fitTo = (map: L.Map, places: readonly MapPlace[]) => {
    if (places.length === 0) return;
    map.fitBounds(L.latLngBounds(places.map((p) => [p.lat, p.lng] as [number, number])), { maxZoom: 15, padding: [48, 48] });
  };

  const select = useEffectEvent((id: string) => onSelect?.(id));
  const hover = useEffectEvent((id: string | null) => onHover?.(id));

  // Markers are kept by key while they stay on the map: replacing the element under a finger or
  // a pointer between press and release loses the tap, and new data (a search, a live update)
  // arrives at any moment.
  const shown = useRef(new Map<string, L.Marker>());

  const renderClusters = useEffectEvent(() => {
    const map = mapRef.current;
    const group = layer.current;
    if (!map || !group || !index.current) return;
    const b = map.getBounds();
    const bbox: [number, number, number, number] = [
      Math.max(-180, b.getWest()),
      Math.max(-85, b.getSouth()),
      Math.min(180, b.getEast()),
      Math.min(85, b.getNorth()),
    ];
    const next = new Map<string, L.Marker>();
    markers.current.clear();
    for (const feature of index.current.getClusters(bbox, Math.round(map.getZoom()))) {
      const [lng, lat] = feature.geometry.coordinates as [number, number];
      const props = feature.properties;
      if ('cluster' in props && props.cluster) {
        const count = props.point_count;
        const clusterId = props.cluster_id;
        const key = `cluster:${count}:${lat}:${lng}`;
        const kept = shown.current.get(key);
        // a kept cluster zooms by the id it has in the index drawn last
        const marker = kept ?? L.marker([lat, lng], { icon: clusterIcon(count), title: `${count} places — zoom in`, keyboard: true });
        marker.off('click keydown');
        const expand = () => {
          const zoom = index.current?.getClusterExpansionZoom(clusterId) ?? map.getZoom() + 2;
          map.setView([lat, lng], Math.min(zoom, 18));
        };
        marker.on('click', expand);
        marker.on('keydown', (event) => {
          if (pressed(event)) expand();
        });
        next.set(key, marker);
      } else {
        const { id, name } = props as PinProps;
        const key = `place:${id}`;
        let marker = shown.current.get(key);
        if (marker && marker.options.title !== name) {
          // a renamed place: a new marker (rare, unlike hovering)
          group.removeLayer(marker);
          shown.current.delete(key);
          marker = undefined;
        }
        if (marker && !marker.getLatLng().equals([lat, lng])) marker.setLatLng([lat, lng]);
        if (!marker) {
          marker = L.marker([lat, lng], {
            icon: pinIcon(id === highlighted.current, name),
            title: name,
            keyboard: true,
            riseOnHover: true,
          });
          marker.on('click', () => select(id));
          marker.on('keydown', (event) => {
            if (pressed(event)) select(id);
          });
          marker.on('mouseover', () => hover(id));
          marker.on('mouseout', () => hover(null));
        }
        markers.current.set(id, marker);
        next.set(key, marker);
      }
    }
    for (const [key, marker] of shown.current) if (!next.has(key)) group.removeLayer(marker);
    for (const [key, marker] of next) if (!shown.current.has(key)) group.addLayer(marker);
    shown.current = next;
  });

  const setUp = useEffectEvent((container: HTMLElement) => {
    const map = createMap(container, view);
    mapRef.current = map;
    // a new map (React runs effects twice in development) starts without markers
    shown.current = new Map();
    markers.current.clear();
    layer.current = L.layerGroup().addTo(map);
    map.on('move zoom viewreset resize', placePreview);
    map.on('click', () => closePreview());
    if (pendingFit.current) {
      fitTo(map, pendingFit.current.places);
      pendingFit.current = null;
    }
    map.on('moveend', () => {
      renderClusters();
      clearTimeout(moveTimer.current);
      moveTimer.current = setTimeout(() => reportView(map), 250);
    });
    // The first report and the pins in the task after.
    moveTimer.current = setTimeout(() => {
      reportView(map);
      renderClusters();
    }, 0);
  });

  useEffect(() => {
    const container = element.current;
    if (!container) return;
    // Leaflet's setup runs as its own task, not inside React's commit: two shorter tasks
    // instead of one long one on slow phones.
    const start = setTimeout(() => setUp(container), 0);
    return () => {
      clearTimeout(start);
      clearTimeout(moveTimer.current);
      if (mapRef.current) removeMap(mapRef.current);
      mapRef.current = null;
    };
  }, []);

  // Follow the view when it changes from outside (back button, "Near me", a shared link).
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    const center = map.getCenter().wrap();
    if (Math.abs(center.lat - view.lat) > 0.001 || Math.abs(center.lng - view.lng) > 0.001 || map.getZoom() !== view.zoom) {
      map.setView([view.lat, view.lng], view.zoom);
    }
  }, [view.lat, view.lng, view.zoom]);

  useEffect(() => {
    const cluster = new Supercluster<PinProps>({ radius: 56, maxZoom: 16 });
    cluster.load(
      places.map((p: MapPlace) => ({
        type: 'Feature' as const,
        properties: { id: p.id, name: p.name },
        geometry: { type: 'Point' as const, coordinates: [p.lng, p.lat] },
      })),
    );
    index.current = cluster;
    renderClusters();
  }, [places]);

  // A search's results, all in view (when the set changes, not on each keystroke).
  useEffect(() => {
    if (!fit) return;
    if (fitted.current === fit.key) return;
    const opening = fitted.current === null && keepOpeningView;
    fitted.current = fit.key;
    if (opening) return;
    if (mapRef.current) fitTo(mapRef.current, fit.places);
    else pendingFit.current = fit;
  }, [fit, keepOpeningView]);

  // The preview: placed at its pin, focused when it opens; the pin gets the focus back when it
  // closes by Escape or its close button (a click on the map leaves the focus where it went).
  const previewId = preview?.id ?? null;
  useLayoutEffect(() => {
    previewAt.current = preview ? { lat: preview.lat, lng: preview.lng } : null;
    placePreview();
  });
  useEffect(() => {
    if (!previewId) return;
    previewBox.current?.focus({ preventScroll: true });
  }, [previewId]);
  const closeToPin = () => {
    if (!previewId) return;
    const pin = markers.current.get(previewId)?.getElement();
    onPreviewClose?.();
    pin?.focus();
  };
  // Escape anywhere in the map (the pin, the card) closes the card.
  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !previewId) return;
    event.stopPropagation();
    closeToPin();
  });
  useEffect(() => {
    const box = region.current;
    if (!box) return;
    const listener = (event: KeyboardEvent) => onKeyDown(event);
    box.addEventListener('keydown', listener);
    return () => box.removeEventListener('keydown', listener);
  }, []);

  useEffect(() => {
    const previous = highlighted.current;
    highlighted.current = highlightedId;
    for (const id of [previous, highlightedId]) {
      if (!id) continue;
      const marker = markers.current.get(id);
      if (!marker) continue;
      const active = id === highlightedId;
      // The class changes on the element itself: setIcon would rewrite the icon's inner HTML, and
      // a hover that highlights the pin comes just before a tap's press and release on it (a
      // release over a replaced node is no click).
      marker.options.icon = pinIcon(active, marker.options.title ?? '');
      marker.getElement()?.classList.toggle('is-active', active);
      marker.setZIndexOffset(active ? 1000 : 0);
    }
  }, [highlightedId]);

  return (
    <div role="region" aria-label={label} ref={region} className={cn('relative isolate z-0', className)}>
      <div ref={element} className="absolute inset-0" />
      {preview ? (
        <div
          ref={previewBox}
          role="dialog"
          aria-label={preview.label}
          tabIndex={-1}
          style={{ visibility: 'hidden' }}
          className="absolute top-0 left-0 z-[1000] w-72 rounded-lg border border-slate-200 bg-surface p-3 shadow-lg focus:outline-none focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          {preview.content}
          <button
            type="button"
            onClick={closeToPin}
            className="absolute top-1 right-1 inline-flex size-9 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <X aria-hidden="true" className="size-5" />
            <span className="sr-only">Close preview</span>
          </button>
        </div>
      ) : null}
    </div>
  );
}
