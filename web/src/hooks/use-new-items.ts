import { matchQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Items announced live that the list on screen does not show yet: the count behind a "N new"
 * pill (decision 394). The count never outlives the list catching up by itself: once a read of
 * the list that started after the last announcement succeeds (a window regaining focus, the
 * connection returning), the list holds them, so the count goes to 0 and `onCaughtUp` lets the
 * page bring the figures that wait with the pill along. A further page ("Show more") is not a
 * read of what is new.
 */
export function useNewItems(listKey: QueryKey, onCaughtUp?: () => void) {
  const queryClient = useQueryClient();
  const [count, setCount] = useState(0);
  const lastArrival = useRef(0);
  const waiting = useRef(false);
  const caughtUp = useRef(onCaughtUp);
  useEffect(() => {
    caughtUp.current = onCaughtUp;
  });
  const keyHash = JSON.stringify(listKey);

  useEffect(() => {
    const filter = { queryKey: JSON.parse(keyHash) as QueryKey };
    const started = new Map<string, number>();
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || !matchQuery(filter, event.query)) return;
      const { action } = event;
      if (action.type === 'fetch') {
        const meta = action.meta as { fetchMore?: unknown } | undefined;
        if (!meta?.fetchMore) started.set(event.query.queryHash, performance.now());
      } else if (action.type === 'success' || action.type === 'error') {
        const at = started.get(event.query.queryHash);
        started.delete(event.query.queryHash);
        if (action.type === 'success' && at !== undefined && at >= lastArrival.current && waiting.current) {
          waiting.current = false;
          setCount(0);
          caughtUp.current?.();
        }
      }
    });
  }, [queryClient, keyHash]);

  const arrived = useCallback(() => {
    lastArrival.current = performance.now();
    waiting.current = true;
    setCount((n) => n + 1);
  }, []);
  const reset = useCallback(() => {
    waiting.current = false;
    setCount(0);
  }, []);
  return { count, arrived, reset };
}
