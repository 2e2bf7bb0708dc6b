import { LocateFixed, Search } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { fieldControlClass } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { categoryLabels, placeCategories } from '@/lib/places';
import { sortLabels, sortOptions, type ExploreSort, type ExploreState } from '../url-state';

export interface ExploreFiltersProps {
  state: ExploreState;
  signedIn: boolean;
  locating: boolean;
  nearMeMessage: string | null;
  onChange: (patch: Partial<ExploreState>) => void;
  onNearMe: () => void;
}

const minRatings = [3, 4, 4.5] as const;

/** Search, category chips, minimum stars, "Starred only", sort and "Near me". */
export function ExploreFilters({ state, signedIn, locating, nearMeMessage, onChange, onNearMe }: ExploreFiltersProps) {
  const [q, setQ] = useState(state.q);
  const id = useId();
  const [urlQ, setUrlQ] = useState(state.q);
  // Back/forward or a link changed the search: show it (state adjusted during render).
  if (urlQ !== state.q) {
    setUrlQ(state.q);
    setQ(state.q);
  }
  useEffect(() => {
    if (q.trim() === state.q.trim()) return;
    const timer = setTimeout(() => onChange({ q }), 350);
    return () => clearTimeout(timer);
  }, [q, state.q, onChange]);
  // The top bar's search button (phones) lands here with `#search`: the field takes the focus.
  const { hash } = useLocation();
  const searchField = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (hash === '#search') searchField.current?.focus();
  }, [hash]);
  const selectClass = cn(fieldControlClass, 'min-h-9 w-auto py-1');
  return (
    <div className="space-y-3">
      <form
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          onChange({ q });
        }}
        className="relative"
      >
        <label htmlFor={`${id}-q`} className="sr-only">
          Search places
        </label>
        <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500" />
        <input
          id={`${id}-q`}
          ref={searchField}
          type="search"
          enterKeyHint="search"
          value={q}
          onChange={(event) => setQ(event.target.value)}
          placeholder="Search places, addresses…"
          maxLength={100}
          className={cn(fieldControlClass, 'min-h-10 pl-9')}
        />
      </form>
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
      {nearMeMessage ? (
        <p role="status" className="text-sm text-slate-700">
          {nearMeMessage}
        </p>
      ) : null}
    </div>
  );
}
