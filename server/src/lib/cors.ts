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

/** CORS as hosted: any origin, preflight answered with the requested headers reflected. */
export function cors(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const origin = c.req.header('origin');
    if (c.req.method === 'OPTIONS' && c.req.header('access-control-request-method')) {
      return new Response(null, {
        status: 204,
        headers: {
          'Access-Control-Allow-Origin': origin ?? '*',
          'Access-Control-Allow-Credentials': 'true',
          'Access-Control-Allow-Methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
          'Access-Control-Allow-Headers': c.req.header('access-control-request-headers') ?? defaultAllowHeaders,
          'Access-Control-Max-Age': '86400',
          Vary: 'Origin',
        },
      });
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
