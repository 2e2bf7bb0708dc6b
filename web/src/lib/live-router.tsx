import { createContext, use, useCallback } from 'react';
import { useLocation, type DataRouter } from 'react-router';

/** The app's router itself (main.tsx provides it), for what it is doing now rather than what React last rendered. */
export const LiveRouterContext = createContext<DataRouter | null>(null);

/**
 * Whether the router is on its way to another page (that page's code or data still loading).
 * `useNavigation()` tells what React last rendered, and the router's updates render as
 * transitions: a tap on a link a moment ago may not be rendered yet, and a write of this page's
 * URL meanwhile would cancel that navigation.
 */
export function useLeavingPage(): () => boolean {
  const router = use(LiveRouterContext);
  if (!router) throw new Error('useLeavingPage needs the LiveRouterContext that main.tsx provides');
  const { pathname } = useLocation();
  return useCallback(() => {
    const { navigation } = router.state;
    return navigation.state !== 'idle' && navigation.location.pathname !== pathname;
  }, [router, pathname]);
}
