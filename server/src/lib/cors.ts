import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './service.ts';

/** Headers supabase-js reads from responses (contracts §1.5: PostgREST's list plus GoTrue's and functions'). */
const exposeHeaders = [
  'Content-Encoding',
  'Content-Location',
  'Content-Range',
  'Content-Type',
  'Date',
  'Location',
  'Server',
  'Transfer-Encoding',
  'Range-Unit',
  'X-Total-Count',
  'Link',
  'X-Supabase-Api-Version',
  'x-relay-error',
  'Preference-Applied',
  'ETag',
  'Content-Disposition',
  // Resumable (TUS) uploads: browser clients read these to resume.
  'Upload-Offset',
  'Upload-Length',
  'Tus-Resumable',
  'Tus-Version',
  'Tus-Extension',
  'Tus-Max-Size',
].join(', ');

const defaultAllowHeaders =
  'authorization, apikey, x-client-info, content-type, accept, accept-profile, content-profile, prefer, range, x-retry-count, x-supabase-api-version, x-upsert, cache-control, x-metadata, x-region';

/** A preflight's answer headers: any origin, the requested headers reflected. */
export function preflightHeaders(origin: string | null | undefined, requestHeaders: string | null | undefined): Record<string, string> {
  return {
    'Access-Control-Allow-Origin': origin ?? '*',
    'Access-Control-Allow-Credentials': 'true',
    'Access-Control-Allow-Methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
    'Access-Control-Allow-Headers': requestHeaders ?? defaultAllowHeaders,
    'Access-Control-Max-Age': '86400',
    Vary: 'Origin',
  };
}

/** Whether a request is a CORS preflight (answered before any route). */
export function isPreflight(method: string, requestMethod: string | null | undefined): boolean {
  return method === 'OPTIONS' && !!requestMethod;
}

const anyOrigin = ['Access-Control-Allow-Origin', '*', 'Access-Control-Expose-Headers', exposeHeaders];

/**
 * What CORS adds to every other answer, appended to a flat name/value list (Node's `writeHead`
 * form) as the middleware sets them on a `Response`: the two it sets replace any of the answer's own.
 */
export function addCorsHeaders(list: string[], origin: string | null | undefined): string[] {
  for (let i = list.length - 2; i >= 0; i -= 2) {
    const name = (list[i] as string).toLowerCase();
    if (
      name === 'access-control-allow-origin' ||
      name === 'access-control-expose-headers' ||
      (origin && name === 'access-control-allow-credentials')
    ) {
      list.splice(i, 2);
    }
  }
  if (origin === null || origin === undefined) {
    for (const item of anyOrigin) list.push(item);
    return list;
  }
  list.push('Access-Control-Allow-Origin', origin, 'Access-Control-Expose-Headers', exposeHeaders);
  if (origin) list.push('Access-Control-Allow-Credentials', 'true', 'Vary', 'Origin');
  return list;
}

/** CORS as hosted: any origin, preflight answered with the requested headers reflected. */
export function cors(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const origin = c.req.header('origin');
    if (isPreflight(c.req.method, c.req.header('access-control-request-method'))) {
      return new Response(null, { status: 204, headers: preflightHeaders(origin, c.req.header('access-control-request-headers')) });
    }
    await next();
    c.res.headers.set('Access-Control-Allow-Origin', origin ?? '*');
    c.res.headers.set('Access-Control-Expose-Headers', exposeHeaders);
    if (origin) {
      c.res.headers.set('Access-Control-Allow-Credentials', 'true');
      c.res.headers.append('Vary', 'Origin');
    }
  };
}
