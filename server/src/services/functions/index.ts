import { watch, type FSWatcher } from 'node:fs';
import path from 'node:path';
import { type Context, Hono } from 'hono';
import { BodyTooLargeError, readBodyWithin } from '../../lib/body-limit.ts';
import { tomlValue } from '../../lib/config.ts';
import { verifyJwt } from '../../lib/keys.ts';
import type { AppEnv, Service, ServiceDeps } from '../../lib/service.ts';
import { readEnvFile } from './env-file.ts';
import { entrypointOf, importMapOf } from './project.ts';
import type { SerializedRequest } from './protocol.ts';
import { FunctionRunner, type Outcome } from './runner.ts';

/** The edge runtime's own answers (supabase/cli `internal/functions/serve/templates/main.ts`). */
function runtimeError(status: number, code: string, message: string, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ code, message }), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

/** The body for the function, within the limit (decision 102); over it, a 413 in the runtime's shape. */
async function requestBody(c: Context<AppEnv>, limit: number): Promise<ArrayBuffer | null | Response> {
  if (c.req.method === 'GET' || c.req.method === 'HEAD') return null;
  try {
    const bytes = await readBodyWithin(c.env.incoming, limit);
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  } catch (error: unknown) {
    if (error instanceof BodyTooLargeError) return runtimeError(413, 'REQUEST_TOO_LARGE', `Request body too large: the limit is ${error.limit} bytes`);
    throw error;
  }
}

function toResponse(outcome: Outcome): Response {
  switch (outcome.kind) {
    case 'response': {
      const { status, statusText, headers } = outcome.head;
      const nullBody = status === 204 || status === 304 || status === 101;
      if (nullBody) void outcome.body.cancel();
      return new Response(nullBody ? null : outcome.body, { status, statusText, headers });
    }
    // Deno.serve's default onError: the stack goes to the log, the client gets no internals.
    case 'handler-error':
      return new Response('Internal Server Error', { status: 500, headers: { 'Content-Type': 'text/plain;charset=UTF-8' } });
    case 'boot-error':
      return runtimeError(503, 'BOOT_ERROR', 'Worker failed to boot (please check logs)');
    case 'timeout':
      return runtimeError(546, 'WORKER_LIMIT', 'Worker failed to respond due to a resource limit (please check logs)');
    case 'crashed':
      return runtimeError(500, 'WORKER_ERROR', 'Function exited due to an error (please check logs)');
  }
}

/** verify_jwt as the local main worker checks it: a Bearer JWT signed with the project secret. */
async function jwtRejection(c: Context<AppEnv>, deps: ServiceDeps): Promise<Response | null> {
  const header = c.req.header('authorization');
  const unauthorized = (msg: string) => new Response(JSON.stringify({ msg }), { status: 401, headers: { 'Content-Type': 'application/json' } });
  if (!header) return unauthorized('Error: Missing authorization header');
  const [scheme, token] = header.split(' ');
  if (scheme !== 'Bearer') return unauthorized("Error: Auth header is not 'Bearer {token}'");
  try {
    await verifyJwt(deps.keys, token ?? '');
    return null;
  } catch {
    return unauthorized('Invalid JWT');
  }
}

/**
 * Edge functions at /functions/v1/<name>: `supabase/functions/<name>/index.ts` written for
 * Supabase's Deno runtime, run unchanged in a worker thread per function (Deno shim + module
 * hooks), with the CLI's environment, `verify_jwt` per function and reload on file change.
 */
export function createFunctionsService(deps: ServiceDeps): Service {
  const { config, log } = deps;
  const functionsDir = path.join(config.projectDir, 'functions');
  const wallClockMs = tomlValue(config.toml, 'edge_runtime.wall_clock_limit_sec', 400) * 1000;
  const runners = new Map<string, FunctionRunner>();
  let watcher: FSWatcher | null = null;

  function environment(): Record<string, string> {
    return {
      ...readEnvFile(path.join(functionsDir, '.env')),
      SUPABASE_URL: config.publicUrl,
      SUPABASE_ANON_KEY: deps.keys.anonKey,
      SUPABASE_SERVICE_ROLE_KEY: deps.keys.serviceRoleKey,
      // The new API keys as hosted passes them: JSON dictionaries keyed by key name.
      SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: deps.keys.publishableKey }),
      SUPABASE_SECRET_KEYS: JSON.stringify({ default: deps.keys.secretKey }),
      // PGlite has no network listener: functions get a URL only when PostgreSQL is in use.
      SUPABASE_DB_URL: config.databaseUrl ?? '',
    };
  }

  function runnerFor(name: string, entrypoint: string): FunctionRunner {
    const existing = runners.get(name);
    if (existing && !existing.dead) return existing;
    const runner = new FunctionRunner(name, { entrypoint, functionsDir, imports: importMapOf(config.projectDir, config.toml, name), env: environment() }, log);
    runner.onDead = () => {
      if (runners.get(name) === runner) runners.delete(name);
    };
    runners.set(name, runner);
    return runner;
  }

  async function reloadAll(): Promise<void> {
    const all = [...runners.values()];
    runners.clear();
    await Promise.all(all.map((r) => r.terminate()));
  }

  const routes = new Hono<AppEnv>();
  routes.all('/:name{[^/]+}/*', (c) => invoke(c));
  routes.all('/:name{[^/]+}', (c) => invoke(c));
  routes.all('*', () => new Response('Function not found', { status: 404, headers: { 'Content-Type': 'text/plain' } }));

  async function invoke(c: Context<AppEnv>): Promise<Response> {
    const name = c.req.param('name') ?? '';
    const entrypoint = entrypointOf(config.projectDir, config.toml, name);
    if (!entrypoint) return new Response('Function not found', { status: 404, headers: { 'Content-Type': 'text/plain' } });
    // Bounded before the key check, as the gateway in front of the runtime does.
    const body = await requestBody(c, config.maxRequestBodyBytes);
    if (body instanceof Response) return body;
    if (c.req.method !== 'OPTIONS' && tomlValue(config.toml, `functions.${name}.verify_jwt`, true)) {
      const rejection = await jwtRejection(c, deps);
      if (rejection) return rejection;
    }
    const url = new URL(c.req.url);
    const request: SerializedRequest = {
      method: c.req.method,
      // The runtime sees the path without the gateway's /functions/v1 prefix, as behind Kong.
      url: `${url.origin}${url.pathname.replace(/^\/functions\/v1/, '')}${url.search}`,
      headers: [...c.req.raw.headers],
      body,
    };
    return toResponse(await runnerFor(name, entrypoint).fetch(request, wallClockMs));
  }

  async function start(): Promise<void> {
    if (!config.watchFunctions) return;
    try {
      watcher = watch(functionsDir, { recursive: true }, () => void reloadAll());
      watcher.on('error', () => undefined);
    } catch {
      watcher = null;
    }
  }

  async function close(): Promise<void> {
    watcher?.close();
    await reloadAll();
  }

  return { prefix: '/functions/v1', routes, start, close, ownCors: true };
}
