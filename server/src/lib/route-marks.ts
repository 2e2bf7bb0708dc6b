import type { MiddlewareHandler } from 'hono';
import type { AppEnv, BodyKind } from './service.ts';

export type { BodyKind };

/**
 * What a route declares to the envelope (decision 300), as a no-op middleware placed before its
 * handler: `routes.post('/signup', jsonBody, handler)`. The envelope finds the marks of the
 * route a request matches in the router itself, before the route runs, and applies them.
 *
 * - no mark: the route reads no body; the envelope reads up to a few kilobytes and refuses more.
 * - `jsonBody`: a body the route reads whole (JSON, a form), buffered by the envelope within the
 *   service's limit from the envelope's table.
 * - `uploadBody`: a body the route streams (storage uploads), cut by the envelope at the
 *   service's upload limit; read it with `streamedBody()`.
 * - `localOnly`: a page for this machine's browser only: a loopback `Host`, no proxy, no CORS.
 */
export interface RouteMarks {
  body?: Exclude<BodyKind, 'none'>;
  local?: true;
}

const marksKey = Symbol('pinstar.routeMarks');

type Marked = MiddlewareHandler<AppEnv> & { [marksKey]?: RouteMarks };

function mark(marks: RouteMarks): MiddlewareHandler<AppEnv> {
  const middleware: Marked = async (_c, next) => {
    await next();
  };
  middleware[marksKey] = marks;
  return middleware;
}

export const jsonBody = mark({ body: 'json' });
export const uploadBody = mark({ body: 'upload' });
export const localOnly = mark({ local: true });

/** Hono keeps the handler of a sub-app with its own error handler under this key (hono `COMPOSED_HANDLER`). */
const composedHandler = '__COMPOSED_HANDLER';

/** The marks a handler carries (unwrapping the wrappers `app.route()` puts around a sub-app's handlers). */
export function marksOf(handler: unknown): RouteMarks | undefined {
  return (original(handler) as Marked | undefined)?.[marksKey];
}

/** Unwraps what `app.route()` puts around a sub-app's handler when the sub-app has its own error handler. */
function original(handler: unknown): unknown {
  let current = handler;
  for (let depth = 0; depth < 8 && typeof current === 'function'; depth++) {
    const inner = (current as unknown as Record<string, unknown>)[composedHandler];
    if (typeof inner !== 'function') return current;
    current = inner;
  }
  return current;
}

/** A handler that answers (takes only the context), not a middleware that calls `next`. */
export function answers(handler: unknown): boolean {
  const fn = original(handler);
  return typeof fn === 'function' && fn.length < 2;
}
