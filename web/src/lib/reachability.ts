import { onlineManager } from '@tanstack/query-core';

/**
 * Whether the app can reach its server, as the one online state every query, the outbox and the
 * offline banner read (TanStack's `onlineManager`; decision 284).
 *
 * `navigator.onLine` says only whether the device has a network interface up: a captive portal or
 * a dead cell connection reports online, and a document a service worker serves may report online
 * although the connection is off (Chromium 150). So the app learns from its own requests instead:
 * a request that fails for lack of network asks the server directly (`probe`); if that fails too,
 * the app is offline, and it keeps asking — sooner when the browser says the network is back or the
 * page is shown again — until an answer comes. Any answer from the server, of any status, means
 * online. The browser's `offline` event is still believed: a device without a network is offline.
 */
export interface Reachability {
  /** A request to the server got an answer (any status). */
  answered(): void;
  /** A request failed without an answer (network error or timeout); resolves to whether the server is reachable. */
  failed(): Promise<boolean>;
  /** Asks the server now, and resolves to whether it answered. */
  check(): Promise<boolean>;
}

export interface ReachabilityOptions {
  /** Resolves to true when the server answers (any status), false when it cannot be reached. */
  probe: () => Promise<boolean>;
  /** Pauses between probes while offline (ms); the last repeats. */
  retryAfter?: readonly number[];
}

const defaultRetryAfter = [2_000, 4_000, 8_000, 15_000];

export function createReachability({ probe, retryAfter = defaultRetryAfter }: ReachabilityOptions): Reachability & {
  /** The browser's `online` / `offline` events, page shown again. */
  browserOnline(): void;
  browserOffline(): void;
} {
  let probing: Promise<boolean> | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let misses = 0;

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

  return {
    answered: () => setOnline(true),
    // Offline already, the probes on their schedule tell when it is back.
    failed: () => (onlineManager.isOnline() ? check() : Promise.resolve(false)),
    check,
    browserOnline: () => {
      if (!onlineManager.isOnline()) void check();
    },
    browserOffline: () => {
      setOnline(false);
      scheduleProbe();
    },
  };
}

let current: ReturnType<typeof createReachability> = createReachability({ probe: () => Promise.resolve(true) });

/**
 * Makes `reachability` ask the server with `probe`, and hands the online state's browser events to
 * it instead of TanStack's default (which believes the `online` event).
 */
export function startReachability(options: ReachabilityOptions): void {
  current = createReachability(options);
  if (typeof navigator !== 'undefined' && navigator.onLine === false) current.browserOffline();
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
  answered: () => current.answered(),
  failed: () => current.failed(),
  check: () => current.check(),
};

/** Whether a failed fetch failed for lack of an answer (not because its caller gave up on it). */
export function isUnanswered(error: unknown): boolean {
  if (error instanceof DOMException) return error.name === 'TimeoutError' || error.name === 'NetworkError';
  return error instanceof TypeError;
}
