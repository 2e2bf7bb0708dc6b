import { watch, type FSWatcher } from 'node:fs';
import path from 'node:path';
import { Hono, type Context } from 'hono';
import { tomlValue } from '../../lib/config.ts';
import { verifyJwt } from '../../lib/keys.ts';
import { bufferedBody } from '../../lib/request-context.ts';
import { jsonBody } from '../../lib/route-marks.ts';
import { jsonAnswer, type AppEnv, type Service } from '../../lib/service.ts';
import type { ServiceDeps } from '../service-deps.ts';
import { readEnvFile } from './env-file.ts';
import { functionErrors } from './errors.ts';
import { entrypointOf, importMapOf } from './project.ts';
import type { SerializedRequest } from './protocol.ts';
import { FunctionRunner, type Outcome } from './runner.ts';

/** The body for the function, read by the envelope within the limit (decisions 102, 300). */
function requestBody(c: Context<AppEnv>): ArrayBuffer | null {
  if (c.req.method === 'GET' || c.req.method === 'HEAD') return null;
  const bytes = bufferedBody(c.env.incoming);
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

function toResponse(outcome: Outcome): Response {
  switch (outcome.kind) {
    case 'response': {
      const { status, statusText, headers } = outcome.head;
      const nullBody = status === 204 || status === 304 || status === 101;
      if (nullBody) void outcome.body.cancel();
      return new Response(nullBody ? null : outcome.body, { status, statusText, headers });
    }
    case 'handler-error':
      return functionErrors.handlerThrew();
    case 'boot-error':
      return functionErrors.bootFailed();
    case 'timeout':
      return functionErrors.resourceLimit();
    case 'crashed':
      return functionErrors.crashed();
  }
}

/** verify_jwt as the local main worker checks it: a Bearer JWT signed with the project secret. */
async function jwtRejection(c: Context<AppEnv>, deps: ServiceDeps): Promise<Response | null> {
  const header = c.req.header('authorization');
  if (!header) return functionErrors.missingAuthorization();
  const [scheme, token] = header.split(' ');
  if (scheme !== 'Bearer') return functionErrors.notBearer();
  try {
    await verifyJwt(deps.keys, token ?? '');
    return null;
  } catch {
    return functionErrors.invalidJwt();
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
    const runner = new FunctionRunner(
      name,
      { entrypoint, functionsDir, imports: importMapOf(config.projectDir, config.toml, name), env: environment() },
      log,
    );
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
  routes.all('/:name{[^/]+}/*', jsonBody, (c) => invoke(c));
  routes.all('/:name{[^/]+}', jsonBody, (c) => invoke(c));
  routes.all('*', () => functionErrors.notFound());

  async function invoke(c: Context<AppEnv>): Promise<Response> {
    const name = c.req.param('name') ?? '';
    const entrypoint = entrypointOf(config.projectDir, config.toml, name);
    if (!entrypoint) return functionErrors.notFound();
    // Bounded by the envelope before the key check, as the gateway in front of the runtime does.
    const body = requestBody(c);
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

  return {
    prefix: '/functions/v1',
    name: 'functions',
    routes,
    start,
    close,
    cors: 'own',
    bodyTooLarge: (limit) => jsonAnswer(413, { code: 'REQUEST_TOO_LARGE', message: `Request body too large: the limit is ${limit} bytes` }),
  };
}
