import type { Context } from 'hono';
import type { Database } from '../../db/types.ts';
import type { ServerConfig } from '../../lib/config.ts';
import type { Keys } from '../../lib/keys.ts';
import type { Logger } from '../../lib/log.ts';
import type { AppEnv } from '../../lib/service.ts';
import { errors, renderError, renderTusError } from './errors.ts';
import type { FileStore } from './files.ts';

export interface StorageDeps {
  config: ServerConfig;
  db: Database;
  keys: Keys;
  log: Logger;
  files: FileStore;
  /** `[storage] file_size_limit`, bytes. */
  globalLimit: number;
  /** `[storage.image_transformation] enabled`: the render routes exist and signing takes `transform`. */
  imageTransformation: boolean;
}

export type Handler = (c: Context<AppEnv>) => Promise<Response>;

/** How a route family writes an error: storage-api's JSON shape, or TUS's plain text. */
export type ErrorAnswer = (c: Context<AppEnv>, error: unknown) => Response;

/** storage-api's error handler (`src/http/error-handler.ts`): the catalogue's JSON wire shape. */
export const jsonErrors: ErrorAnswer = (c, error) => {
  const { status, body } = renderError(error);
  return c.json(body, status as 400);
};

const tusHeaders = { 'Tus-Resumable': '1.0.0', 'Cache-Control': 'no-store' };

/** The resumable routes' errors as upstream's getTusError: the logical status, the message as text. */
export const tusErrors: ErrorAnswer = (_c, error) => {
  const { status, body } = renderTusError(error);
  return new Response(body, { status, headers: tusHeaders });
};

/**
 * The one request handler of storage: every route runs inside it and answers its errors through
 * the catalogue's renderer for its family (JSON by default, `tusErrors` for the resumable
 * routes); unexpected ones are logged.
 */
export function handle(ctx: StorageDeps, fn: Handler, answer: ErrorAnswer = jsonErrors): Handler {
  return async (c) => {
    try {
      return await fn(c);
    } catch (error: unknown) {
      const response = answer(c, error);
      if (response.status >= 500) ctx.log.error(`storage ${c.req.method} ${new URL(c.req.url).pathname}`, error);
      return response;
    }
  };
}

/** The path below the storage prefix, e.g. `/object/avatars/a/b.png`. */
export function storagePath(c: Context<AppEnv>): string {
  return new URL(c.req.url).pathname.replace(/^\/storage\/v1/, '');
}

function decode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    throw errors.invalidKey(part);
  }
}

/** Splits `<route><bucket>/<key…>` as fastify's `:bucketName/*` params. */
export function objectTarget(c: Context<AppEnv>, route: string): { bucket: string; key: string } {
  const rest = storagePath(c).slice(route.length);
  const slash = rest.indexOf('/');
  if (slash < 0) return { bucket: decode(rest), key: '' };
  return { bucket: decode(rest.slice(0, slash)), key: decode(rest.slice(slash + 1)) };
}

/** JSON body of a request; a missing or malformed body is an empty object, as fastify's empty-body parser. */
export async function readJsonBody(c: Context<AppEnv>): Promise<Record<string, unknown>> {
  try {
    const value: unknown = await c.req.json();
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** A body of JSON built by the database (byte-for-byte alike on both backends). */
export function jsonText(c: Context<AppEnv>, text: string, status = 200): Response {
  return c.body(text, status as 200, { 'Content-Type': 'application/json; charset=utf-8' });
}
