import { List } from 'lucide-react';
import { Suspense, useRef, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { importAnew, lazyComponent } from '@/lib/lazy-component';
import type { PlaceCardData } from '@/lib/places';

const ExploreDrawer = lazyComponent(importAnew(() => import('./explore-drawer')));
const half = 0.45;
const full = 1;

export interface MobileExploreProps {
  filters: ReactNode;
  list: ReactNode;
  map: ReactNode;
  count: number;
  selected: PlaceCardData | null;
  onClearSelection: () => void;
  placeAction?: ((place: PlaceCardData) => ReactNode) | undefined;
}

/**
 * Mobile Explore: the map fills the screen between the top bar and the tab bar, the list lives in
 * a bottom drawer with two snap points; tapping a pin opens the drawer at half height with that
 * place on top. "Show list" is gone while the drawer is open (the drawer's handle and close
 * button take over) and comes back, focused, when it closes (decision 190).
 */
export function MobileExplore({ filters, list, map, count, selected, onClearSelection, placeAction }: MobileExploreProps) {
  const [open, setOpen] = useState(false);
  const showButton = useRef<HTMLButtonElement>(null);
  const [used, setUsed] = useState(false);
  const [snap, setSnap] = useState<number | string | null>(full);
  const [previewId, setPreviewId] = useState<string | null>(null);
  // A newly tapped pin opens the drawer at half height (state adjusted during render).
  if (selected && selected.id !== previewId) {
    setPreviewId(selected.id);
    setUsed(true);
    setOpen(true);
    setSnap(half);
  }
  const change = (next: boolean) => {
    setOpen(next);
    if (!next) {
      onClearSelection();
      setPreviewId(null);
      setSnap(full);
    }
  };
  return (
    <section aria-labelledby="explore-title" className="flex h-[calc(100dvh-7rem-env(safe-area-inset-bottom))] flex-col">
      {/* One row above the map: the search and the Filters button (decision 325); the heading is for screen readers. */}
      <div className="border-b border-slate-200 bg-surface p-3">
        <h1 id="explore-title" className="sr-only">
          Explore places
        </h1>
        {filters}
      </div>
      <div className="relative min-h-0 flex-1">
        {map}
        <div className={cn('pointer-events-none absolute inset-x-0 bottom-6 z-[1000] flex justify-center', open && 'hidden')}>
          <Button
            ref={showButton}
            className="pointer-events-auto shadow-lg"
            aria-haspopup="dialog"
            onClick={() => {
              setUsed(true);
              setOpen(true);
            }}
          >
            <List aria-hidden="true" className="size-4" />
            Show list ({count})
          </Button>
        </div>
        {used ? (
          <Suspense fallback={null}>
            <ExploreDrawer
              open={open}
              onOpenChange={change}
              snap={snap}
              onSnapChange={setSnap}
              selected={selected}
              selectedAction={selected ? placeAction?.(selected) : null}
              list={list}
              returnFocus={() => showButton.current?.focus()}
            />
          </Suspense>
        ) : null}
      </div>
    </section>
  );
}
