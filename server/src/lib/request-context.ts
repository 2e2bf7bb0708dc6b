import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';

/**
 * What the envelope (decision 300) learned about a request before any service saw it, kept
 * beside Node's request: services read the client's address and the body from here, never
 * from the socket or the raw stream, so a route cannot bypass the proxy rules or the limits.
 */
export interface RequestContext {
  /** The client's address: the socket peer, or `X-Forwarded-For`'s client when the peer is a trusted proxy. */
  clientAddress: string;
  /** True when a proxy stands between the client and this server (a trusted peer, or forwarding headers). */
  viaProxy: boolean;
  /** The body, read within the route's limit (routes with a buffered body). */
  body: Buffer | null;
  /** The body as a stream cut at the route's limit (routes with a streamed body); made on first use. */
  bodyStream: (() => Readable) | null;
  /** Set when the envelope cut a streamed body at its limit: the rest is being discarded, the connection will be closed. */
  bodyCut: boolean;
}

const contexts = new WeakMap<IncomingMessage, RequestContext>();

export function setRequestContext(incoming: IncomingMessage, context: RequestContext): void {
  contexts.set(incoming, context);
}

/** The envelope's view of a request; a request that did not come through it is a programming error. */
export function requestContext(incoming: IncomingMessage): RequestContext {
  const context = contexts.get(incoming);
  if (!context) throw new Error('the request did not pass the envelope');
  return context;
}

/** The client's address (rate limits, the embedded database's fair turns). */
export function clientAddressOf(incoming: IncomingMessage | undefined): string {
  return (incoming && contexts.get(incoming)?.clientAddress) ?? 'unknown';
}

/** The buffered body of a route that declared one (empty for a request without a body). */
export function bufferedBody(incoming: IncomingMessage): Buffer {
  return requestContext(incoming).body ?? Buffer.alloc(0);
}

/** The streamed body of a route that declared `uploadBody`: it errors with BodyTooLargeError past the limit. */
export function streamedBody(incoming: IncomingMessage): Readable {
  const make = requestContext(incoming).bodyStream;
  if (!make) throw new Error('this route did not declare a streamed body');
  return make();
}

/** True when the envelope cut the request's body at its limit (nothing more to drain before answering). */
export function bodyWasCut(incoming: IncomingMessage): boolean {
  return contexts.get(incoming)?.bodyCut ?? false;
}
