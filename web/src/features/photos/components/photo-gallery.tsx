import { useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { photoUrl } from '@/lib/photos';
import { placePhotosQuery, type PlacePhoto } from '../api/place-photos';

/**
 * The place's photos as a grid of thumbnails; one opens in a lightbox dialog with previous/next.
 * `photoActions` is a slot the app fills with other features' components (e.g. "Report").
 */
export function PhotoGallery({ placeId, photoActions }: { placeId: string; photoActions?: (photo: PlacePhoto) => ReactNode }) {
  const { data: photos, isPending } = useQuery(placePhotosQuery(placeId));
  const [index, setIndex] = useState<number | null>(null);
  if (isPending) return <Skeleton className="h-24 w-full" />;
  if (!photos || photos.length === 0) return <p className="text-sm text-slate-600">No photos yet.</p>;
  const current = index === null ? null : photos[index];
  const step = (delta: number) => setIndex((i) => (i === null ? null : (i + delta + photos.length) % photos.length));
  return (
    <>
      <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4 lg:grid-cols-6">
        {photos.map((photo, i) => (
          <li key={photo.id}>
            <button
              type="button"
              onClick={() => setIndex(i)}
              className="block aspect-square w-full overflow-hidden rounded-md bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            >
              <img src={photoUrl(photo.path)} alt={photo.alt} loading="lazy" width={160} height={160} className="size-full object-cover" />
            </button>
          </li>
        ))}
      </ul>
      <Dialog open={current !== null} onOpenChange={(open) => !open && setIndex(null)}>
        {current ? (
          <DialogContent
            title={`Photo ${(index ?? 0) + 1} of ${photos.length}`}
            description={current.alt}
            className="max-w-3xl"
            onKeyDown={(event) => {
              if (event.key === 'ArrowRight') step(1);
              if (event.key === 'ArrowLeft') step(-1);
            }}
          >
            <img
              src={photoUrl(current.path)}
              alt={current.alt}
              width={current.width ?? undefined}
              height={current.height ?? undefined}
              className="mx-auto max-h-[65dvh] w-auto rounded-md object-contain"
            />
            {photoActions ? <div className="mt-3 flex justify-end">{photoActions(current)}</div> : null}
            {photos.length > 1 ? (
              <div className="mt-4 flex justify-between">
                <Button variant="secondary" onClick={() => step(-1)}>
                  <ChevronLeft aria-hidden="true" className="size-4" /> Previous
                </Button>
                <Button variant="secondary" onClick={() => step(1)}>
                  Next <ChevronRight aria-hidden="true" className="size-4" />
                </Button>
              </div>
            ) : null}
          </DialogContent>
        ) : null}
      </Dialog>
    </>
  );
}
