import type { TxIdentity } from './types.ts';

/**
 * Builds the one `select set_config(…, true), …` statement PostgREST runs first in every
 * transaction (`Query/SqlFragment.hs` setConfigWithConstantName): search_path, role,
 * request.jwt.claims (with role inserted), then the request settings, all local.
 *
 * The role is taken from pg_roles only when `authenticator` may switch to it, so the
 * statement returns no row for any other role (PGlite's session is a superuser, so this
 * check, not the connection, is what stops a token from naming `postgres`).
 *
 * With `roleCheck: 'server'` (PostgreSQL, on `authenticator`'s own connection) the role is
 * set as PostgREST sets it and the server refuses a role it may not switch to with an
 * error — which also stops the statements already sent behind it (pipelining).
 */
export function settingsStatement(
  who: TxIdentity,
  timeoutMs: number | undefined,
  roleCheck: 'query' | 'server' = 'query',
): { sql: string; params: string[] } | null {
  if (who.kind === 'system') return null;
  const params: string[] = [];
  if (who.searchPath !== undefined) params.push(who.searchPath);
  if (timeoutMs !== undefined) params.push(String(timeoutMs));
  params.push(who.role, JSON.stringify({ ...(who.claims ?? {}), role: who.role }));
  const settings = who.settings ?? [];
  for (const [key, value] of settings) params.push(key, value);
  // The text depends only on the statement's shape: built once per shape (every request runs it).
  const shape = `${who.searchPath !== undefined ? 's' : ''}${timeoutMs !== undefined ? 't' : ''}${roleCheck}${settings.length}`;
  let sql = settingsTexts.get(shape);
  if (sql === undefined) {
    sql = settingsText(who.searchPath !== undefined, timeoutMs !== undefined, roleCheck, settings.length);
    settingsTexts.set(shape, sql);
  }
  return { sql, params };
}

const settingsTexts = new Map<string, string>();

function settingsText(searchPath: boolean, timeout: boolean, roleCheck: 'query' | 'server', settings: number): string {
  let n = 0;
  const bind = () => `$${++n}`;
  const calls: string[] = [];
  if (searchPath) calls.push(`set_config('search_path', ${bind()}, true)`);
  if (timeout) calls.push(`set_config('statement_timeout', ${bind()}, true)`);
  const role = bind();
  calls.push(roleCheck === 'server' ? `set_config('role', ${role}, true)` : `set_config('role', r.rolname, true)`);
  calls.push(`set_config('request.jwt.claims', ${bind()}, true)`);
  for (let i = 0; i < settings; i++) calls.push(`set_config(${bind()}, ${bind()}, true)`);
  if (roleCheck === 'server') return `select ${calls.join(', ')}`;
  return `select ${calls.join(', ')} from pg_catalog.pg_roles r where r.rolname = ${role} and pg_catalog.pg_has_role('authenticator', r.oid, 'member')`;
}

/** PostgREST answers an unknown JWT role with 22023 "role … does not exist" (HTTP 401). */
export function unknownRoleMessage(role: string): string {
  return `role "${role}" does not exist`;
}

/** The role names the server itself would accept without a check ('none' resets to the session user). */
export function isRoleKeyword(role: string): boolean {
  return role.toLowerCase() === 'none';
}
