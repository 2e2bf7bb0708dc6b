import { useState } from 'react';
import { AlertDialog, AlertDialogAction, AlertDialogCancel, AlertDialogContent, AlertDialogTrigger } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toaster';
import { describeError } from '@/lib/errors';
import { deleteReview } from '../api/save-review';
import { useInvalidatePlace } from '../hooks/use-invalidate-place';
import type { Review } from '../schemas';

/** Deleting one's review, behind a confirmation. */
export function DeleteReviewButton({ review, onDeleted }: { review: Review; onDeleted: () => void }) {
  const invalidate = useInvalidatePlace();
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    setBusy(true);
    try {
      await deleteReview(review);
      await invalidate(review.place_id);
      toast.success('Review deleted');
      onDeleted();
    } catch (error: unknown) {
      toast.error(describeError(error, { table: 'reviews' }).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button variant="ghost" className="text-red-700 hover:bg-red-50" disabled={busy}>
          Delete review
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent title="Delete your review?" description="Your review and its photos will be removed. This cannot be undone.">
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={() => void remove()}>Delete review</AlertDialogAction>
        </div>
      </AlertDialogContent>
    </AlertDialog>
  );
}
