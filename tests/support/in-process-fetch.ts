/** What the envelope's in-process entry takes: a Fetch request, and the address it comes from. */
export type Inject = (request: Request, clientAddress?: string) => Promise<Response>;

const redirectStatuses = new Set([301, 302, 303, 307, 308]);

/**
 * A `fetch` for a server booted without a socket: requests to `origin` go into the envelope
 * (`BootedServer.inject`, decision 300) and never touch the network; any other URL (a provider a
 * test runs on a port of its own) goes to the real `fetch`. Redirects are followed as `fetch`
 * follows them — at most 20, a 303 (or a 301/302 after POST) becomes a GET without a body —
 * unless the request says `redirect: 'manual'`, which hands the 3xx back as it is.
 */
export function inProcessFetch(inject: Inject, origin: string): typeof fetch {
  const send = (request: Request) => (new URL(request.url).origin === origin ? inject(request) : fetch(request));
  return async (input, init) => {
    let request = new Request(input, init);
    const manual = request.redirect === 'manual';
    for (let hops = 0; ; hops += 1) {
      const replay = request.body === null ? null : request.clone();
      const response = await send(request);
      const location = response.headers.get('location');
      if (manual || !redirectStatuses.has(response.status) || location === null) return response;
      if (request.redirect === 'error' || hops === 20) throw new TypeError('fetch failed: redirect');
      const toGet = response.status === 303 || ((response.status === 301 || response.status === 302) && request.method === 'POST');
      const headers = new Headers(request.headers);
      if (toGet) for (const name of ['content-type', 'content-length', 'content-encoding', 'content-language']) headers.delete(name);
      const body = toGet || replay === null ? null : await replay.arrayBuffer();
      request = new Request(new URL(location, request.url), {
        method: toGet && request.method !== 'HEAD' ? 'GET' : request.method,
        headers,
        body,
        redirect: request.redirect,
        signal: request.signal,
      });
    }
  };
}
