/**
 * Shared helpers of the data tests: members created with SQL (the profile trigger runs as
 * on sign-up), their session tokens minted with the project secret, and supabase-js clients
 * that speak to the running server as anon, a member, a moderator, an admin or service_role.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { test } from 'node:test';
import { createClient, type PostgrestError, type SupabaseClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import WebSocket from 'ws';
import type { Database } from '../../web/src/lib/database.types.ts';
import type { TestServer } from '../support/server.ts';

export type Client = SupabaseClient<Database>;

/** Servers for these tests skip seed.sql: the tests make their own rows (seed.test.ts checks the seed). */
export const withoutSeed = { override: { seed: false } };
export type Role = 'member' | 'moderator' | 'admin';

export interface Member {
  id: string;
  email: string;
  username: string;
  client: Client;
  token: string;
}

export function clientFor(server: TestServer, token?: string): Client {
  const client = createClient<Database>(server.url, server.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { fetch: server.fetch, ...(token ? { headers: { Authorization: `Bearer ${token}` } } : {}) },
    realtime: { transport: WebSocket as never },
  });
  // realtime-js takes its token from the auth session, which these clients do not have
  if (token) void client.realtime.setAuth(token);
  return client;
}

export const anonClient = (server: TestServer): Client => clientFor(server);
export const serviceClient = (server: TestServer): Client => clientFor(server, server.serviceRoleKey);

/** An access token as the auth service issues it (claims of supabase/auth `AccessTokenClaims`); `aal` when given. */
export async function mintToken(server: TestServer, id: string, email: string, aal?: 'aal1' | 'aal2'): Promise<string> {
  return new SignJWT({
    sub: id,
    role: 'authenticated',
    aud: 'authenticated',
    email,
    session_id: randomUUID(),
    is_anonymous: false,
    ...(aal ? { aal } : {}),
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(server.keys.secret);
}

/** Creates an auth user with SQL (as GoTrue would), optionally backdated, and gives it a role. */
export async function createMember(
  server: TestServer,
  options: { username?: string; role?: Role; joinedHoursAgo?: number; mfa?: 'aal1' | 'aal2' } = {},
): Promise<Member> {
  const id = randomUUID();
  const username = options.username ?? `m_${id.slice(0, 8)}`;
  const email = `${username}@test.pinstar.local`;
  await server.db.transaction({ kind: 'system' }, async (tx) => {
    await tx.query(
      `insert into auth.users (instance_id, id, aud, role, email, raw_user_meta_data, raw_app_meta_data, created_at, updated_at)
       values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2,
               jsonb_build_object('username', $3::text), '{"provider":"email","providers":["email"]}', now() - make_interval(hours => $4::int), now())`,
      [id, email, username, options.joinedHoursAgo ?? 24 * 30],
    );
    if (options.role && options.role !== 'member') await tx.query(`update public.profiles set role = $2 where id = $1`, [id, options.role]);
    // `mfa`: an authenticator app enrolled and verified; the session signed in with the password only (aal1) or used it (aal2).
    if (options.mfa)
      await tx.query(
        `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
         values (gen_random_uuid(), $1, 'Phone app', 'totp', 'verified', now(), now(), 'JBSWY3DPEHPK3PXP')`,
        [id],
      );
  });
  const token = await mintToken(server, id, email, options.mfa);
  return { id, email, username, token, client: clientFor(server, token) };
}

/** Runs SQL as the database owner (setup and checks that no client could do). */
export async function sql<Row = Record<string, unknown>>(server: TestServer, text: string, params: unknown[] = []): Promise<Row[]> {
  return server.db.transaction({ kind: 'system' }, async (tx) => (await tx.query<Row>(text, params)).rows);
}

/** The rows the triggers on places derive, in bulk (shared with the query bench's loader). */
export { derivedPlaceRowsSql } from '../support/derived-place-rows.ts';

/** The error code a client sees, or 'ok'. */
export function outcome(result: { error: PostgrestError | null }): string {
  return result.error ? result.error.code : 'ok';
}

export function unwrap<R extends { data: unknown; error: PostgrestError | null }>(result: R): NonNullable<R['data']> {
  if (result.error) throw new Error(`${result.error.code}: ${result.error.message}`);
  if (result.data === null || result.data === undefined) throw new Error('no data');
  return result.data as NonNullable<R['data']>;
}

export const reviewBody = (n = 0) => `A thoughtful review number ${n} with enough words to pass.`;

export const matrixOps = ['select', 'insert', 'update', 'delete'] as const;
export type MatrixOp = (typeof matrixOps)[number];
export type Verdict = 'allow' | 'deny';

/** One cell of a permission matrix: what `actor` may do with `op` on a row of `table`. */
export interface MatrixCell<Actor extends string> {
  table: string;
  op: MatrixOp;
  actor: Actor;
  expected: Verdict;
}

/** The cells of a matrix written as a table: a header line, then per row `table op` and one verdict a role, in `roles` order. */
export function matrixCells<Actor extends string>(text: string, roles: readonly Actor[]): MatrixCell<Actor>[] {
  return text
    .trim()
    .split('\n')
    .slice(1)
    .flatMap((line) => {
      const [table = '', op = '', ...verdicts] = line.trim().split(/\s+/);
      assert.ok((matrixOps as readonly string[]).includes(op), `row ${table} ${op}: not an operation`);
      assert.equal(verdicts.length, roles.length, `row ${table} ${op}: one verdict a role`);
      return verdicts.map((expected, i) => {
        assert.ok(expected === 'allow' || expected === 'deny', `row ${table} ${op}: ${expected} is not allow or deny`);
        return { table, op: op as MatrixOp, actor: roles[i] as Actor, expected };
      });
    });
}

/**
 * A test a table of the matrix: every operation for every role goes through `run`, which acts as
 * the role and says what happened; all of a table's cells are compared at once, so a failure
 * names every cell that differs.
 */
export function testMatrix<Actor extends string>(
  text: string,
  roles: readonly Actor[],
  run: (cell: MatrixCell<Actor>) => Promise<Verdict>,
): void {
  const cells = matrixCells(text, roles);
  for (const table of new Set(cells.map((c) => c.table))) {
    test(`${table}: every operation for every role`, async () => {
      const ofTable = cells.filter((c) => c.table === table);
      assert.equal(ofTable.length, matrixOps.length * roles.length);
      const observed: string[] = [];
      const expected: string[] = [];
      for (const cell of ofTable) {
        observed.push(`${cell.op} ${cell.actor}: ${await run(cell)}`);
        expected.push(`${cell.op} ${cell.actor}: ${cell.expected}`);
      }
      assert.deepEqual(observed, expected);
    });
  }
}
