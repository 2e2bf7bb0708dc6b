import { useMutation } from '@tanstack/react-query';
import { removePhotoFiles } from '@/lib/photos';
import { supabase } from '@/lib/supabase';
import { toast } from '@/lib/toast';
import { useInvalidatePlace } from '../hooks/use-invalidate-place';
import type { Review } from '../schemas';

/** Deletes the review (its photo rows cascade), then the photo files. */
export async function deleteReview(review: Review): Promise<void> {
  const { error } = await supabase.from('reviews').delete().eq('id', review.id);
  if (error) throw error;
  await removePhotoFiles(review.photos.map((p) => p.path)).catch((cause: unknown) => console.error('Photo files left behind', cause));
}

export function useDeleteReview() {
  const invalidate = useInvalidatePlace();
  return useMutation({
    mutationFn: deleteReview,
    meta: { errorTable: 'reviews' },
    onSuccess: async (_, review) => {
      await invalidate(review.place_id);
      toast.success('Review deleted');
    },
  });
}
