import { readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';

export type ServeHandler = (
  request: Request,
  info: { remoteAddr: { transport: 'tcp'; hostname: string; port: number } },
) => Response | Promise<Response>;

export interface ServeRegistration {
  handler: ServeHandler;
  onError: ((error: unknown) => Response | Promise<Response>) | null;
}

class NotFound extends Error {
  override name = 'NotFound';
}

/** Where the function's `Deno.serve` handler ends up. */
export const served: { current: ServeRegistration | null; background: Set<Promise<unknown>> } = { current: null, background: new Set() };

function asServeArgs(a: unknown, b: unknown): ServeRegistration {
  if (typeof a === 'function') return { handler: a as ServeHandler, onError: null };
  const options = (a ?? {}) as { handler?: ServeHandler; onError?: ServeRegistration['onError']; onListen?: (addr: unknown) => void };
  const handler = typeof b === 'function' ? (b as ServeHandler) : options.handler;
  if (!handler) throw new TypeError('Deno.serve: a handler is required');
  options.onListen?.({ hostname: '0.0.0.0', port: 9999, transport: 'tcp' });
  return { handler, onError: typeof options.onError === 'function' ? options.onError : null };
}

async function wrapNotFound<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error: unknown) {
    if (typeof error === 'object' && error !== null && 'code' in error && error.code === 'ENOENT')
      throw new NotFound(error instanceof Error ? error.message : String(error));
    throw error;
  }
}

/**
 * The part of Deno's runtime API edge functions use, over Node: `Deno.serve` (both call forms)
 * registers the handler the worker dispatches to; `Deno.env` is the worker's process.env;
 * `EdgeRuntime.waitUntil` keeps background work alive.
 */
export function installDeno(): void {
  let finish: () => void = () => undefined;
  const finished = new Promise<void>((resolve) => {
    finish = resolve;
  });
  const deno = {
    serve(a: unknown, b?: unknown) {
      served.current = asServeArgs(a, b);
      return {
        finished,
        addr: { hostname: '0.0.0.0', port: 9999, transport: 'tcp' },
        shutdown: async () => finish(),
        ref: () => undefined,
        unref: () => undefined,
      };
    },
    env: {
      get: (key: string) => process.env[key],
      set: (key: string, value: string) => {
        process.env[key] = value;
      },
      delete: (key: string) => {
        delete process.env[key];
      },
      has: (key: string) => key in process.env,
      toObject: () => Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => typeof e[1] === 'string')),
    },
    readTextFile: (path: string | URL) => wrapNotFound(() => readFile(path, 'utf8')),
    readFile: (path: string | URL) => wrapNotFound(async () => new Uint8Array(await readFile(path))),
    readTextFileSync: (path: string | URL) => readFileSync(path, 'utf8'),
    writeTextFile: (path: string | URL, data: string) => writeFile(path, data),
    cwd: () => process.cwd(),
    exit: (code?: number) => {
      throw new Error(`Deno.exit(${code ?? 0}) is not supported in an edge function`);
    },
    args: [] as string[],
    pid: process.pid,
    build: {
      os: process.platform === 'darwin' ? 'darwin' : process.platform === 'win32' ? 'windows' : 'linux',
      arch: process.arch === 'arm64' ? 'aarch64' : 'x86_64',
    },
    version: { deno: '2.1.4', v8: process.versions.v8, typescript: '5.6.2' },
    errors: { NotFound },
  };
  Object.defineProperty(globalThis, 'Deno', { value: deno, configurable: true, writable: true });
  const edgeRuntime = {
    waitUntil(promise: Promise<unknown>) {
      const tracked = Promise.resolve(promise).catch(() => undefined);
      served.background.add(tracked);
      void tracked.finally(() => served.background.delete(tracked));
    },
  };
  Object.defineProperty(globalThis, 'EdgeRuntime', { value: edgeRuntime, configurable: true, writable: true });
}
