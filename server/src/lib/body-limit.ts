import type { IncomingMessage } from 'node:http';

/** A request body over the configured limit (decision 102); each service renders it in its own shape. */
export class BodyTooLargeError extends Error {
  readonly limit: number;
  constructor(limit: number) {
    super(`request body over ${limit} bytes`);
    this.name = 'BodyTooLargeError';
    this.limit = limit;
  }
}

/**
 * Reads a request body of at most `limit` bytes, before anything parses it: a declared
 * Content-Length over the limit is refused without reading a byte, and a chunked body is
 * counted as it arrives and refused at the first byte past the limit. The rest of a refused
 * body is discarded as it arrives (never buffered) while the answer goes out, then the
 * connection is cut (`discardThenCut`): closing at once would make the sender's kernel reset
 * the connection and lose the 413 it has not read yet.
 */
export function readBodyWithin(incoming: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = incoming.headers['content-length'];
  if (declared !== undefined && Number(declared) > limit) {
    discardThenCut(incoming);
    return Promise.reject(new BodyTooLargeError(limit));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const cleanup = () => {
      incoming.off('data', onData);
      incoming.off('end', onEnd);
      incoming.off('error', onError);
      incoming.off('close', onClose);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) {
        chunks.push(chunk);
        return;
      }
      cleanup();
      chunks.length = 0;
      discardThenCut(incoming);
      reject(new BodyTooLargeError(limit));
    };
    const onEnd = () => {
      cleanup();
      resolve(chunks.length === 1 && chunks[0] ? chunks[0] : Buffer.concat(chunks));
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    const onClose = () => {
      cleanup();
      reject(new Error('the request was aborted'));
    };
    incoming.on('data', onData);
    incoming.on('end', onEnd);
    incoming.on('error', onError);
    incoming.on('close', onClose);
  });
}

/** How long a refused body may keep arriving (discarded) before its connection is cut. */
const refusedBodyGraceMs = 2000;

/** Flowing with no listener, what still arrives is dropped; a sender still going after the grace period is cut off. */
export function discardThenCut(incoming: IncomingMessage): void {
  incoming.resume();
  if (incoming.readableEnded) return;
  // An injected request (no socket, light-my-request) has nothing to cut.
  const timer = setTimeout(
    () => (typeof incoming.socket?.destroy === 'function' ? incoming.socket.destroy() : undefined),
    refusedBodyGraceMs,
  );
  timer.unref();
  incoming.once('end', () => clearTimeout(timer));
  incoming.once('close', () => clearTimeout(timer));
}
