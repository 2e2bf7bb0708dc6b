import { cn } from '@/lib/cn';

/** Holds the map's place (no layout shift) while Leaflet loads. */
export function MapPlaceholder({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn('bg-sky-100', className)} />;
}
