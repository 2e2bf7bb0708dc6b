import { RatingStars } from '@/components/rating-stars';
import { categoryLabels, ratingSummary, type Place } from '@/lib/places';

/** Category, then "4.0 out of 5 · 1 review" after the stars: one line under a place's name. */
export function PlaceSummary({ place }: { place: Pick<Place, 'category' | 'rating_avg' | 'rating_count'> }) {
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-700">
      <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-slate-800">{categoryLabels[place.category]}</span>
      {place.rating_count > 0 ? (
        <span aria-hidden="true">
          <RatingStars value={Number(place.rating_avg)} />
        </span>
      ) : null}
      <span>{ratingSummary(place)}</span>
    </p>
  );
}
