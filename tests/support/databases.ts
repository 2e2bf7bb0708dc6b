import { createHash, randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { silentLogger } from '../../server/src/lib/log.ts';
import { bootServer } from '../../server/src/server.ts';
import { templateDatabase } from './backends.ts';

/** Runs `work` on a connection to the cluster's `postgres` database, closed after. */
async function asAdmin<T>(base: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: `${base}/postgres` });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/**
 * A new database on the test run's PostgreSQL cluster, copied from the bootstrapped template, or
 * from `template` (a database made by `appTemplateDatabase`).
 */
export async function createTestDatabase(template = templateDatabase): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = process.env.PINSTAR_TEST_PG_URL;
  if (!base) throw new Error('PINSTAR_TEST_PG_URL is not set: run through `npm test` (tests/support/global-setup.ts)');
  const name = `test_${randomBytes(6).toString('hex')}`;
  await asAdmin(base, (admin) => admin.query(`create database ${name} template ${template}`));
  return {
    url: `${base}/${name}`,
    drop: async () => {
      await asAdmin(base, (admin) => admin.query(`drop database if exists ${name} with (force)`));
    },
  };
}

/** A database a server booted the app's project on once, and the data dir that boot left. */
export interface AppTemplate {
  database: string;
  dataDir: string;
}

const appTemplates = new Map<boolean, Promise<AppTemplate | null>>();

/**
 * The app templates' names begin with one of the run's own: their data dirs live in the run's
 * folder and go with it, so a template left on a cluster that outlives the run (one named by
 * PINSTAR_TEST_PG_URL) is never taken for the next run's. `dropAppTemplates` removes them.
 */
function appTemplatePrefix(runDir: string): string {
  return `pinstar_app_${createHash('sha256').update(runDir).digest('hex').slice(0, 10)}_`;
}

/** Drops this run's app template databases (`npm test`'s teardown), on a cluster that outlives the run. */
export async function dropAppTemplates(): Promise<void> {
  const base = process.env.PINSTAR_TEST_PG_URL;
  const runDir = process.env.PINSTAR_TEST_CLUSTERS;
  if (!base || !runDir) return;
  await asAdmin(base, async (admin) => {
    const { rows } = await admin.query<{ name: string }>('select datname as name from pg_database where starts_with(datname, $1)', [
      appTemplatePrefix(runDir),
    ]);
    for (const { name } of rows) {
      await admin.query(`alter database ${name} with is_template false`);
      await admin.query(`drop database ${name} with (force)`);
    }
  });
}

/**
 * Under `npm test` (its run folder, PINSTAR_TEST_CLUSTERS), a template database on the run's
 * cluster that a server booted the app's project on once, with the seed or without, and the data
 * dir that boot left (the stored files of the buckets' objects it uploaded): a test server copies
 * both and boots as on a restart, as on PGlite (decision 459). Made once per run by the first
 * test process that asks, the others waiting on an advisory lock; marked a template when done.
 * Null outside `npm test`.
 */
export function appTemplateDatabase(projectDir: string, seed: boolean): Promise<AppTemplate | null> {
  let template = appTemplates.get(seed);
  if (!template) appTemplates.set(seed, (template = makeAppTemplate(projectDir, seed)));
  return template;
}

async function makeAppTemplate(projectDir: string, seed: boolean): Promise<AppTemplate | null> {
  const base = process.env.PINSTAR_TEST_PG_URL;
  const runDir = process.env.PINSTAR_TEST_CLUSTERS;
  if (!base || !runDir) return null;
  const database = `${appTemplatePrefix(runDir)}${seed ? 'seeded' : 'plain'}`;
  const dataDir = path.join(runDir, `postgres-${database}`);
  return asAdmin(base, async (admin) => {
    await admin.query('select pg_advisory_lock(hashtext($1))', [database]);
    const { rows } = await admin.query<{ ready: boolean }>('select datistemplate as ready from pg_database where datname = $1', [database]);
    if (rows[0]?.ready) return { database, dataDir };
    // A maker that stopped halfway leaves a database not marked a template, and its data dir.
    await admin.query(`drop database if exists ${database} with (force)`);
    rmSync(dataDir, { recursive: true, force: true });
    await admin.query(`create database ${database} template ${templateDatabase}`);
    const booted = await bootServer({
      projectDir,
      port: 0,
      dataDir,
      env: { ...process.env, DATABASE_URL: `${base}/${database}` },
      log: silentLogger,
      override: { logRequests: false, seed },
    });
    await booted.close();
    await admin.query(`alter database ${database} with is_template true`);
    return { database, dataDir };
  });
}
