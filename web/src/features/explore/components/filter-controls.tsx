import { LocateFixed } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { fieldControlClass } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { categoryLabels, placeCategories } from '@/lib/places';
import { sortLabels, sortOptions, type ExploreSort, type ExploreState } from '../url-state';

export interface FilterControlsProps {
  state: ExploreState;
  signedIn: boolean;
  locating: boolean;
  onChange: (patch: Partial<ExploreState>) => void;
  onNearMe: () => void;
}

const minRatings = [3, 4, 4.5] as const;

/** Category chips, minimum stars, sort, "Open now", "Starred only" and "Near me". */
export function FilterControls({ state, signedIn, locating, onChange, onNearMe }: FilterControlsProps) {
  const id = useId();
  const selectClass = cn(fieldControlClass, 'min-h-9 w-auto py-1');
  return (
    <>
      <div role="group" aria-label="Category" className="-mx-1 flex gap-1.5 overflow-x-auto px-1 pb-1">
        {placeCategories.map((category) => (
          <button
            key={category}
            type="button"
            aria-pressed={state.category === category}
            onClick={() => onChange({ category: state.category === category ? null : category })}
            className={cn(
              'min-h-8 shrink-0 rounded-full border px-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand-600',
              state.category === category
                ? 'border-brand-600 bg-brand-600 text-white'
                : 'border-slate-300 bg-surface text-slate-800 hover:bg-slate-50',
            )}
          >
            {categoryLabels[category]}
          </button>
        ))}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <label className="sr-only" htmlFor={`${id}-min`}>
          Minimum stars
        </label>
        <select
          id={`${id}-min`}
          className={selectClass}
          value={state.minRating ?? ''}
          onChange={(event) => onChange({ minRating: event.target.value ? Number(event.target.value) : null })}
        >
          <option value="">Any rating</option>
          {minRatings.map((r) => (
            <option key={r} value={r}>
              {r}+ stars
            </option>
          ))}
        </select>
        <label className="sr-only" htmlFor={`${id}-sort`}>
          Sort by
        </label>
        <select
          id={`${id}-sort`}
          className={selectClass}
          value={state.sort}
          onChange={(event) => onChange({ sort: event.target.value as ExploreSort })}
        >
          {sortOptions.map((s) => (
            <option key={s} value={s}>
              {sortLabels[s]}
            </option>
          ))}
        </select>
        <label className="inline-flex min-h-9 items-center gap-2 text-sm font-medium text-slate-800">
          <input
            type="checkbox"
            className="size-4 accent-brand-600"
            checked={state.openNow}
            onChange={(event) => onChange({ openNow: event.target.checked })}
          />
          Open now
        </label>
        {signedIn ? (
          <label className="inline-flex min-h-9 items-center gap-2 text-sm font-medium text-slate-800">
            <input
              type="checkbox"
              className="size-4 accent-brand-600"
              checked={state.starredOnly}
              onChange={(event) => onChange({ starredOnly: event.target.checked })}
            />
            Starred only
          </label>
        ) : null}
        <Button variant="secondary" size="sm" onClick={onNearMe} disabled={locating} className="min-h-9">
          <LocateFixed aria-hidden="true" className="size-4" />
          {locating ? 'Locating…' : 'Near me'}
        </Button>
      </div>
    </>
  );
}

/** How many filters differ from Explore's defaults (the phone's Filters button says so). */
export function activeFilterCount(state: ExploreState): number {
  return [state.category !== null, state.minRating !== null, state.openNow, state.starredOnly, state.sort !== 'reviews'].filter(Boolean)
    .length;
}
