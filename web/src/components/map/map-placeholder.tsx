import { cn } from '@/lib/cn';
import { mapCredits } from './map-config';
import { creditsClass, placeholderCreditsHtml } from './placeholder-credits';

/**
 * Holds the map's place (no layout shift) while Leaflet loads: the map's background and its
 * credit line where Leaflet will draw it, so nothing pops in or out when the map takes over.
 */
export function MapPlaceholder({ className }: { className?: string }) {
  return (
    <div aria-hidden="true" className={cn('bg-[#cfe3f3] dark:bg-[#0c2438]', className)}>
      <div className={creditsClass} dangerouslySetInnerHTML={{ __html: placeholderCreditsHtml(mapCredits) }} />
    </div>
  );
}
