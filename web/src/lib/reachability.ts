import { onlineManager } from '@tanstack/query-core';

export { offlineCause } from './offline-cause.ts';

/**
 * Whether the app can reach its server, as the one online state every query, the outbox and the
 * offline banner read (TanStack's `onlineManager`; decisions 284, 390).
 *
 * `navigator.onLine` says only whether the device has a network interface up: a captive portal or
 * a dead cell connection reports online, and a document a service worker serves may report online
 * although the connection is off (Chromium 150). So the app learns from its own requests instead:
 * a request that fails for lack of network asks the server directly (`probe`); if that fails too,
 * the app is offline, and it keeps asking — sooner when the browser says the network is back or the
 * page is shown again — until an answer comes. Any answer from the server, of any status, means
 * online, unless the request was sent before the browser last said it went offline (its answer
 * says nothing about the connection now). The browser's `offline` event is still believed.
 */
export interface Reachability {
  /** A request sent at `sentAt` (performance.now()) got an answer (any status). */
  answered(sentAt?: number): void;
  /**
   * A request sent at `sentAt` failed without an answer (network error or timeout); resolves to
   * whether the server is reachable, once that is known.
   */
  failed(sentAt?: number): Promise<boolean>;
  /** Asks the server now, and resolves to whether it answered. */
  check(): Promise<boolean>;
  /** Resolves when the app is online again (at once if it is). */
  whenOnline(): Promise<void>;
}

export interface ReachabilityOptions {
  /** Resolves to true when the server answers (any status), false when it cannot be reached. */
  probe: () => Promise<boolean>;
  /** Pauses between probes while offline (ms); the last repeats. */
  retryAfter?: readonly number[];
  /** The clock `sentAt` is read on (performance.now() in the app). */
  now?: () => number;
}

const defaultRetryAfter = [2_000, 4_000, 8_000, 15_000];

export function whenOnline(): Promise<void> {
  return new Promise((resolve) => {
    if (onlineManager.isOnline()) return resolve();
    const stop = onlineManager.subscribe((online) => {
      if (!online) return;
      stop();
      resolve();
    });
  });
}

export function createReachability({
  probe,
  retryAfter = defaultRetryAfter,
  now = () => performance.now(),
}: ReachabilityOptions): Reachability & {
  /** The browser's `online` event, or the page shown again. */
  browserOnline(): void;
  /** The browser's `offline` event, or a page the service worker served from the device (no network). */
  browserOffline(): void;
} {
  let probing: Promise<boolean> | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let misses = 0;
  /** When the browser last said it went offline; answers to requests sent before say nothing about now. */
  let offlineSince = Number.NEGATIVE_INFINITY;

  const setOnline = (online: boolean) => {
    if (online) {
      misses = 0;
      clearTimeout(timer);
      timer = undefined;
    }
    if (onlineManager.isOnline() !== online) onlineManager.setOnline(online);
  };

  const scheduleProbe = () => {
    if (timer !== undefined) return;
    const delay = retryAfter[Math.min(misses, retryAfter.length - 1)] ?? 15_000;
    misses += 1;
    timer = setTimeout(() => {
      timer = undefined;
      void check();
    }, delay);
  };

  const check = (): Promise<boolean> =>
    (probing ??= probe()
      .catch(() => false)
      .then((reachable) => {
        probing = null;
        setOnline(reachable);
        if (!reachable) scheduleProbe();
        return reachable;
      }));

  const stale = (sentAt: number | undefined) => sentAt !== undefined && sentAt < offlineSince;

  return {
    answered: (sentAt) => {
      if (!stale(sentAt)) setOnline(true);
    },
    // Offline already, the probes on their schedule tell when it is back; a probe under way is
    // shared, so every caller learns the same verdict.
    failed: (sentAt) => {
      if (probing) return probing;
      if (onlineManager.isOnline() && !stale(sentAt)) return check();
      return Promise.resolve(onlineManager.isOnline());
    },
    check,
    whenOnline,
    browserOnline: () => {
      if (!onlineManager.isOnline()) void check();
    },
    browserOffline: () => {
      offlineSince = now();
      setOnline(false);
      scheduleProbe();
    },
  };
}

let current: ReturnType<typeof createReachability> = createReachability({ probe: () => Promise.resolve(true) });

/**
 * Makes `reachability` ask the server with `probe`, and hands the online state's browser events to
 * it instead of TanStack's default (which believes the `online` event). `startOffline`: the page
 * itself came from the device because the network did not answer (the service worker says so).
 */
export function startReachability(options: ReachabilityOptions & { startOffline?: boolean }): void {
  current = createReachability(options);
  if (options.startOffline || (typeof navigator !== 'undefined' && navigator.onLine === false)) current.browserOffline();
  onlineManager.setEventListener(() => {
    if (typeof window === 'undefined') return undefined;
    const online = () => current.browserOnline();
    const offline = () => current.browserOffline();
    const shown = () => {
      if (document.visibilityState === 'visible') online();
    };
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    document.addEventListener('visibilitychange', shown);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
      document.removeEventListener('visibilitychange', shown);
    };
  });
}

/** The app's reachability (a stand-in that always reaches the server until `startReachability`). */
export const reachability: Reachability = {
  answered: (sentAt) => current.answered(sentAt),
  failed: (sentAt) => current.failed(sentAt),
  check: () => current.check(),
  whenOnline,
};

/** Whether a failed fetch failed for lack of an answer (not because its caller gave up on it). */
export function isUnanswered(error: unknown): boolean {
  if (error instanceof DOMException) return error.name === 'TimeoutError' || error.name === 'NetworkError';
  return error instanceof TypeError;
}
