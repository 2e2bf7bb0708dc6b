import inject from 'light-my-request';
import type { NodeHandler } from './envelope.ts';

/** Statuses whose answer has no body (a `Response` refuses one). */
const nullBodyStatuses = new Set([101, 103, 204, 205, 304]);

/**
 * The envelope without a socket (decision 300): a Fetch `Request` from `clientAddress` goes
 * through the same Node-level function a socket's request does (light-my-request builds the
 * Node request and response objects), so in-process tests meet every guard — host policy, CORS,
 * body limits, the local-only pages — that a client over the network meets. The body is sent
 * whole with its length (as a client that knows it would); chunked bodies need a socket.
 */
export async function injectRequest(listener: NodeHandler, request: Request, clientAddress = '127.0.0.1'): Promise<Response> {
  const url = new URL(request.url);
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    headers[name] = value;
  });
  headers.host ??= url.host;
  const payload = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
  const answer = await inject(listener, {
    method: request.method,
    url: `${url.pathname}${url.search}`,
    headers,
    remoteAddress: clientAddress,
    ...(payload ? { payload } : {}),
  });
  const responseHeaders = new Headers();
  for (const [name, value] of Object.entries(answer.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) responseHeaders.append(name, String(item));
  }
  const body = nullBodyStatuses.has(answer.statusCode) || request.method === 'HEAD' ? null : new Uint8Array(answer.rawPayload);
  return new Response(body, { status: answer.statusCode, statusText: answer.statusMessage, headers: responseHeaders });
}
