import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { type ExploreState, parseExplore, toSearchParams } from '../url-state';

/**
 * Explore's state lives in the URL. Filter changes push a history entry (Back undoes them);
 * map moves replace the current one so Back does not replay every pan.
 */
export function useExploreState() {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseExplore(params), [params]);
  const update = useCallback(
    (patch: Partial<ExploreState>, options: { replace?: boolean } = {}) => {
      setParams((current) => toSearchParams({ ...parseExplore(current), ...patch }), {
        replace: options.replace ?? false,
        preventScrollReset: true,
      });
    },
    [setParams],
  );
  return [state, update] as const;
}
