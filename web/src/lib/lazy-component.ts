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

/** Resolves when the browser is online again (at once if it is). */
function whenOnline(): Promise<void> {
  return new Promise((resolve) => {
    if (onlineManager.isOnline()) return resolve();
    const stop = onlineManager.subscribe((online) => {
      if (!online) return;
      stop();
      resolve();
    });
  });
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Loads code on demand, through a dropped connection (decision 279). A fetch that fails while the
 * browser is offline waits for the connection and is made again — browsers keep no failed module
 * fetch, so the same import fetches anew. Online, a failure is tried again after each of `retryAfter`
 * (ms; the connection may have dropped before the browser noticed), then rejects.
 */
export async function loadWhenOnline<T>(load: () => Promise<T>, retryAfter: readonly number[] = [1000, 3000]): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await load();
    } catch (error) {
      if (!onlineManager.isOnline()) await whenOnline();
      else if (attempt < retryAfter.length) await pause(retryAfter[attempt] ?? 0);
      else throw error;
    }
  }
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
