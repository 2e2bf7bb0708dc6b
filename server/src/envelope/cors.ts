/**
 * CORS as hosted Supabase's gateway answers it: Kong's `cors` plugin with its defaults on every
 * API route (supabase/cli `internal/start/templates/kong.yml`, supabase/supabase
 * `docker/volumes/api/kong.yml`; Kong `plugins/cors/handler.lua`): any origin as `*`, never
 * with credentials, so no page on another origin reads an answer made with the visitor's
 * cookies. A preflight (OPTIONS with `Origin` and `Access-Control-Request-Method`) is answered
 * 200 by the gateway with the requested headers reflected and Kong's method list.
 */

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

/** Kong's default `methods`. */
const allowMethods = 'GET,HEAD,PUT,PATCH,POST,DELETE,OPTIONS,TRACE,CONNECT';

/** What the gateway adds to every answer of an API route. */
export const gatewayCorsHeaders: readonly string[] = ['Access-Control-Allow-Origin', '*', 'Access-Control-Expose-Headers', exposeHeaders];

/** Kong answers a preflight itself: OPTIONS with an `Origin` and `Access-Control-Request-Method`. */
export function isPreflight(method: string, origin: string | null, requestMethod: string | null): boolean {
  return method === 'OPTIONS' && !!origin && !!requestMethod;
}

/** The preflight's answer headers: the requested headers reflected (none asked, none sent). */
export function preflightHeaders(requestHeaders: string | null): string[] {
  const headers = ['Access-Control-Allow-Origin', '*', 'Access-Control-Allow-Methods', allowMethods];
  if (requestHeaders) headers.push('Access-Control-Allow-Headers', requestHeaders);
  return headers;
}
