import { Bookmark } from 'lucide-react';
import { Suspense, use, useEffect, useRef, useState, type ComponentProps } from 'react';
import { Link, useLocation } from 'react-router';
import { Button, buttonVariants } from '@/components/ui/button';
import { ExploreView } from '@/features/explore';
import { starredIdsQuery } from '@/features/stars';
import { useAuth } from '@/lib/auth';
import { importAnew, loadWhenOnline, sharedLoad } from '@/lib/lazy-component';
import { paths } from '@/lib/paths';
import type { PlaceCardData } from '@/lib/places';
import { queryClient } from '@/lib/query-client';

// Explore is the first download: the picker's chunk and the member's lists load once the page
// is idle (and on pointer over or focus on "Save", or on the click at the latest), so a click
// only opens a dialog. Once loaded, the picker renders without suspending.
const importPicker = importAnew(() => import('./save-picker'));
type PickerModule = Awaited<ReturnType<typeof importPicker>>;
let picker: PickerModule | null = null;
const loadPicker = sharedLoad(() => loadWhenOnline(importPicker).then((module) => (picker = module)));

/**
 * The picker's dialog: it suspends only while its code is still coming. Whether the code was
 * there when the dialog opened or arrived meanwhile, it is the same component, so a render of
 * the card in between never remounts the dialog (and loses a list being named in it).
 */
function SavePicker(props: ComponentProps<PickerModule['default']>) {
  const module = picker ?? use(loadPicker());
  return <module.default {...props} />;
}

function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(run, { timeout: 2000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(run, 200);
  return () => window.clearTimeout(handle);
}

/** A member's Explore readies the picker when the page is idle. */
function usePickerAtIdle(userId: string | undefined) {
  useEffect(() => {
    if (!userId) return;
    return whenIdle(() => void loadPicker().then((module) => module.prefetchPickerLists(queryClient, userId)));
  }, [userId]);
}

/** "Save" on a card or on the map's preview of a place: opens the list picker. */
function SavePlace({ place }: { place: PlaceCardData }) {
  const { user } = useAuth();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  if (!user) {
    return (
      <Link
        to={paths.signIn({ next: location.pathname + location.search })}
        className={buttonVariants({ variant: 'ghost', size: 'sm' })}
        aria-label={`Save ${place.name} to a list (sign in first)`}
      >
        <Bookmark aria-hidden="true" className="size-4" /> Save
      </Link>
    );
  }
  const userId = user.id;
  const ready = () => void loadPicker().then((module) => module.prefetchPickerLists(queryClient, userId));
  const dialogProps = {
    userId,
    placeId: place.id,
    placeName: place.name,
    open: true,
    onOpenChange: setOpen,
    returnFocus: () => button.current?.focus(),
  };
  return (
    <>
      <Button
        ref={button}
        variant="ghost"
        size="sm"
        aria-haspopup="dialog"
        aria-label={`Save ${place.name} to a list`}
        onPointerEnter={ready}
        onFocus={ready}
        onClick={() => setOpen(true)}
      >
        <Bookmark aria-hidden="true" className="size-4" /> Save
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <SavePicker {...dialogProps} />
        </Suspense>
      ) : null}
    </>
  );
}

/**
 * `/`: the home page keeps the app's own title, "Pinstar". Explore filters search results on
 * the member's stars with the stars feature's query; each place offers "Save" to a list.
 */
export function ExploreRoute() {
  const { user } = useAuth();
  usePickerAtIdle(user?.id);
  return <ExploreView starredIdsQuery={starredIdsQuery} placeAction={(place) => <SavePlace place={place} />} />;
}
