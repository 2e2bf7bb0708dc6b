import { List } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonVariants } from '@/components/ui/button';
import { Drawer, DrawerContent } from '@/components/ui/drawer';
import { type Place, PlaceSummary } from '@/features/places';

export interface MobileExploreProps {
  filters: ReactNode;
  list: ReactNode;
  map: ReactNode;
  count: number;
  selected: Place | null;
  onClearSelection: () => void;
}

const snapPoints = [0.45, 1] as const;

/**
 * Mobile Explore: the map fills the screen, the list lives in a vaul bottom drawer with two
 * snap points; tapping a pin opens the drawer at half height with that place on top.
 */
export function MobileExplore({ filters, list, map, count, selected, onClearSelection }: MobileExploreProps) {
  const [open, setOpen] = useState(false);
  const [snap, setSnap] = useState<number | string | null>(snapPoints[1]);
  const [previewId, setPreviewId] = useState<string | null>(null);
  // A newly tapped pin opens the drawer at half height (state adjusted during render).
  if (selected && selected.id !== previewId) {
    setPreviewId(selected.id);
    setOpen(true);
    setSnap(snapPoints[0]);
  }
  const close = (next: boolean) => {
    setOpen(next);
    if (!next) {
      onClearSelection();
      setPreviewId(null);
      setSnap(snapPoints[1]);
    }
  };
  return (
    <section aria-labelledby="explore-title" className="flex h-[calc(100dvh-3.5rem)] flex-col">
      <div className="space-y-2 border-b border-slate-200 bg-white p-3">
        <h1 id="explore-title" className="text-lg font-semibold">
          Explore places
        </h1>
        {filters}
      </div>
      <div className="relative min-h-0 flex-1">
        {map}
        <Drawer open={open} onOpenChange={close} snapPoints={[...snapPoints]} activeSnapPoint={snap} setActiveSnapPoint={setSnap}>
          <div className="pointer-events-none absolute inset-x-0 bottom-4 z-[1000] flex justify-center">
            <Button className="pointer-events-auto shadow-lg" onClick={() => setOpen(true)}>
              <List aria-hidden="true" className="size-4" />
              Show list ({count})
            </Button>
          </div>
          <DrawerContent title={selected ? selected.name : 'Places'} className="h-[96dvh] max-h-[96dvh]">
            {selected ? (
              <div className="mb-4 rounded-lg border border-brand-500 bg-brand-50 p-3">
                <PlaceSummary place={selected} />
                {selected.address ? <p className="mt-1 text-sm text-slate-700">{selected.address}</p> : null}
                <Link to={`/places/${selected.id}`} className={buttonVariants({ size: 'sm', className: 'mt-2' })}>
                  View place
                </Link>
              </div>
            ) : null}
            {list}
          </DrawerContent>
        </Drawer>
      </div>
    </section>
  );
}
