import { useCallback, useMemo } from 'react';
import { useLeavingPage } from '@/lib/live-router';
import { useSearchUpdate } from '@/lib/url-search';
import { parseExplore, toSearchParams, type ExploreState } from '../url-state';

/**
 * Explore's state lives in the URL. Filter changes push a history entry (Back undoes them);
 * map moves replace the current one so Back does not replay every pan. Each change applies to
 * the changes made before it, even those the page has not rendered yet.
 */
export function useExploreState() {
  const [params, updateSearch] = useSearchUpdate();
  const state = useMemo(() => parseExplore(params), [params]);
  // A map move that settles while the user is already on the way to another page (its code
  // still loading) must not write Explore's URL: that navigation would cancel theirs.
  const leaving = useLeavingPage();
  const update = useCallback(
    (patch: Partial<ExploreState>, options: { replace?: boolean } = {}) => {
      if (options.replace && leaving()) return;
      updateSearch((latest) => toSearchParams({ ...parseExplore(latest), ...patch }), {
        replace: options.replace ?? false,
        preventScrollReset: true,
      });
    },
    [updateSearch, leaving],
  );
  return [state, update] as const;
}
