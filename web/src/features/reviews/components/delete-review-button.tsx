import { AlertDialog, AlertDialogAction, AlertDialogCancel, AlertDialogContent, AlertDialogTrigger } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { useDeleteReview } from '../api/delete-review';
import type { Review } from '../schemas';

/** Deleting one's review, behind a confirmation. */
export function DeleteReviewButton({ review, onDeleted }: { review: Review; onDeleted: () => void }) {
  const deletion = useDeleteReview();
  const busy = deletion.isPending;
  // The query client toasts a failure; `mutateAsync` still calls onDeleted if the list already dropped this button.
  const remove = () => void deletion.mutateAsync(review).then(onDeleted, () => undefined);
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
          <AlertDialogAction onClick={remove}>Delete review</AlertDialogAction>
        </div>
      </AlertDialogContent>
    </AlertDialog>
  );
}
