import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { cacheDir, dependencyManifest } from '../lib/package-paths.ts';
import { DbError } from './errors.ts';
import { applyBootstrap } from './migrate.ts';
import { extensionsNamedIn } from './pglite-extensions.ts';
import { PgliteDatabase } from './pglite.ts';
import { PostgresDatabase } from './postgres.ts';
import type { Database, RoleTimeouts } from './types.ts';

const bootstrapDir = new URL('./sql/', import.meta.url);

/** Identifies the bootstrap: a template is reused only while the SQL and PGlite are unchanged. */
function bootstrapFingerprint(): string {
  const hash = createHash('sha256');
  const pkg = dependencyManifest('@electric-sql/pglite');
  hash.update(pkg ? readFileSync(pkg) : 'pglite');
  for (const file of readdirSync(bootstrapDir).sort()) hash.update(file).update(readFileSync(new URL(file, bootstrapDir)));
  return hash.digest('hex').slice(0, 16);
}

export function pgliteTemplatePath(): string {
  return path.join(cacheDir, `pglite-bootstrap-${bootstrapFingerprint()}.tgz`);
}

function sqlFilesIn(dir: string): string[] {
  return existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith('.sql'))
        .map((f) => path.join(dir, f))
    : [];
}

/** Extensions the bootstrap and the project's migrations and seed may create. */
export function projectExtensions(projectDir: string): string[] {
  const files = [
    ...sqlFilesIn(bootstrapDir.pathname),
    ...sqlFilesIn(path.join(projectDir, 'migrations')),
    path.join(projectDir, 'seed.sql'),
  ];
  const names = new Set<string>();
  for (const file of files) if (existsSync(file)) for (const name of extensionsNamedIn(readFileSync(file, 'utf8'))) names.add(name);
  return [...names];
}

function isEmptyDir(dir: string): boolean {
  return !existsSync(dir) || readdirSync(dir).length === 0;
}

/**
 * Roles are cluster-wide: two servers starting at once on one PostgreSQL cluster (say, two
 * projects or test databases) both rewrite authenticator's row in pg_authid, and PostgreSQL
 * answers the loser with "tuple concurrently updated" instead of waiting. Advisory locks are
 * per database, so the write is retried instead.
 */
async function retryCatalogRace<T>(fn: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (error: unknown) {
      const race = error instanceof DbError && error.code === 'XX000' && error.message === 'tuple concurrently updated';
      if (!race || attempt >= 10) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10 + Math.random() * 40));
    }
  }
}

export interface OpenOptions {
  dataDir: string;
  /** The Supabase project folder: its SQL decides which PGlite extensions to load (default ./supabase). */
  projectDir?: string;
  databaseUrl: string | null;
  authenticatorPassword: string;
  /** Statement timeouts per role; each backend has its defaults (hosted's on PostgreSQL, decision 111 on PGlite). */
  statementTimeoutsMs?: RoleTimeouts;
  /** A tarball a new PGlite cluster is unpacked from, or a cluster folder it is copied from, instead of the bootstrap's template (ServerConfig.pgliteTemplate). */
  pgliteTemplate?: string;
  /** `[db.settings]` for the embedded database (ServerConfig.dbSettings); PostgreSQL keeps its own. */
  dbSettings?: Record<string, string>;
  /** Settings the embedded database takes unless dbSettings names them (ServerConfig.dbSettingDefaults). */
  dbSettingDefaults?: Record<string, string>;
}

export interface OpenedDatabase {
  db: Database;
  /** True when the cluster was created by this boot (seed.sql applies). */
  created: boolean;
}

/**
 * Opens the database and brings the Supabase bootstrap up to date. A new PGlite cluster is
 * unpacked from a cached template (initdb + bootstrap, made once per bootstrap version), which
 * turns a 3–7 s initdb into about a second.
 */
export async function openDatabase(options: OpenOptions): Promise<OpenedDatabase> {
  if (options.databaseUrl) {
    const db = new PostgresDatabase(options.databaseUrl, options.statementTimeoutsMs);
    await applyBootstrap(db);
    await retryCatalogRace(() =>
      db.transaction({ kind: 'system' }, (tx) =>
        tx
          .query(`select set_config('pinstar.pw', $1, true), 1`, [options.authenticatorPassword])
          .then(() =>
            tx.exec(`do $$ begin execute format('alter role authenticator with login password %L', current_setting('pinstar.pw')); end $$`),
          ),
      ),
    );
    db.useAuthenticator(options.authenticatorPassword);
    // A database is new to the project until a migration or the seed was recorded in it
    // (a test database copied from a bootstrapped template is new too).
    const created = await db.transaction({ kind: 'system' }, async (tx) => {
      const { rows } = await tx.query<{ used: boolean }>(
        `select exists (select 1 from supabase_migrations.schema_migrations) or exists (select 1 from supabase_migrations.seed_files) as used`,
      );
      return rows[0]?.used !== true;
    });
    return { db, created };
  }
  const clusterDir = path.join(options.dataDir, 'db');
  const created = isEmptyDir(clusterDir) || !existsSync(path.join(clusterDir, 'PG_VERSION'));
  const template = options.pgliteTemplate ?? pgliteTemplatePath();
  if (options.pgliteTemplate !== undefined && !existsSync(options.pgliteTemplate))
    throw new Error(`the PGlite template ${options.pgliteTemplate} does not exist`);
  const extensions = projectExtensions(options.projectDir ?? path.resolve('supabase'));
  const settings = { ...options.dbSettingDefaults, ...options.dbSettings };
  const pgliteOptions = { ...(options.statementTimeoutsMs ? { timeouts: options.statementTimeoutsMs } : {}), settings };
  if (created && existsSync(template)) {
    await mkdir(clusterDir, { recursive: true });
    const db = await PgliteDatabase.open(clusterDir, template, extensions, pgliteOptions);
    await applyBootstrap(db);
    return { db, created };
  }
  let db = await PgliteDatabase.open(clusterDir, null, extensions, pgliteOptions);
  await applyBootstrap(db);
  if (created) {
    // Save the template for the next new cluster, then reopen: initdb leaves the
    // process ~500 MB larger than a plain open (pglite-facts §1).
    await saveTemplate(template, await db.dump());
    await db.close();
    db = await PgliteDatabase.open(clusterDir, null, extensions, pgliteOptions);
  }
  return { db, created };
}

/**
 * Writes a cluster tarball where new clusters are unpacked from: whole or not at all (another
 * process starting at the same moment may be writing the same one; the last rename wins).
 */
export async function saveTemplate(template: string, tarball: Uint8Array): Promise<void> {
  await mkdir(path.dirname(template), { recursive: true });
  const partial = `${template}.${process.pid}.partial`;
  await writeFile(partial, tarball);
  await rename(partial, template);
}

export async function makePgliteTemplate(): Promise<string> {
  const template = pgliteTemplatePath();
  if (existsSync(template)) return template;
  const db = await PgliteDatabase.open('memory://', null, projectExtensions('/nonexistent'));
  try {
    await applyBootstrap(db);
    await saveTemplate(template, await db.dump());
  } finally {
    await db.close();
  }
  return template;
}
