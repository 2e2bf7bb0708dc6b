import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { runBatch } from '../server/src/db/pg-batch.ts';
import { settingsStatement } from '../server/src/db/settings.ts';
import type { Database, TxIdentity } from '../server/src/db/types.ts';
import { withBenchDatabase } from './support/bench-database.ts';
import { startBenchServer } from './support/bench-server.ts';
import { percentile } from './support/http-load.ts';
import { whileSeeingQueries } from './support/rest-floor.ts';
import { seedPlacesSql } from './support/rest-seed.ts';

/**
 * `node bench/rest-statements.ts`: what PostgreSQL alone spends on a REST request's transaction
 * against the minimal handler's, on one connection with nothing else in between (PostgreSQL).
 * The REST service answers one request of each bench:rest scenario; the statements it sent
 * (captured from the server's database handle) and the minimal handler's are then run in turn,
 * pipelined as the server sends them (BEGIN, settings, statement, COMMIT in one write), and
 * mixed: REST's statement with the minimal handler's settings and the reverse, which tells the
 * settings' share from the statement's (each line prepares its statement under a name of its
 * own: PostgreSQL plans a prepared statement again when the search path differs from its last
 * run's). One more line sends REST's transaction as the server now does (decision 262): the
 * four statements under one Sync instead of one query each. `BENCH_SHOW_SQL=1` prints REST's
 * statements.
 */
const root = path.resolve(import.meta.dirname, '..');
const project = path.join(root, 'tests/fixtures/rest');
const rounds = Number(process.env.BENCH_ROUNDS ?? 3000);

interface Captured {
  who: TxIdentity;
  /** The transaction was read-only (`begin read only`). */
  readOnly: boolean;
  sql: string;
  params: unknown[];
}

interface Scenario {
  name: string;
  request: (anon: string, service: string) => { path: string; init: RequestInit };
  minimal: (i: number) => { sql: string; params: unknown[]; role: string };
  /** REST's parameters for round i (a unique key for inserts). */
  vary?: (params: unknown[], key: string) => unknown[];
}

const scenarios: Scenario[] = [
  {
    name: 'primary-key read',
    request: (anon) => ({
      path: '/rest/v1/places?select=*&id=eq.1000',
      init: { headers: { apikey: anon, Authorization: `Bearer ${anon}` } },
    }),
    minimal: (i) => ({ sql: 'select * from public.places where id = $1', params: [1000 + (i % 2000)], role: 'anon' }),
  },
  {
    name: 'insert',
    request: (_anon, service) => ({
      path: '/rest/v1/items',
      init: {
        method: 'POST',
        headers: { apikey: service, Authorization: `Bearer ${service}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ sku: 'capture', name: 'bench' }),
      },
    }),
    minimal: (i) => ({
      sql: 'insert into public.items (sku, name) values ($1, $2)',
      params: [`m-${process.pid}-${i}`, 'bench'],
      role: 'service_role',
    }),
    vary: (params, i) =>
      params.map((p) =>
        p === JSON.stringify([{ sku: 'capture', name: 'bench' }]) ? JSON.stringify([{ sku: `r-${process.pid}-${i}`, name: 'bench' }]) : p,
      ),
  },
  {
    name: 'rpc',
    request: (anon) => ({
      path: '/rest/v1/rpc/add_numbers',
      init: {
        method: 'POST',
        headers: { apikey: anon, Authorization: `Bearer ${anon}`, 'Content-Type': 'application/json' },
        body: '{"a":1,"b":1}',
      },
    }),
    minimal: (i) => ({ sql: 'select public.add_numbers($1, $2)', params: [i, 1], role: 'anon' }),
  },
];

async function capture(db: Database, run: () => Promise<Response>): Promise<Captured[]> {
  const captured: Captured[] = [];
  const res = await whileSeeingQueries(
    db,
    ({ who, options, sql, params }) => captured.push({ who, readOnly: options.readOnly === true, sql, params }),
    run,
  );
  if (res.status >= 300) throw new Error(`capture: ${res.status} ${await res.text()}`);
  return captured;
}

/** One transaction pipelined on the client: BEGIN, settings (named), statement (named or not), COMMIT. */
async function transaction(
  client: pg.Client,
  begin: string,
  settings: { name: string; sql: string; params: unknown[] },
  statement: { name?: string; sql: string; params: unknown[] },
): Promise<number> {
  const started = performance.now();
  await Promise.all([
    client.query(begin),
    client.query({ name: settings.name, text: settings.sql, values: settings.params }),
    statement.name
      ? client.query({ name: statement.name, text: statement.sql, values: statement.params })
      : client.query(statement.sql, statement.params),
    client.query('commit'),
  ]);
  return performance.now() - started;
}

/**
 * The same transaction as the server sends it once a connection has parsed its statements
 * (decision 262): BEGIN, settings, statement and COMMIT bound and executed under one Sync.
 */
async function batchTransaction(
  client: pg.Client,
  begin: string,
  settings: { name: string; sql: string; params: unknown[] },
  statement: { name: string; sql: string; params: unknown[] },
): Promise<number> {
  const started = performance.now();
  await runBatch(client, [
    { name: begin === 'begin' ? 'b_rw' : 'b_ro', text: begin },
    { name: settings.name, text: settings.sql, values: settings.params },
    { name: statement.name, text: statement.sql, values: statement.params, rows: true },
    { name: 'c', text: 'commit' },
  ]);
  return performance.now() - started;
}

await withBenchDatabase('bench_rest_statements', async (url) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pinstar-bench-statements-'));
  const server = await startBenchServer({
    projectDir: project,
    dataDir,
    databaseUrl: url,
  });
  const client = new pg.Client({ connectionString: url, pipeline: true } as pg.ClientConfig);
  try {
    await server.db.transaction({ kind: 'system' }, (tx) => tx.exec(seedPlacesSql(2000)));
    await client.connect();
    // The batch line binds BEGIN and COMMIT by name: parsed once here.
    for (const [name, text] of [
      ['b_ro', 'begin read only'],
      ['c', 'commit'],
      ['b_rw', 'begin'],
      ['c', 'commit'],
    ] as const)
      await client.query({ name, text });
    console.log(
      `load average ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}; ${rounds} rounds per line, one connection, p50 (p95) ms`,
    );
    for (const [index, scenario] of scenarios.entries()) {
      const { path: target, init } = scenario.request(server.keys.anonKey, server.keys.serviceRoleKey);
      const captured = await capture(server.db, () => fetch(`${server.url}${target}`, init));
      const main = captured.at(-1);
      if (!main || main.who.kind !== 'request') throw new Error('nothing captured');
      const restSettings = settingsStatement(main.who, undefined, 'server');
      const minimalOf = (i: number) => scenario.minimal(i);
      const minimalWho: TxIdentity = { kind: 'request', role: minimalOf(0).role, claims: { role: minimalOf(0).role } };
      const minimalSettings = settingsStatement(minimalWho, undefined, 'server');
      if (!restSettings || !minimalSettings) throw new Error('no settings');
      const settingsOf = (s: { sql: string; params: string[] }, tag: string) => ({
        name: `s_${index}_${tag}`,
        sql: s.sql,
        params: s.params,
      });
      const readOnly = minimalOf(0).sql.startsWith('select');
      const restBegin = main.readOnly ? 'begin read only' : 'begin';
      // The batch line's statements are parsed by one transaction sent the other way first.
      /** REST's main statement under `name`, its values varied by `key`. */
      const restStatement = (name: string, key: string) => ({
        name,
        sql: main.sql,
        params: scenario.vary?.(main.params, key) ?? main.params,
      });
      await transaction(client, restBegin, settingsOf(restSettings, 'rest'), restStatement(`r_${index}_batch`, 'warm'));
      const lines: Array<[string, (i: number) => Promise<number>]> = [
        [
          'REST, one Sync (as the server sends it, decision 262)',
          (i) => batchTransaction(client, restBegin, settingsOf(restSettings, 'rest'), restStatement(`r_${index}_batch`, `c${i}`)),
        ],
        [
          'REST, one query each (its settings, its statement prepared)',
          (i) => transaction(client, restBegin, settingsOf(restSettings, 'rest'), restStatement(`r_${index}_rest`, `a${i}`)),
        ],
        [
          'minimal (its settings, its statement unnamed)',
          (i) => {
            const q = minimalOf(i);
            return transaction(client, readOnly ? 'begin read only' : 'begin', settingsOf(minimalSettings, 'min'), {
              sql: q.sql,
              params: q.params,
            });
          },
        ],
        [
          'REST statement prepared, minimal settings',
          (i) =>
            transaction(client, restBegin, settingsOf(minimalSettings, 'min'), {
              name: `r_${index}_min`,
              sql: main.sql,
              params: scenario.vary?.(main.params, `b${i}`) ?? main.params,
            }),
        ],
        [
          'minimal statement unnamed, REST settings',
          (i) => {
            const q = minimalOf(i + 1_000_000);
            return transaction(client, readOnly ? 'begin read only' : 'begin', settingsOf(restSettings, 'rest'), {
              sql: q.sql,
              params: q.params,
            });
          },
        ],
        [
          'minimal statement prepared, minimal settings',
          (i) => {
            const q = minimalOf(i + 2_000_000);
            return transaction(client, readOnly ? 'begin read only' : 'begin', settingsOf(minimalSettings, 'min'), {
              name: `m_${index}`,
              sql: q.sql,
              params: q.params,
            });
          },
        ],
      ];
      const times = lines.map((): number[] => []);
      for (let i = 0; i < 300 + rounds; i++) {
        for (let k = 0; k < lines.length; k++) {
          const t = (i + k) % lines.length;
          const took = await (lines[t] as [string, (i: number) => Promise<number>])[1](i);
          if (i >= 300) times[t]?.push(took);
        }
      }
      if (process.env.BENCH_SHOW_SQL)
        console.log(`${main.readOnly ? 'begin read only' : 'begin'}; ${main.sql} -- ${JSON.stringify(main.params)}`);
      console.log(
        `${scenario.name}: REST statement ${main.sql.length} characters, ${restSettings.params.join('').length} characters of settings`,
      );
      for (const [k, [label]] of lines.entries()) {
        const sorted = (times[k] ?? []).sort((a, b) => a - b);
        console.log(`  ${label.padEnd(48)} ${percentile(sorted, 50).toFixed(3)} (${percentile(sorted, 95).toFixed(3)})`);
      }
    }
  } finally {
    await client.end().catch(() => undefined);
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
