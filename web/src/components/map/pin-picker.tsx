import L from 'leaflet';
import { useEffect, useEffectEvent, useRef } from 'react';
import { cn } from '@/lib/cn';
import { createMap, pinIcon, removeMap } from './create-map';
import type { PinPickerProps } from './types';

const round = (v: number) => Math.round(v * 1e6) / 1e6;
/** Close enough to see the street the pin stands in. */
const pinZoom = 16;

/**
 * A map on which one pin is placed by clicking and moved by dragging. Typing coordinates (the
 * form's fields) is the keyboard equivalent: it moves the pin here and zooms in on it. The
 * region carries the map's centre and zoom (`data-lat`, `data-lng`, `data-zoom`).
 */
export default function PinPicker({ value, onChange, label, className, initialView, focus }: PinPickerProps) {
  const element = useRef<HTMLDivElement>(null);
  const region = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const marker = useRef<L.Marker | null>(null);
  // The last position this map reported: a value equal to it came from a click or a drag, and
  // must not move the map under the pointer; any other value was typed (or chosen) elsewhere.
  const emitted = useRef<string | null>(null);
  // Leaflet ignores a view asked for while a zoom animation runs: one asked meanwhile (coordinates
  // typed as the map zooms) waits for the animation's end, the latest one winning.
  const zooming = useRef(false);
  const waiting = useRef<((map: L.Map) => void) | null>(null);
  const moveMap = (move: (map: L.Map) => void) => {
    const map = mapRef.current;
    if (!map) return;
    if (zooming.current) waiting.current = move;
    else move(map);
  };
  // A view chosen in this render with the pin at its centre (a city, a place): the pin does not
  // move the map again (it would zoom past the view chosen).
  const focusedAt = useRef<string | null>(null);
  const change = useEffectEvent((latlng: L.LatLng) => {
    const wrapped = latlng.wrap();
    const next = { lat: round(wrapped.lat), lng: round(wrapped.lng) };
    emitted.current = `${next.lat},${next.lng}`;
    onChange(next);
  });

  useEffect(() => {
    if (!element.current) return;
    const start = value ? { ...value, zoom: pinZoom } : (initialView ?? { lat: 30, lng: 10, zoom: 2 });
    const map = createMap(element.current, start);
    mapRef.current = map;
    const report = () => {
      const centre = map.getCenter();
      region.current?.setAttribute('data-lat', centre.lat.toFixed(5));
      region.current?.setAttribute('data-lng', centre.lng.toFixed(5));
      region.current?.setAttribute('data-zoom', String(map.getZoom()));
    };
    report();
    map.on('moveend', report);
    map.on('zoomanim', () => {
      zooming.current = true;
    });
    map.on('zoomend', () => {
      zooming.current = false;
      const move = waiting.current;
      waiting.current = null;
      move?.(map);
    });
    map.on('click', (event: L.LeafletMouseEvent) => change(event.latlng));
    return () => {
      removeMap(map);
      mapRef.current = null;
      marker.current = null;
      zooming.current = false;
      waiting.current = null;
    };
    // Created once; the value and the focus are applied by the effects below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (!focus) return;
    focusedAt.current = `${focus.lat},${focus.lng}`;
    moveMap((map) => map.setView([focus.lat, focus.lng], focus.zoom));
  }, [focus]);

  // Primitives, not the object: the form passes a new one on every render.
  const lat = value?.lat;
  const lng = value?.lng;
  useEffect(() => {
    const map = mapRef.current;
    if (!map || lat === undefined || lng === undefined) return;
    if (!marker.current) {
      marker.current = L.marker([lat, lng], {
        draggable: true,
        icon: pinIcon(true, 'New place'),
        title: 'Pin of the place',
        keyboard: false,
      })
        .on('dragend', (event) => change((event.target as L.Marker).getLatLng()))
        .addTo(map);
    } else {
      marker.current.setLatLng([lat, lng]);
    }
    const at = `${lat},${lng}`;
    if (focusedAt.current === at) return;
    if (emitted.current !== at) moveMap((m) => m.setView([lat, lng], Math.max(m.getZoom(), pinZoom)));
    else if (!map.getBounds().pad(-0.1).contains([lat, lng])) moveMap((m) => m.panTo([lat, lng]));
  }, [lat, lng]);
  // The view chosen holds for the render that chose it only.
  useEffect(() => {
    focusedAt.current = null;
  });

  return (
    <div ref={region} role="region" aria-label={label} className={cn('relative isolate z-0', className)}>
      <div ref={element} className="absolute inset-0" />
    </div>
  );
}
