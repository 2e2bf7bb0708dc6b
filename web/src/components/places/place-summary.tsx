import { RatingStars } from '@/components/rating-stars';
import { categoryLabels, formatRating, type Place } from '@/lib/places';

/** Category, mean stars to one decimal and review count: one line under a place's name. */
export function PlaceSummary({ place }: { place: Pick<Place, 'category' | 'rating_avg' | 'rating_count'> }) {
  const rating = formatRating(place);
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-700">
      <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-slate-800">{categoryLabels[place.category]}</span>
      {rating ? (
        <>
          <span className="font-semibold text-slate-900">{rating}</span>
          <RatingStars value={Number(place.rating_avg)} />
          <span>
            ({place.rating_count} {place.rating_count === 1 ? 'review' : 'reviews'})
          </span>
        </>
      ) : (
        <span>No reviews yet</span>
      )}
    </p>
  );
}
