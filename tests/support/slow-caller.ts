import http from 'node:http';
import { createClient } from '@supabase/supabase-js';
import type { Database } from '../../server/src/db/types.ts';
import { eventually } from './eventually.ts';

/**
 * The slow-caller attack, shared by `bench/dos.ts` and `tests/security/slow-caller.test.ts`:
 * anonymous clients loop a call that runs until the statement timeout stops it, while a
 * signed-in member reads one row by primary key.
 *
 * The call is a function that counts through a billion rows (far past any timeout on either
 * backend): a slow function or a read that misses an index is what an anonymous caller can
 * still start on the embedded database, where regex filters with back-references, the classic
 * runaway read, are refused before any SQL runs (decision 307).
 */
export const slowFunction = 'slow_caller_spin';
export const slowTable = 'slow_caller_rows';
const rowCount = 200;

/**
 * Creates the table and the slow function, then waits until the API serves the table. The API
 * learns of new tables and functions when its schema cache reloads, which the DDL's notice starts
 * after the commit, as PostgREST's does: calls made before that reload ends get 404 (PGRST202 for
 * the function). A new table was served 9–27 ms after its commit on an idle machine; on a loaded
 * one the attack's first call once came before that.
 * Table and function come in one transaction, so a cache that has the table has the function.
 */
export async function createSlowTable(db: Database, baseUrl: string, anonKey: string): Promise<void> {
  await db.transaction({ kind: 'system' }, (tx) =>
    tx.exec(`
      create table if not exists public.${slowTable} (id int primary key, name text not null);
      insert into public.${slowTable} select i, 'row ' || i from generate_series(1, ${rowCount}) i on conflict do nothing;
      grant select on public.${slowTable} to anon, authenticated;
      create or replace function public.${slowFunction}() returns bigint language sql stable
        as $$ select count(*) from generate_series(1, 1000000000) $$;
      grant execute on function public.${slowFunction}() to anon, authenticated;
    `),
  );
  await eventually(async () => {
    const response = await fetch(probeUrl(baseUrl, 1), { headers: { apikey: anonKey } });
    await response.arrayBuffer();
    return response.status === 200 ? true : null;
  });
}

/** A confirmed member's access token (password sign-in through supabase-js). */
export async function memberToken(url: string, anonKey: string, serviceRoleKey: string): Promise<string> {
  const options = { auth: { persistSession: false, autoRefreshToken: false } };
  const email = `member-${process.pid}-${Date.now()}@example.com`;
  const password = 'a-long-member-password';
  const created = await createClient(url, serviceRoleKey, options).auth.admin.createUser({ email, password, email_confirm: true });
  if (created.error) throw created.error;
  const signed = await createClient(url, anonKey, options).auth.signInWithPassword({ email, password });
  if (signed.error || !signed.data.session) throw signed.error ?? new Error('no session');
  return signed.data.session.access_token;
}

export interface HttpAnswer {
  status: number;
  body: string;
  ms: number;
}

/** One GET on a keep-alive agent; `localAddress` picks the loopback address it comes from. */
export function get(url: string, headers: Record<string, string>, agent: http.Agent, localAddress?: string): Promise<HttpAnswer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers, agent, ...(localAddress ? { localAddress } : {}) }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString(), ms: performance.now() - started }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

/**
 * Starts `count` anonymous attackers, each from its own loopback address (127.0.0.11, …),
 * so the server sees `count` different anonymous callers. `firstRound` resolves once each
 * got its first answer; `stop` resolves with every answer once the last ones are in.
 */
export function startAttackers(
  baseUrl: string,
  anonKey: string,
  count: number,
  /** What each attacker asks for, below the server's URL; the slow function by default. */
  path = `/rest/v1/rpc/${slowFunction}`,
): { firstRound: Promise<void>; answered: () => number; stop: () => Promise<HttpAnswer[]> } {
  let running = true;
  const answers: HttpAnswer[] = [];
  const firsts: Array<Promise<void>> = [];
  const firstResolvers: Array<() => void> = [];
  for (let i = 0; i < count; i++) firsts.push(new Promise<void>((resolve) => firstResolvers.push(resolve)));
  const target = `${baseUrl.replace('localhost', '127.0.0.1')}${path}`;
  const loops = Array.from({ length: count }, async (_, i) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      while (running) {
        answers.push(await get(target, { apikey: anonKey, authorization: `Bearer ${anonKey}` }, agent, `127.0.0.${11 + i}`));
        firstResolvers[i]?.();
      }
    } finally {
      agent.destroy();
    }
  });
  return {
    firstRound: Promise.all(firsts).then(() => undefined),
    answered: () => answers.length,
    stop: async () => {
      running = false;
      await Promise.all(loops);
      return answers;
    },
  };
}

/** A primary-key read as the member. */
export function probeUrl(baseUrl: string, id: number): string {
  return `${baseUrl.replace('localhost', '127.0.0.1')}/rest/v1/${slowTable}?select=id&id=eq.${id}`;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}
