import { useQuery } from '@tanstack/react-query';
import { Pencil, Users } from 'lucide-react';
import { Suspense, useState } from 'react';
import { Link, useParams } from 'react-router';
import { MapPlaceholder, PlacesMap } from '@/components/map';
import { Photo } from '@/components/photo';
import { coverBand } from '@/components/places/cover-band';
import { PlaceSummary } from '@/components/places/place-summary';
import { QueryFallback } from '@/components/query-fallback';
import { SectionBoundary } from '@/components/section-boundary';
import { buttonVariants } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { SaveToListButton } from '@/features/lists';
import { PlaceBasics, PlaceHistory, placeQuery, ShareButton } from '@/features/places';
import { useMyProfile } from '@/features/profiles';
import { RatingHistogram, usePlaceChannel } from '@/features/reviews';
import { StarButton } from '@/features/stars';
import { useAuth } from '@/lib/auth';
import { importAnew, lazyComponent } from '@/lib/lazy-component';
import { paths } from '@/lib/paths';
import { canEditPlace } from '@/lib/permissions';
import type { Place } from '@/lib/places';
import { NotFoundRoute } from './not-found';

// Below the header, and the report button, come in a chunk of their own (place-sections.tsx).
const sections = importAnew(() => import('./place-sections'));
const PlacePhotos = lazyComponent(() => sections().then((m) => ({ default: m.PlacePhotos })));
const PlaceReviews = lazyComponent(() => sections().then((m) => ({ default: m.PlaceReviews })));
const ReportButton = lazyComponent(() => sections().then((m) => ({ default: m.ReportButton })));
const HiddenNotice = lazyComponent(() => sections().then((m) => ({ default: m.HiddenNotice })));

function useDesktop(): boolean {
  return typeof window !== 'undefined' && window.matchMedia('(min-width: 768px)').matches;
}

function PlaceSkeleton() {
  return (
    <div role="status" aria-label="Loading place" className="space-y-4">
      <Skeleton className="h-8 w-2/3" />
      <Skeleton className="h-4 w-1/3" />
      <Skeleton className="h-48 w-full" />
    </div>
  );
}

function PlaceDetail({ place }: { place: Place }) {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const profile = useMyProfile();
  const { present, newReviews, showNewReviews } = usePlaceChannel(place.id, userId);
  // While others' new reviews wait behind the pill, the mean and count stay those of the reviews
  // shown, whatever refetches the place meanwhile (decision 244).
  const [held, setHeld] = useState<Pick<Place, 'rating_avg' | 'rating_count'> | null>(null);
  if (newReviews > 0 && held === null) setHeld({ rating_avg: place.rating_avg, rating_count: place.rating_count });
  if (newReviews === 0 && held !== null) setHeld(null);
  const shown = held ? { ...place, ...held } : place;
  const canEdit = canEditPlace(place, userId, profile.data);
  const desktop = useDesktop();
  // Whether the photo band shows is decided when the page opens: a first photo arriving live (or
  // the last one hidden) changes the picture, never the layout.
  const [band] = useState(() => place.cover_photo_path !== null);
  const onShow = () => {
    void showNewReviews();
    document.getElementById('reviews-title')?.scrollIntoView({ block: 'start' });
    document.getElementById('reviews-title')?.focus();
  };
  return (
    <article aria-labelledby="place-title" className="space-y-8">
      <title>{`${place.name} · Pinstar`}</title>
      <header className="grid gap-4 md:grid-cols-[1fr_18rem]">
        <SectionBoundary name="place header">
          <div className="space-y-2">
            <h1 id="place-title" className="text-2xl font-bold sm:text-3xl">
              {place.name}
            </h1>
            {place.hidden_at ? (
              <SectionBoundary name="hidden notice" fallback={null}>
                <Suspense fallback={null}>
                  <HiddenNotice targetType="place" targetId={place.id} />
                </Suspense>
              </SectionBoundary>
            ) : null}
            <PlaceSummary place={shown} />
            {place.address ? <p className="text-slate-700">{place.address}</p> : null}
            <PlaceBasics place={place} />
            <p className="flex min-h-6 items-center gap-1.5 text-sm text-slate-700" aria-live="polite">
              {present > 1 ? (
                <>
                  <Users aria-hidden="true" className="size-4" />
                  {present} people here now
                </>
              ) : null}
            </p>
            {place.description ? <p className="max-w-prose whitespace-pre-line text-slate-800">{place.description}</p> : null}
            <div className="flex flex-wrap gap-2 pt-2">
              <StarButton userId={userId} placeId={place.id} placeName={place.name} />
              <SaveToListButton userId={userId} placeId={place.id} placeName={place.name} />
              <ShareButton title={place.name} path={paths.place(place.id)} />
              {canEdit ? (
                <Link to={paths.placeEdit(place.id)} className={buttonVariants({ variant: 'secondary' })}>
                  <Pencil aria-hidden="true" className="size-4" /> Edit place
                </Link>
              ) : userId && !place.hidden_at ? (
                <Link to={paths.placeSuggest(place.id)} className={buttonVariants({ variant: 'secondary' })}>
                  <Pencil aria-hidden="true" className="size-4" /> Suggest an edit
                </Link>
              ) : null}
              <SectionBoundary name="report button" fallback={null}>
                <Suspense fallback={null}>
                  <ReportButton targetType="place" targetId={place.id} ownerId={place.created_by} className="min-h-9" />
                </Suspense>
              </SectionBoundary>
            </div>
          </div>
        </SectionBoundary>
        <div className="relative h-56 overflow-hidden rounded-lg border border-slate-200">
          <Suspense fallback={<MapPlaceholder className="absolute inset-0" />}>
            <PlacesMap
              places={[place]}
              view={{ lat: place.lat, lng: place.lng, zoom: 15 }}
              label={`Map showing ${place.name}`}
              className="absolute inset-0"
            />
          </Suspense>
        </div>
      </header>
      {band && place.cover_photo_path ? (
        <Photo
          bucket={coverBand.bucket}
          path={place.cover_photo_path}
          alt=""
          width={coverBand.width}
          ratio={coverBand.ratio}
          sizes={coverBand.sizes}
          thumbhash={place.cover_photo_thumbhash}
          eager
          className="rounded-lg"
        />
      ) : band ? (
        <div aria-hidden="true" className="aspect-[3] rounded-lg bg-slate-100" />
      ) : null}
      <section aria-labelledby="rating-title" className="space-y-3">
        <h2 id="rating-title" className="text-lg font-semibold">
          Rating
        </h2>
        <SectionBoundary name="rating">
          <RatingHistogram place={shown} hold={newReviews > 0} />
        </SectionBoundary>
      </section>
      <section aria-labelledby="photos-title" className="space-y-3">
        <h2 id="photos-title" className="text-lg font-semibold">
          Photos
        </h2>
        <SectionBoundary name="photos">
          <Suspense fallback={<Skeleton className="h-24 w-full" />}>
            <PlacePhotos placeId={place.id} />
          </Suspense>
        </SectionBoundary>
      </section>
      <section aria-labelledby="reviews-title" className="space-y-3">
        <SectionBoundary name="reviews">
          <Suspense
            fallback={
              <>
                <h2 id="reviews-title" tabIndex={-1} className="scroll-mt-20 text-lg font-semibold focus:outline-none">
                  Reviews
                </h2>
                <Skeleton className="h-24 w-full" />
              </>
            }
          >
            <PlaceReviews
              placeId={place.id}
              placeName={place.name}
              userId={userId}
              desktop={desktop}
              newReviews={newReviews}
              onShow={onShow}
            />
          </Suspense>
        </SectionBoundary>
      </section>
      <section aria-labelledby="history-title" id="history" className="scroll-mt-20 space-y-3">
        <h2 id="history-title" className="text-lg font-semibold">
          History
        </h2>
        <SectionBoundary name="history">
          <PlaceHistory placeId={place.id} userId={userId} />
        </SectionBoundary>
      </section>
    </article>
  );
}

export function PlaceRoute() {
  const { id = '' } = useParams();
  const query = useQuery(placeQuery(id));
  if (query.data === null) return <NotFoundRoute />;
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-6">
      {query.data ? <PlaceDetail place={query.data} /> : <QueryFallback query={query} skeleton={<PlaceSkeleton />} />}
    </div>
  );
}
