import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { templateDatabase } from './backends.ts';

/** A new database on the test run's PostgreSQL cluster, copied from the bootstrapped template. */
export async function createTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = process.env.PINSTAR_TEST_PG_URL;
  if (!base) throw new Error('PINSTAR_TEST_PG_URL is not set: run through `npm test` (tests/support/global-setup.ts)');
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: `${base}/postgres` });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${templateDatabase}`);
  } finally {
    await admin.end();
  }
  return {
    url: `${base}/${name}`,
    drop: async () => {
      const c = new pg.Client({ connectionString: `${base}/postgres` });
      await c.connect();
      try {
        await c.query(`drop database if exists ${name} with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}
