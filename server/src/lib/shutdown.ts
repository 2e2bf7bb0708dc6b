import type { Server, ServerResponse } from 'node:http';

export interface InFlight {
  count(): number;
  /** From now on every answer, those being prepared included, ends its connection. */
  endKeepAlive(): void;
  /** Resolves when no request is being answered. */
  idle(): Promise<void>;
}

/**
 * Counts the requests being answered. While `draining`, each answer ends its connection
 * (`Connection: close`), so a keep-alive client opens its next request elsewhere.
 */
export function trackInFlight(server: Server, draining: () => boolean): InFlight {
  const responses = new Set<ServerResponse>();
  let waiters: Array<() => void> = [];
  server.on('request', (_request, response) => {
    responses.add(response);
    if (draining()) response.shouldKeepAlive = false;
    response.once('close', () => {
      responses.delete(response);
      if (responses.size === 0) {
        for (const wake of waiters) wake();
        waiters = [];
      }
    });
  });
  return {
    count: () => responses.size,
    endKeepAlive: () => {
      for (const response of responses) if (!response.headersSent) response.shouldKeepAlive = false;
    },
    idle: () => (responses.size === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve))),
  };
}

/**
 * After server.close() (no new connections): idle keep-alive connections are closed now, the
 * requests in flight get up to `timeoutMs` to finish, then every connection left is cut.
 */
export async function drainHttp(server: Server, inFlight: InFlight, timeoutMs: number): Promise<void> {
  inFlight.endKeepAlive();
  server.closeIdleConnections();
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([inFlight.idle(), new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
  clearTimeout(timer);
  server.closeAllConnections();
}
