import { Hono } from 'hono';
import { isDbError } from '../../db/errors.ts';
import { tomlValue } from '../../lib/config.ts';
import { bufferedBody } from '../../lib/request-context.ts';
import type { AppEnv, Service } from '../../lib/service.ts';
import type { ServiceDeps } from '../service-deps.ts';
import { DbConfig } from './db-config.ts';
import { errors, fromDbError, RestError } from './errors.ts';
import { handleRead } from './handle/read.ts';
import type { RestDeps } from './handle/rest-deps.ts';
import { handleRpc } from './handle/rpc.ts';
import { handleWrite } from './handle/write.ts';
import { createOpenApiRoot } from './openapi.ts';
import { mustAcceptContentType } from './parse/content-type.ts';
import { serialReloader } from './reloader.ts';
import { readRestRequest, type RestHttpRequest, type RestRequest } from './request.ts';
import { headerList, respond, respondError, toResponse, type RestAnswer } from './respond.ts';
import { SchemaCache } from './schema-cache.ts';

const prefix = '/rest/v1';

/** Hosted Supabase's PostgREST settings (CLI `start.go`): max rows 1000, schemas from `[api]`. */
function restSettings(deps: ServiceDeps): { schemas: string[]; maxRows: number; extraSearchPath: string[] } {
  const schemas = tomlValue(deps.config.toml, 'api.schemas', ['public', 'graphql_public']).filter(
    (s): s is string => typeof s === 'string',
  );
  const maxRows = tomlValue(deps.config.toml, 'api.max_rows', 1000);
  const extra = tomlValue(deps.config.toml, 'api.extra_search_path', ['public', 'extensions']).filter(
    (s): s is string => typeof s === 'string',
  );
  return { schemas: schemas.length > 0 ? schemas : ['public'], maxRows: maxRows > 0 ? maxRows : 1000, extraSearchPath: extra };
}

/** PostgREST at /rest/v1, as Supabase runs it (PostgREST `App.hs`). */
export function createRestService(deps: ServiceDeps): Service {
  const routes = new Hono<AppEnv>();
  const settings = restSettings(deps);
  // PostgREST's in-database configuration (decision 029), read at start and on `reload config`.
  const dbConfig = new DbConfig(deps.db, settings, deps.log);
  const openApiRoot = createOpenApiRoot(deps, settings.schemas);
  let cache: SchemaCache | null = null;
  let unlisten: (() => Promise<void>) | null = null;
  const schemaCache = serialReloader(async () => {
    try {
      cache = await SchemaCache.load(deps.db, settings.schemas);
      // Statements prepared against the old schema may carry stale parameter types (decision 260).
      deps.db.forgetPrepared?.();
    } catch (error: unknown) {
      deps.log.error('rest: loading the schema cache failed', error);
    }
  });
  const reload = schemaCache.reload;

  /** One request from its parts, whichever way it arrived; errors of the catalogue become answers, others are thrown. */
  async function answer(request: RestHttpRequest, path: string, bytes: Buffer): Promise<RestAnswer> {
    let ctx: RestRequest | null = null;
    try {
      // Read by the envelope within the limit before anything else, key checks included (decisions 102, 300).
      const body = bodyMethods.has(request.method) ? bytes.toString('utf8') : '';
      const config = dbConfig.current;
      const read = readRestRequest(deps.keys, settings.schemas, request, path, config.extraSearchPath);
      ctx = read instanceof Promise ? await read : read;
      if (!cache) await reload();
      if (!cache) throw errors.noSchemaCache();
      if (path === '/') return await openApiRoot(ctx, cache, request);
      const restDeps: RestDeps = { db: deps.db, cache, config };
      return await route(restDeps, ctx, body);
    } catch (error: unknown) {
      const head = request.method === 'HEAD';
      if (error instanceof RestError) return respondError(error, head);
      if (isDbError(error)) return respondError(fromDbError(error, ctx?.authed ?? false), head);
      throw error;
    }
  }

  // In-process (`app.request()`), and the targets the direct path leaves to Hono: as a Fetch `Response`.
  routes.all('/*', async (c) => {
    const request = c.req.raw;
    const path = new URL(request.url).pathname.slice(prefix.length) || '/';
    const queryIndex = request.url.indexOf('?');
    const rawSearch = queryIndex >= 0 ? request.url.slice(queryIndex + 1) : '';
    return toResponse(await answer({ method: request.method, rawSearch, headers: request.headers }, path, bufferedBody(c.env.incoming)));
  });

  return {
    prefix,
    name: 'rest',
    routes,
    bodyTooLarge: (limit) => {
      const answered = respondError(errors.bodyTooLarge(limit));
      return { status: answered.status, headers: headerList(answered), body: answered.body };
    },
    directBody: (method) => (bodyMethods.has(method.toUpperCase()) ? 'json' : 'none'),
    // On a socket: read from Node's request and written to its response, no Fetch objects (decision 261).
    direct: async ({ incoming, path, rawSearch, headers, body }) => {
      const method = (incoming.method ?? 'GET').toUpperCase();
      const answered = await answer({ method, rawSearch, headers }, path, body);
      return { status: answered.status, headers: headerList(answered), body: answered.body };
    },
    start: async () => {
      await Promise.all([reload(), dbConfig.reload()]);
      unlisten = await deps.db.listen('pgrst', (payload) => {
        if (payload === '' || payload === 'reload schema') void reload();
        if (payload === 'reload config') void dbConfig.reload();
      });
    },
    close: async () => {
      await unlisten?.();
      await Promise.all([schemaCache.settled(), dbConfig.settled()]);
    },
  };
}

const bodyMethods = new Set(['POST', 'PATCH', 'PUT']);

async function route(deps: RestDeps, ctx: RestRequest, body: string): Promise<RestAnswer> {
  const readBody = (rpc: boolean) => {
    mustAcceptContentType(ctx.headers.get('content-type'), rpc);
    return body;
  };
  let segments: string[];
  try {
    segments = ctx.path.split('/').slice(1).map(decodeURIComponent);
  } catch {
    throw errors.invalidPath();
  }
  if (segments.length === 1 && segments[0]) {
    const name = segments[0];
    if (ctx.method === 'GET' || ctx.method === 'HEAD') return handleRead(deps, ctx, name);
    if (ctx.method === 'DELETE') return handleWrite(deps, ctx, name, '');
    if (ctx.method === 'POST' || ctx.method === 'PATCH' || ctx.method === 'PUT') return handleWrite(deps, ctx, name, readBody(false));
    if (ctx.method === 'OPTIONS') return options(deps, ctx, name);
    throw errors.unsupportedMethod(ctx.method);
  }
  if (segments.length === 2 && segments[0] === 'rpc' && segments[1]) {
    if (ctx.method === 'OPTIONS') return respond(200, null, { Allow: 'OPTIONS,GET,HEAD,POST' });
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD' && ctx.method !== 'POST') throw errors.invalidRpcMethod(ctx.method);
    return handleRpc(deps, ctx, segments[1], ctx.method === 'POST' ? readBody(true) : null);
  }
  throw errors.invalidPath();
}

/** OPTIONS lists the verbs a relation takes (PostgREST `Response.hs` infoResponse): views without rules are read-only. */
function options(deps: RestDeps, ctx: RestRequest, name: string): RestAnswer {
  const relation = deps.cache.relation(ctx.schema, name);
  if (!relation) throw errors.tableNotFound(ctx.schema, name, deps.cache.suggestTable(ctx.schema, name));
  const writable = relation.kind === 'r' || relation.kind === 'p' || relation.kind === 'v' || relation.kind === 'f';
  return respond(200, null, { Allow: writable ? 'OPTIONS,GET,HEAD,POST,PUT,PATCH,DELETE' : 'OPTIONS,GET,HEAD' });
}
