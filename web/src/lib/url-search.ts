import { useCallback, useRef } from 'react';
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
 * `useSearchParams`, whose updater sees every change already asked for. react-router's own updater
 * is handed the search of the last render, so two changes made before the page re-rendered (a
 * filter chosen while the previous one still renders, a map move settling meanwhile) kept only
 * the last of them.
 */
export function useSearchUpdate(): [URLSearchParams, UpdateSearch] {
  const [params, setParams] = useSearchParams();
  const asked = useRef<AskedSearch | null>(null);
  const update = useCallback<UpdateSearch>(
    (change, options) => {
      const current = window.location.search;
      const next = change(new URLSearchParams(latestSearch(asked.current, current)));
      const search = next.toString();
      asked.current = { from: current, to: search ? `?${search}` : '' };
      setParams(next, options);
    },
    [setParams],
  );
  return [params, update];
}
