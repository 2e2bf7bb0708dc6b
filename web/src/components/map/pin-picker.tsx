import L from 'leaflet';
import { useEffect, useEffectEvent, useRef } from 'react';
import { cn } from '@/lib/cn';
import { createMap, pinIcon } from './create-map';
import type { PinPickerProps } from './types';

const round = (v: number) => Math.round(v * 1e6) / 1e6;

/**
 * A map on which one pin is placed by clicking and moved by dragging. Typing coordinates (the
 * form's fields) is the keyboard equivalent and moves the pin here.
 */
export default function PinPicker({ value, onChange, label, className }: PinPickerProps) {
  const element = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const marker = useRef<L.Marker | null>(null);
  const change = useEffectEvent((latlng: L.LatLng) => {
    const wrapped = latlng.wrap();
    onChange({ lat: round(wrapped.lat), lng: round(wrapped.lng) });
  });

  useEffect(() => {
    if (!element.current) return;
    const map = createMap(element.current, value ? { ...value, zoom: 16 } : { lat: 30, lng: 10, zoom: 2 });
    mapRef.current = map;
    map.on('click', (event: L.LeafletMouseEvent) => change(event.latlng));
    return () => {
      map.remove();
      mapRef.current = null;
      marker.current = null;
    };
    // Created once; the value is applied by the effect below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const map = mapRef.current;
    if (!map || !value) return;
    if (!marker.current) {
      marker.current = L.marker([value.lat, value.lng], {
        draggable: true,
        icon: pinIcon(true, 'New place'),
        title: 'Pin of the place',
        keyboard: false,
      })
        .on('dragend', (event) => change((event.target as L.Marker).getLatLng()))
        .addTo(map);
    } else {
      marker.current.setLatLng([value.lat, value.lng]);
    }
    if (!map.getBounds().pad(-0.1).contains([value.lat, value.lng])) map.setView([value.lat, value.lng], Math.max(map.getZoom(), 15));
  }, [value]);

  return (
    <div role="region" aria-label={label} className={cn('relative isolate z-0', className)}>
      <div ref={element} className="absolute inset-0" />
    </div>
  );
}
