import { onlineManager } from '@tanstack/react-query';
import {
  createContext,
  createElement,
  lazy,
  useContext,
  type ComponentProps,
  type ComponentType,
  type JSXElementConstructor,
  type LazyExoticComponent,
} from 'react';
import { reachability, whenOnline } from './reachability.ts';

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Loads code on demand, through a dropped connection (decisions 279, 284). A fetch that fails asks
 * whether the server can be reached at all (lib/reachability); offline, it waits for the connection
 * and is made again. Online, a failure is tried again after each of `retryAfter` (ms), then rejects.
 */
export async function loadWhenOnline<T>(load: () => Promise<T>, retryAfter: readonly number[] = [1000, 3000]): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await load();
    } catch (error) {
      if (onlineManager.isOnline()) await reachability.failed();
      if (!onlineManager.isOnline()) await whenOnline();
      else if (attempt < retryAfter.length) await pause(retryAfter[attempt] ?? 0);
      else throw error;
    }
  }
}

/** The module a failed dynamic import names (Chromium: "Failed to fetch dynamically imported module: <url>"), when it is of this origin. */
export function failedModuleUrl(error: unknown): URL | null {
  if (!(error instanceof Error)) return null;
  const named = /\b([a-z][a-z\d+.-]*:\/\/\S+?\.m?js)(?:\?\S*)?(?=\s|$)/.exec(error.message)?.[1];
  if (!named || typeof location === 'undefined') return null;
  const url = new URL(named);
  return url.origin === location.origin ? url : null;
}

/**
 * One load shared by every caller until it succeeds; after a failure the next call loads anew.
 */
export function sharedLoad<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    }));
}

/**
 * An on-demand import whose failure does not stick (decision 284): a browser may keep a failed
 * module import for the document's life and answer the same URL with the same failure without
 * fetching (Chromium 150, as the HTML standard's module map allows), so after a failure the
 * module is imported under a URL the browser has not seen — the same file with a query of its
 * own. Shared as `sharedLoad` is, so the callers of one module get one instance of it. Only for
 * a module nothing imports statically: under another URL it is another instance of its code.
 */
export function importAnew<M>(load: () => Promise<M>): () => Promise<M> {
  let failed: URL | null = null;
  let attempt = 0;
  return sharedLoad(async () => {
    try {
      if (!failed) return await load();
      const url = new URL(failed);
      attempt += 1;
      url.searchParams.set('attempt', String(attempt));
      return (await import(/* @vite-ignore */ url.href)) as M;
    } catch (error: unknown) {
      failed = failedModuleUrl(error) ?? failed;
      throw error;
    }
  });
}

/**
 * Which "Try again" of the nearest section boundary this is (`SectionBoundary` counts them); a
 * component whose code failed to load loads anew when it changes.
 */
export const LoadAttempt = createContext(0);

/**
 * `React.lazy` for the app's on-demand components: the code loads through `loadWhenOnline`, so a
 * section whose code was still coming when the connection dropped shows its fallback until it is
 * back instead of failing. If loading fails for good, the error reaches the nearest boundary, and
 * that boundary's "Try again" loads anew; React's own lazy would keep the failure.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as React's own lazy: any props
export function lazyComponent<T extends JSXElementConstructor<any>>(load: () => Promise<{ default: T }>): ComponentType<ComponentProps<T>> {
  let current: { component: LazyExoticComponent<T>; attempt: number; failed: boolean };
  const start = (attempt: number) => {
    const started = {
      attempt,
      failed: false,
      component: lazy(() =>
        loadWhenOnline(load).catch((error: unknown) => {
          started.failed = true;
          throw error;
        }),
      ),
    };
    current = started;
  };
  start(0);
  function OnDemand(props: ComponentProps<T>) {
    // React renders a failed component again to hand its error to the boundary: only a new attempt loads anew.
    const attempt = useContext(LoadAttempt);
    if (current.failed && current.attempt !== attempt) start(attempt);
    return createElement(current.component, props);
  }
  return OnDemand;
}
