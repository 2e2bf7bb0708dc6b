import { useQuery } from '@tanstack/react-query';
import { CloudOff, PenLine } from 'lucide-react';
import { Suspense, useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { PendingNote } from '@/components/pending-note';
import { Button, buttonVariants } from '@/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { Drawer, DrawerContent, DrawerTrigger } from '@/components/ui/drawer';
import { Spinner } from '@/components/ui/spinner';
import { importAnew, lazyComponent } from '@/lib/lazy-component';
import { paths } from '@/lib/paths';
import { myReviewQuery } from '../api/reviews';

/** The form (react-hook-form, photo processing) loads only when someone opens it. */
const ReviewForm = lazyComponent(importAnew(() => import('./review-form')));

export interface ReviewComposerProps {
  placeId: string;
  placeName: string;
  userId: string | null;
  desktop: boolean;
}

/**
 * "Write a review" — or "Edit your review" when the member already reviewed the place — in a
 * dialog on desktop and a bottom drawer on mobile. Visitors are offered to sign in.
 */
export function ReviewComposer({ placeId, placeName, userId, desktop }: ReviewComposerProps) {
  const [open, setOpen] = useState(false);
  const noteId = useId();
  const location = useLocation();
  const mine = useQuery({ ...myReviewQuery(placeId, userId ?? ''), enabled: userId !== null });
  if (!userId) {
    return (
      <Link to={paths.signIn({ next: location.pathname })} className={buttonVariants()}>
        <PenLine aria-hidden="true" className="size-4" /> Sign in to write a review
      </Link>
    );
  }
  const existing = mine.data ?? null;
  const label = existing ? 'Edit your review' : 'Write a review';
  const title = existing ? `Edit your review of ${placeName}` : `Review ${placeName}`;
  const form = (
    <Suspense fallback={<Spinner label="Loading the form" />}>
      <ReviewForm
        key={existing?.id ?? 'new'}
        placeId={placeId}
        placeName={placeName}
        userId={userId}
        existing={existing}
        onDone={() => setOpen(false)}
      />
    </Suspense>
  );
  // Offline before this device ever learned whether the member reviewed the place (nothing kept
  // to read): the button waits for that answer, since a second review would be refused, and
  // says what it waits for instead of sitting disabled without a word.
  const waitingOffline = mine.isPending && mine.fetchStatus === 'paused';
  const trigger = (
    <Button disabled={mine.isPending} aria-describedby={waitingOffline ? noteId : undefined}>
      <PenLine aria-hidden="true" className="size-4" /> {label}
    </Button>
  );
  const pending = (
    <>
      <PendingNote userId={userId} kind="review" subject={placeId} label="Your review: waiting to send" />
      {waitingOffline ? (
        <span id={noteId} className="inline-flex items-center gap-1.5 text-sm text-slate-700">
          <CloudOff aria-hidden="true" className="size-4 shrink-0" />
          You can review this place once you are back online.
        </span>
      ) : null}
    </>
  );
  if (desktop) {
    return (
      <div className="flex flex-wrap items-center gap-2">
        {pending}
        <Dialog open={open} onOpenChange={setOpen}>
          <DialogTrigger asChild>{trigger}</DialogTrigger>
          <DialogContent title={title} className="max-w-xl">
            {form}
          </DialogContent>
        </Dialog>
      </div>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-2">
      {pending}
      <Drawer open={open} onOpenChange={setOpen}>
        <DrawerTrigger asChild>{trigger}</DrawerTrigger>
        <DrawerContent title={title}>{form}</DrawerContent>
      </Drawer>
    </div>
  );
}
