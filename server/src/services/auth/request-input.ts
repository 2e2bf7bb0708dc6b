import type { Context } from 'hono';
import { bufferedBody, clientAddressOf } from '../../lib/request-context.ts';
import type { AppEnv } from '../../lib/service.ts';
import { authErrors } from './errors.ts';

export type HonoContext = Context<AppEnv>;
export type Body = Record<string, unknown>;

/**
 * The request body as GoTrue reads it (retrieveRequestParams): JSON or nothing; anything
 * else, or JSON that is not an object, is `bad_json`. The envelope read it within the route's
 * limit before the route ran (decision 300): a route that reads a body declares `jsonBody`.
 */
export async function readBody(c: HonoContext, options: { optional?: boolean } = {}): Promise<Body> {
  const text = bufferedBody(c.env.incoming).toString('utf8');
  if (text.trim() === '') {
    if (options.optional) return {};
    throw authErrors.badJson('unexpected end of JSON input');
  }
  // PostgreSQL text cannot hold NUL: refuse it here rather than fail in the database.
  if (text.includes('\u0000') || text.includes('\\u0000')) throw authErrors.badJson('NUL characters are not allowed');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error: unknown) {
    throw authErrors.badJson(error instanceof Error ? error.message : 'invalid JSON');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw authErrors.badJson('the body must be a JSON object');
  return parsed as Body;
}

/** A string field; absent or null reads as '' (Go's zero value); another type is `bad_json`. */
export function stringField(body: Body, key: string): string {
  const value = body[key];
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') throw authErrors.badJson(`field "${key}" must be a string`);
  return value;
}

export function optionalString(body: Body, key: string): string | null {
  const value = body[key];
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw authErrors.badJson(`field "${key}" must be a string`);
  return value;
}

export function boolField(body: Body, key: string): boolean | null {
  const value = body[key];
  if (value === undefined || value === null) return null;
  if (typeof value !== 'boolean') throw authErrors.badJson(`field "${key}" must be a boolean`);
  return value;
}

export function objectField(body: Body, key: string): Body | null {
  const value = body[key];
  if (value === undefined || value === null) return null;
  if (typeof value !== 'object' || Array.isArray(value)) throw authErrors.badJson(`field "${key}" must be an object`);
  return value as Body;
}

/** The caller's address, as the envelope found it (the socket's, or a trusted proxy's `X-Forwarded-For`). */
export function clientIp(c: HonoContext): string {
  return clientAddressOf(c.env?.incoming);
}

/** GoTrue's email check (internal/api/mail.go validateEmail): required, ≤ 255, a plausible address; lower-cased. */
export function validateEmail(raw: string): string {
  const email = raw.trim();
  if (email === '') throw authErrors.validation('An email address is required');
  if (email.length > 255) throw authErrors.validation('An email address is too long');
  if (!/^[^\s@"(),:;<>[\]\\]+@[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+$/i.test(email)) {
    throw authErrors.validation('Unable to validate email address: invalid format');
  }
  return email.toLowerCase();
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export function isUuid(value: string): boolean {
  return uuidPattern.test(value);
}
