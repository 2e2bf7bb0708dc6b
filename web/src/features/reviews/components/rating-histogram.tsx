import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { RatingStars } from '@/components/rating-stars';
import { Skeleton } from '@/components/ui/skeleton';
import { formatRating, reviewCount, type Place } from '@/lib/places';
import { histogramQuery } from '../api/histogram';

/**
 * Mean stars (one decimal), review count and the 5-bar histogram. `hold`: reviews wait behind the
 * "N new" pill, so the bars stay those of the reviews shown, as the mean and count do (decision 394).
 */
export function RatingHistogram({ place, hold = false }: { place: Place; hold?: boolean }) {
  const { data: latest } = useQuery(histogramQuery(place.id));
  const [held, setHeld] = useState<typeof latest>(undefined);
  if (hold && held === undefined && latest !== undefined) setHeld(latest);
  if (!hold && held !== undefined) setHeld(undefined);
  const bars = hold ? (held ?? latest) : latest;
  const mean = formatRating(place);
  const total = place.rating_count;
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
      <div className="text-center sm:w-32">
        <p className="text-4xl font-bold" data-testid="rating-mean">
          {mean ?? '–'}
        </p>
        <RatingStars value={Number(place.rating_avg)} size="lg" />
        <p className="text-sm text-slate-700" data-testid="rating-count">
          {reviewCount(total)}
        </p>
      </div>
      {bars ? (
        <dl className="flex-1 space-y-1" aria-label="Reviews per star">
          {[...bars].reverse().map((bar) => (
            <div key={bar.rating} className="flex items-center gap-2 text-sm">
              <dt className="w-14 shrink-0 text-slate-700">
                {bar.rating} {bar.rating === 1 ? 'star' : 'stars'}
              </dt>
              <dd className="flex flex-1 items-center gap-2">
                <span aria-hidden="true" className="h-2.5 flex-1 overflow-hidden rounded-full bg-slate-200">
                  <span
                    className="block h-full rounded-full bg-amber-400"
                    style={{
                      width: `${
                        total
                          ? (bar.count /
                              Math.max(
                                1,
                                bars.reduce((n, b) => n + b.count, 0),
                              )) *
                            100
                          : 0
                      }%`,
                    }}
                  />
                </span>
                <span className="w-8 text-right text-slate-700 tabular-nums">{bar.count}</span>
              </dd>
            </div>
          ))}
        </dl>
      ) : (
        <Skeleton className="h-28 flex-1" />
      )}
    </div>
  );
}
