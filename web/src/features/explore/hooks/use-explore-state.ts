import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigation, useSearchParams } from 'react-router';
import { parseExplore, toSearchParams, type ExploreState } from '../url-state';

/**
 * Explore's state lives in the URL. Filter changes push a history entry (Back undoes them);
 * map moves replace the current one so Back does not replay every pan.
 */
export function useExploreState() {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseExplore(params), [params]);
  // A map move that settles while the user is already on the way to another page (its code
  // still loading) must not write Explore's URL: that navigation would cancel theirs.
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const leaving = useRef(false);
  const isLeaving = navigation.state !== 'idle' && navigation.location.pathname !== pathname;
  useLayoutEffect(() => {
    leaving.current = isLeaving;
  }, [isLeaving]);
  const update = useCallback(
    (patch: Partial<ExploreState>, options: { replace?: boolean } = {}) => {
      if (options.replace && leaving.current) return;
      setParams((current) => toSearchParams({ ...parseExplore(current), ...patch }), {
        replace: options.replace ?? false,
        preventScrollReset: true,
      });
    },
    [setParams],
  );
  return [state, update] as const;
}
