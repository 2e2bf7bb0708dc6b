import { useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useRef, useState, type ReactNode } from 'react';
import { Photo } from '@/components/photo';
import { QueryFallback } from '@/components/query-fallback';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { placePhotosQuery, type PlacePhoto } from '../api/place-photos';

/**
 * The place's photos as a grid of thumbnails; one opens in a lightbox dialog with previous/next
 * (buttons, arrow keys, or a swipe), its alt text shown under it.
 * `photoActions` is a slot the app fills with other features' components (e.g. "Report").
 */
export function PhotoGallery({ placeId, photoActions }: { placeId: string; photoActions?: (photo: PlacePhoto) => ReactNode }) {
  const query = useQuery(placePhotosQuery(placeId));
  const photos = query.data;
  const [index, setIndex] = useState<number | null>(null);
  const swipeStart = useRef<number | null>(null);
  if (photos === undefined) return <QueryFallback query={query} skeleton={<Skeleton className="h-24 w-full" />} />;
  if (photos.length === 0) return <p className="text-sm text-slate-600">No photos yet.</p>;
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
              <Photo
                path={photo.path}
                alt={photo.alt}
                width={200}
                ratio={1}
                sizes="(min-width: 1024px) 159px, (min-width: 640px) calc((100vw - 3.5rem) / 4), calc((100vw - 3rem) / 3)"
                thumbhash={photo.thumbhash}
              />
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
            <div
              style={{ touchAction: 'pan-y' }}
              onPointerDown={(event) => {
                swipeStart.current = event.clientX;
              }}
              onPointerUp={(event) => {
                const start = swipeStart.current;
                swipeStart.current = null;
                if (start === null || photos.length < 2) return;
                const dx = event.clientX - start;
                if (Math.abs(dx) > 40) step(dx < 0 ? 1 : -1);
              }}
            >
              <Photo
                key={current.id}
                path={current.path}
                alt={current.alt}
                width={768}
                ratio={current.width && current.height ? current.width / current.height : 4 / 3}
                fit="contain"
                sizes="(min-width: 800px) 768px, 92vw"
                thumbhash={current.thumbhash}
                eager
                className="mx-auto max-h-[65dvh] rounded-md"
              />
            </div>
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
