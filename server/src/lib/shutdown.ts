import type { Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export interface InFlight {
  count(): number;
  /**
   * The shutdown begins: call it in the same synchronous step as `server.close()`, before the
   * shutdown awaits anything, or an answer written meanwhile keeps its connection. From then on
   * every answer not yet started, and every request still to come on a kept-alive connection,
   * ends its connection (`Connection: close`); an answer whose headers already went out with
   * keep-alive has its connection closed once it ends; idle connections close now.
   */
  beginDrain(): void;
  /** Resolves when no request is being answered. */
  idle(): Promise<void>;
}

/** Counts the requests being answered, and ends their connections once a drain began. */
export function trackInFlight(server: Server): InFlight {
  const responses = new Set<ServerResponse>();
  let draining = false;
  let waiters: Array<() => void> = [];
  /** Whether a request on `socket` (one pipelined behind another, say) is still being answered. */
  const answering = (socket: Socket): boolean => {
    for (const response of responses) if (response.req.socket === socket) return true;
    return false;
  };
  server.on('request', (request, response) => {
    const { socket } = request;
    responses.add(response);
    if (draining) response.shouldKeepAlive = false;
    response.once('close', () => {
      responses.delete(response);
      // An answer started before the drain said keep-alive: its connection ends after it (end(),
      // not destroy(): whatever the socket still buffers goes out first).
      if (draining && !socket.destroyed && !answering(socket)) socket.end();
      if (responses.size === 0) {
        for (const wake of waiters) wake();
        waiters = [];
      }
    });
  });
  return {
    count: () => responses.size,
    beginDrain: () => {
      draining = true;
      for (const response of responses) if (!response.headersSent) response.shouldKeepAlive = false;
      server.closeIdleConnections();
    },
    idle: () => (responses.size === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve))),
  };
}

/**
 * After server.close() and `beginDrain()`: the requests in flight get up to `timeoutMs` to
 * finish, then every connection left is cut.
 */
export async function drainHttp(server: Server, inFlight: InFlight, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([inFlight.idle(), new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
  clearTimeout(timer);
  server.closeAllConnections();
}
