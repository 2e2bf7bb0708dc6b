import pg from 'pg';
import { buildWebIfNeeded } from '../../scripts/build-web.ts';
import { applyBootstrap } from '../../server/src/db/migrate.ts';
import { makePgliteTemplate } from '../../server/src/db/open.ts';
import { PostgresDatabase } from '../../server/src/db/postgres.ts';
import { templateDatabase, testBackends } from './backends.ts';
import { startCluster, type Cluster } from './postgres-cluster.ts';

let cluster: Cluster | null = null;

/**
 * Once per `npm test`: the PGlite template (initdb + Supabase bootstrap, unpacked per test
 * server), a throwaway PostgreSQL 15 cluster with a template database, and the built web app.
 * Test files read the cluster's URL from PINSTAR_TEST_PG_URL.
 */
export async function globalSetup(): Promise<void> {
  const backends = testBackends();
  await Promise.all([
    backends.includes('pglite') ? makePgliteTemplate() : null,
    process.env.PINSTAR_SKIP_WEB_BUILD ? null : buildWebIfNeeded(),
    (async () => {
      if (!backends.includes('postgres') || process.env.PINSTAR_TEST_PG_URL) return;
      cluster = await startCluster();
      const admin = new pg.Client({ connectionString: `${cluster.url}/postgres` });
      await admin.connect();
      await admin.query(`create database ${templateDatabase}`);
      await admin.end();
      const db = new PostgresDatabase(`${cluster.url}/${templateDatabase}`);
      await applyBootstrap(db);
      await db.close();
      process.env.PINSTAR_TEST_PG_URL = cluster.url;
    })(),
  ]);
}

export async function globalTeardown(): Promise<void> {
  // A cluster this run started goes with everything on it; one named by PINSTAR_TEST_PG_URL stays.
  if (cluster) cluster.stop();
  else if (process.env.PINSTAR_TEST_PG_URL) {
    // Imported here: the test runner's process has no other use for the server's modules.
    const { dropAppTemplates } = await import('./databases.ts');
    await dropAppTemplates().catch(() => undefined);
  }
}
