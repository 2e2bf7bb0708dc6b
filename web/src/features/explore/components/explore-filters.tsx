import { Search, SlidersHorizontal } from 'lucide-react';
import { Suspense, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { fieldControlClass } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { lazyComponent } from '@/lib/lazy-component';
import type { ExploreState } from '../url-state';
import { activeFilterCount, FilterControls } from './filter-controls';

const FiltersSheet = lazyComponent(() => import('./filters-sheet'));

export interface ExploreFiltersProps {
  state: ExploreState;
  signedIn: boolean;
  locating: boolean;
  nearMeMessage: string | null;
  onChange: (patch: Partial<ExploreState>) => void;
  onNearMe: () => void;
  /** Phones: the search and a Filters button in one row, the rest in a dialog. */
  compact?: boolean;
  /** How many places the filters leave (the dialog's button says it). */
  count?: number;
}

/** Search, then category chips, minimum stars, sort, "Open now", "Starred only" and "Near me". */
export function ExploreFilters({
  state,
  signedIn,
  locating,
  nearMeMessage,
  onChange,
  onNearMe,
  compact = false,
  count = 0,
}: ExploreFiltersProps) {
  const [q, setQ] = useState(state.q);
  const id = useId();
  const [urlQ, setUrlQ] = useState(state.q);
  const [sheet, setSheet] = useState(false);
  const [sheetUsed, setSheetUsed] = useState(false);
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
  const active = activeFilterCount(state);
  const controls = { state, signedIn, locating, onChange, onNearMe };
  return (
    <div className="space-y-3">
      <div className="flex items-center gap-2">
        <form
          role="search"
          onSubmit={(event) => {
            event.preventDefault();
            onChange({ q });
          }}
          className="relative min-w-0 flex-1"
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
        {compact ? (
          <Button
            variant="secondary"
            className="min-h-10 shrink-0"
            aria-haspopup="dialog"
            onClick={() => {
              setSheetUsed(true);
              setSheet(true);
            }}
          >
            <SlidersHorizontal aria-hidden="true" className="size-4" />
            Filters{active > 0 ? <span className="rounded-full bg-brand-600 px-1.5 text-xs text-white">{active}</span> : null}
            {active > 0 ? <span className="sr-only"> ({active} on)</span> : null}
          </Button>
        ) : null}
      </div>
      {compact ? (
        sheetUsed ? (
          <Suspense fallback={null}>
            <FiltersSheet open={sheet} onOpenChange={setSheet} count={count} message={nearMeMessage} {...controls} />
          </Suspense>
        ) : null
      ) : (
        <FilterControls {...controls} />
      )}
      {nearMeMessage && !compact ? (
        <p role="status" className="text-sm text-slate-700">
          {nearMeMessage}
        </p>
      ) : null}
    </div>
  );
}
