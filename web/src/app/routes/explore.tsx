import { Bookmark } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Button, buttonVariants } from '@/components/ui/button';
import { ExploreView } from '@/features/explore';
import { starredIdsQuery } from '@/features/stars';
import { useAuth } from '@/lib/auth';
import { paths } from '@/lib/paths';
import type { Place } from '@/lib/places';

// Explore is the first download: the picker loads when a member is about to use it (pointer
// over or focus on "Save"), or on the click at the latest.
const loadPicker = () => import('./save-picker');
const SavePicker = lazy(loadPicker);

/** "Save" on a card or on the map's preview of a place: opens the list picker. */
function SavePlace({ place }: { place: Place }) {
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
  return (
    <>
      <Button
        ref={button}
        variant="ghost"
        size="sm"
        aria-haspopup="dialog"
        aria-label={`Save ${place.name} to a list`}
        onPointerEnter={() => void loadPicker()}
        onFocus={() => void loadPicker()}
        onClick={() => setOpen(true)}
      >
        <Bookmark aria-hidden="true" className="size-4" /> Save
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <SavePicker
            userId={user.id}
            placeId={place.id}
            placeName={place.name}
            open
            onOpenChange={setOpen}
            returnFocus={() => button.current?.focus()}
          />
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
  return <ExploreView starredIdsQuery={starredIdsQuery} placeAction={(place) => <SavePlace place={place} />} />;
}
