import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { lockDataDir } from '../server/src/db/lock.ts';
import { applyProject, describeBootError } from '../server/src/db/migrate.ts';
import { openDatabase } from '../server/src/db/open.ts';
import { PgliteDatabase } from '../server/src/db/pglite.ts';
import { loadConfig, tomlValue } from '../server/src/lib/config.ts';

const usage = `Usage:
  npm run db:reset [-- --project <dir>]   recreate the database from migrations and seed.sql
  npm run db:dump  [-- --out <file>]      write a backup of the database

Both act on DATA_DIR (default .data) or DATABASE_URL, and refuse while a server uses the data dir.`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { project: { type: 'string' }, out: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
});
const command = positionals[0];
if (values.help || (command !== 'reset' && command !== 'dump')) {
  process.stdout.write(`${usage}\n`);
  process.exit(values.help ? 0 : 2);
}

const config = loadConfig({ projectDir: values.project });

async function reset(): Promise<void> {
  if (config.databaseUrl) {
    const { db } = await openDatabase(config);
    await db.transaction({ kind: 'system' }, (tx) =>
      tx.exec(`drop schema if exists public, auth, storage, realtime, supabase_migrations, graphql_public, _server cascade;
        create schema public; grant usage on schema public to public;`),
    );
    await db.close();
  } else {
    await rm(path.join(config.dataDir, 'db'), { recursive: true, force: true });
  }
  await rm(path.join(config.dataDir, 'storage'), { recursive: true, force: true });
  const { db, created } = await openDatabase(config);
  try {
    const report = await applyProject(db, config.projectDir, {
      seed: config.seed && created,
      autoExposeNewTables: tomlValue(config.toml, 'api.auto_expose_new_tables', true),
    });
    process.stdout.write(`Database reset: ${report.applied.length} migration(s) applied${report.seeded ? ', seed.sql applied' : ''}.\n`);
  } finally {
    await db.close();
  }
}

async function dump(): Promise<void> {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  if (config.databaseUrl) {
    process.stderr.write('With DATABASE_URL, back up with pg_dump: pg_dump "$DATABASE_URL" > backup.sql\n');
    process.exit(2);
  }
  const cluster = path.join(config.dataDir, 'db');
  if (!existsSync(path.join(cluster, 'PG_VERSION'))) throw new Error(`no database in ${config.dataDir}`);
  const out = path.resolve(values.out ?? path.join('backups', `pinstar-${stamp}.tar.gz`));
  const db = await PgliteDatabase.open(cluster);
  try {
    const tarball = await db.dump();
    await mkdir(path.dirname(out), { recursive: true });
    await writeFile(out, tarball);
    process.stdout.write(
      `Backup written to ${out} (${(tarball.byteLength / 1e6).toFixed(1)} MB). Restore: extract it into an empty DATA_DIR/db.\n`,
    );
  } finally {
    await db.close();
  }
}

const unlock = lockDataDir(config.dataDir);
try {
  await (command === 'reset' ? reset() : dump());
} catch (error: unknown) {
  process.stderr.write(`${describeBootError(error)}\n`);
  process.exitCode = 1;
} finally {
  unlock();
}
