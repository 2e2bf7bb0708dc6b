import type { Context } from 'hono';
import type { Database } from '../../db/types.ts';
import type { ServerConfig } from '../../lib/config.ts';
import type { Keys } from '../../lib/keys.ts';
import type { Logger } from '../../lib/log.ts';
import type { AppEnv } from '../../lib/service.ts';
import { errors, renderError } from './errors.ts';
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

/** Every route answers errors through the one renderer; unexpected ones are logged. */
export function handle(ctx: StorageDeps, fn: Handler): Handler {
  return async (c) => {
    try {
      return await fn(c);
    } catch (error: unknown) {
      const { status, body } = renderError(error);
      if (status >= 500) ctx.log.error(`storage ${c.req.method} ${new URL(c.req.url).pathname}`, error);
      return c.json(body, status as 400);
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
