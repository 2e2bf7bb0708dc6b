import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams, type SetURLSearchParams } from 'react-router';

/** A change of the URL's search that was asked for: the search it was made on, and the one it asked for. */
export interface AskedSearch {
  from: string;
  to: string;
}

/**
 * The search a new change builds on. The router writes the history entry a few microtasks after
 * it is asked to, and React renders the new location later still (a transition, rendered when
 * other work lets it): until the address bar has moved on from the search the last change was made on, that
 * change's own search is the latest.
 */
export function latestSearch(asked: AskedSearch | null, current: string): string {
  return asked !== null && asked.from === current ? asked.to : current;
}

export type UpdateSearch = (change: (latest: URLSearchParams) => URLSearchParams, options?: Parameters<SetURLSearchParams>[1]) => void;

/**
 * A search asked for and not yet rendered: `to`, and the searches the router may still render
 * before it (the one shown when it was asked, and any asked on the way).
 */
export interface PendingSearch {
  passing: string[];
  to: string;
}

/** The search to show: the one asked for while the router still renders one it passes through. */
export function shownSearch(pending: PendingSearch | null, rendered: string): string {
  return pending !== null && pending.passing.includes(rendered) ? pending.to : rendered;
}

/** What is pending after a change to `to` is asked while `rendered` shows (nothing, if that is `to`). */
export function pendingAfter(pending: PendingSearch | null, rendered: string, to: string): PendingSearch | null {
  if (to === rendered) return null;
  const chained = pending !== null && pending.passing.includes(rendered);
  const passing = chained ? [...pending.passing, pending.to] : [rendered];
  return { passing: passing.filter((search) => search !== to), to };
}

/**
 * `useSearchParams`, whose updater sees every change already asked for, and whose params show a
 * change as soon as it is asked. react-router's own updater is handed the search of the last
 * render, so two changes made before the page re-rendered (a filter chosen while the previous
 * one still renders, a map move settling meanwhile) kept only the last of them; and it renders
 * the new location in a transition, so a checkbox the URL controls snapped back unchecked until
 * the router got there.
 */
export function useSearchUpdate(): [URLSearchParams, UpdateSearch] {
  const [params, setParams] = useSearchParams();
  const asked = useRef<AskedSearch | null>(null);
  const rendered = params.toString();
  const renderedNow = useRef(rendered);
  useEffect(() => {
    renderedNow.current = rendered;
  }, [rendered]);
  const [pending, setPending] = useState<PendingSearch | null>(null);
  // The router has rendered the change asked for, or gone elsewhere (Back): it decides again.
  if (pending !== null && !pending.passing.includes(rendered)) setPending(null);
  const showing = shownSearch(pending, rendered);
  const shown = useMemo(() => (showing === rendered ? params : new URLSearchParams(showing)), [showing, rendered, params]);
  const update = useCallback<UpdateSearch>(
    (change, options) => {
      const current = window.location.search;
      const next = change(new URLSearchParams(latestSearch(asked.current, current)));
      const search = next.toString();
      asked.current = { from: current, to: search ? `?${search}` : '' };
      setPending((previous) => pendingAfter(previous, renderedNow.current, search));
      setParams(next, options);
    },
    [setParams],
  );
  return [shown, update];
}
