import type { ReactNode } from 'react';
import { Drawer, DrawerContent } from '@/components/ui/drawer';
import type { PlaceCardData } from '@/lib/places';
import { PlacePreviewCard } from './place-preview';

/** Half height (the map stays visible above it) and full height. */
export const snapPoints = [0.45, 1];

export interface ExploreDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  snap: number | string | null;
  onSnapChange: (snap: number | string | null) => void;
  selected: PlaceCardData | null;
  /** A control on the preview of the tapped place ("Save"). */
  selectedAction?: ReactNode;
  list: ReactNode;
  /** The button that opened the drawer gets focus back (it is not a Radix trigger). */
  returnFocus: () => void;
}

/**
 * The list in a vaul bottom drawer with two snap points (loaded the first time it opens). It is a
 * non-modal dialog (decision 247): at half height the map above it keeps its pans and taps (a
 * tapped pin shows its place in the drawer), so nothing outside is hidden or made inert, and a
 * press outside does not close it. The focus moves into it (the drawer itself) when it opens; Escape, the close
 * button and a swipe down all close it, and the focus goes back to "Show list".
 */
export default function ExploreDrawer({
  open,
  onOpenChange,
  snap,
  onSnapChange,
  selected,
  selectedAction,
  list,
  returnFocus,
}: ExploreDrawerProps) {
  return (
    <Drawer
      open={open}
      onOpenChange={onOpenChange}
      snapPoints={snapPoints}
      activeSnapPoint={snap}
      setActiveSnapPoint={onSnapChange}
      modal={false}
    >
      <DrawerContent
        title={selected ? selected.name : 'Places'}
        // Fully open, it ends under the top bar (3.5rem and the notch), which stays whole and usable.
        className="h-[calc(100dvh-3.5rem-env(safe-area-inset-top))] max-h-[calc(100dvh-3.5rem-env(safe-area-inset-top))]"
        // Not trapped, the focus still moves into the drawer when it opens (to the drawer itself).
        onOpenAutoFocus={(event) => (event.target as HTMLElement).focus()}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocus();
        }}
      >
        {selected ? <PlacePreviewCard place={selected} action={selectedAction} placement="drawer" /> : null}
        {list}
      </DrawerContent>
    </Drawer>
  );
}
