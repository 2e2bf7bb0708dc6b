import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { DbError, isDbError } from './errors.ts';
import { pgliteExtensionNames } from './pglite-extensions.ts';
import { splitStatements } from './sql-statements.ts';
import type { Backend, Database, Tx } from './types.ts';

const bootstrapDir = new URL('./sql/', import.meta.url);

/**
 * What to do about an extension the backend lacks, with the statement that asked for it:
 * PGlite ships a fixed set; PostgreSQL needs the extension's package on the database host.
 */
function missingExtensionAdvice(cause: DbError, sql: string | null, backend: Backend | null): string {
  const name = /extension "([^"]+)" is not available/.exec(cause.message)?.[1];
  if (cause.code !== '0A000' || !name) return '';
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const statement = sql ? new RegExp(`create\\s+extension[^;]*?"?${escaped}"?[^;]*;?`, 'i').exec(sql)?.[0] : undefined;
  const at = statement ? `\n  statement: ${statement.replace(/\s+/g, ' ').trim()}` : '';
  const todo =
    backend === 'pglite'
      ? `\n  PGlite does not ship "${name}". Extensions it ships: ${pgliteExtensionNames().join(', ')}.` +
        `\n  Remove the statement, or run on PostgreSQL (DATABASE_URL) with the extension installed.`
      : `\n  Install the extension on the PostgreSQL server (on Debian: the postgresql-<major>-${name} package or its equivalent), then start again.`;
  return `${at}${todo}`;
}

export interface FailedStatement {
  /** 1-based line of the statement in its file. */
  line: number;
  text: string;
}

/** A statement as an error shows it: its first lines, at most 400 characters. */
function shown(text: string): string {
  const lines = text.split('\n');
  const head = lines.slice(0, 6).join('\n  ');
  const cut = head.length > 400 ? `${head.slice(0, 400)}…` : head;
  return lines.length > 6 && !cut.endsWith('…') ? `${cut}\n  …` : cut;
}

export class MigrationError extends Error {
  readonly file: string;
  readonly statement: FailedStatement | null;
  constructor(
    file: string,
    cause: unknown,
    context: { sql?: string; backend?: Backend; statement?: FailedStatement | null; shownPath?: string } = {},
  ) {
    const statement = context.statement ?? null;
    const detail = isDbError(cause)
      ? `${cause.code}: ${cause.message}${cause.detail ? ` (${cause.detail})` : ''}${cause.hint ? `\n  hint: ${cause.hint}` : ''}`
      : String(cause);
    const where = context.shownPath ?? file;
    const at = statement ? `${where}:${statement.line}` : where;
    const text = statement ? `\n  statement (line ${statement.line}):\n  ${shown(statement.text)}` : '';
    const advice = isDbError(cause) ? missingExtensionAdvice(cause, statement ? null : (context.sql ?? null), context.backend ?? null) : '';
    super(`${at} failed: ${detail}${text}${advice}`);
    this.name = 'MigrationError';
    this.file = file;
    this.statement = statement;
  }
}

const replayed = Symbol('replayed');

/**
 * Which statement of a file that failed as a whole fails, and where: the file's statements are
 * run one by one in a transaction that is always rolled back, and the first that fails is named
 * (null when none does: the failure did not repeat).
 */
async function failingStatement(db: Database, sql: string): Promise<FailedStatement | null> {
  let found: FailedStatement | null = null;
  await db
    .transaction({ kind: 'system' }, async (tx) => {
      await tx.query(migrationSearchPath);
      for (const statement of splitStatements(sql)) {
        try {
          await tx.exec(statement.text);
        } catch {
          found = statement;
          break;
        }
      }
      throw replayed;
    })
    .catch((error: unknown) => {
      if (error !== replayed) return;
    });
  return found;
}

/** Runs one project file in its own transaction; a failure names the file, the line and the statement. */
async function applyFile(db: Database, label: string, file: string, sql: string, record: (tx: Tx) => Promise<unknown>): Promise<void> {
  try {
    await db.transaction({ kind: 'system' }, async (tx) => {
      await tx.query(migrationSearchPath);
      await tx.exec(sql);
      await record(tx);
    });
  } catch (error: unknown) {
    const statement = isDbError(error) ? await failingStatement(db, sql).catch(() => null) : null;
    throw new MigrationError(label, error, { sql, backend: db.backend, statement, shownPath: path.relative(process.cwd(), file) || file });
  }
}

async function sqlFiles(dir: string | URL): Promise<string[]> {
  try {
    return (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
  } catch (error: unknown) {
    if (typeof error === 'object' && error !== null && 'code' in error && error.code === 'ENOENT') return [];
    throw error;
  }
}

/** What Supabase provides before any app migration; each file once, recorded in _server. */
export async function applyBootstrap(db: Database): Promise<{ fresh: boolean }> {
  const files = await sqlFiles(bootstrapDir);
  const applied = await db.transaction({ kind: 'system' }, async (tx) => {
    await tx.exec(`create schema if not exists _server;
      create table if not exists _server.bootstrap (name text primary key, applied_at timestamptz not null default now())`);
    return new Set((await tx.query<{ name: string }>('select name from _server.bootstrap')).rows.map((r) => r.name));
  });
  for (const file of files) {
    if (applied.has(file)) continue;
    const sql = await readFile(new URL(file, bootstrapDir), 'utf8');
    await db
      .transaction({ kind: 'system' }, async (tx) => {
        await tx.exec(sql);
        await tx.query('insert into _server.bootstrap (name) values ($1)', [file]);
      })
      .catch((error: unknown) => {
        throw new MigrationError(`server bootstrap ${file}`, error);
      });
  }
  return { fresh: applied.size === 0 };
}

/**
 * The search_path Supabase gives the database owner (supabase/postgres init scripts:
 * `"$user", public, extensions`), so migrations and seeds find `gen_salt`, `uuid_generate_v4`
 * and the other functions of extensions installed in `extensions` as they do on the CLI.
 */
const migrationSearchPath = `select set_config('search_path', '"$user", public, extensions', true)`;

/**
 * Default privileges on `public` (decision 170). The Supabase CLI keeps the initial schema's
 * grants to the API roles on new tables, sequences and functions unless
 * `[api] auto_expose_new_tables = false`, hosted's rule for new projects, which leaves new
 * tables without grants (functions and sequences keep theirs here).
 */
function publicDefaultPrivileges(autoExpose: boolean): string {
  const verb = autoExpose ? 'grant' : 'revoke';
  const direction = autoExpose ? 'to' : 'from';
  return `alter default privileges in schema public ${verb} all on tables ${direction} anon, authenticated, service_role;
    alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
    alter default privileges in schema public grant all on functions to anon, authenticated, service_role;`;
}

export interface MigrationReport {
  applied: string[];
  seeded: boolean;
}

/** The Supabase CLI's version/name split: `20240101120000_create_places.sql`. */
function parseMigrationName(file: string): { version: string; name: string } {
  const base = file.replace(/\.sql$/, '');
  const at = base.indexOf('_');
  return at === -1 ? { version: base, name: '' } : { version: base.slice(0, at), name: base.slice(at + 1) };
}

/**
 * Applies `<project>/migrations/*.sql` once each in name order, each in its own transaction
 * (a failure leaves the database as it was before that file and stops the boot), then
 * `<project>/seed.sql` when the database was new — as `supabase start` / `db reset` do.
 */
export async function applyProject(
  db: Database,
  projectDir: string,
  { seed, autoExposeNewTables = true }: { seed: boolean; autoExposeNewTables?: boolean },
): Promise<MigrationReport> {
  // `seed` is true only for a database this boot created.
  const migrationsDir = path.join(projectDir, 'migrations');
  const files = await sqlFiles(migrationsDir);
  const done = await db.transaction({ kind: 'system' }, async (tx) => {
    await tx.exec(publicDefaultPrivileges(autoExposeNewTables));
    const rows = (await tx.query<{ version: string }>('select version from supabase_migrations.schema_migrations')).rows;
    return new Set(rows.map((r) => r.version));
  });
  const applied: string[] = [];
  for (const file of files) {
    const { version, name } = parseMigrationName(file);
    if (done.has(version)) continue;
    const sql = await readFile(path.join(migrationsDir, file), 'utf8');
    await applyFile(db, path.join('migrations', file), path.join(migrationsDir, file), sql, (tx) =>
      tx.query('insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)', [version, name, [sql]]),
    );
    applied.push(file);
  }
  let seeded = false;
  const seedFile = path.join(projectDir, 'seed.sql');
  if (seed && existsSync(seedFile)) {
    const sql = await readFile(seedFile, 'utf8');
    await applyFile(db, 'seed.sql', seedFile, sql, (tx) =>
      tx.query(
        'insert into supabase_migrations.seed_files (path, hash) values ($1, $2) on conflict (path) do update set hash = excluded.hash',
        ['seed.sql', createHash('sha256').update(sql).digest('hex')],
      ),
    );
    seeded = true;
  }
  if (applied.length > 0 || seeded) {
    await db.transaction({ kind: 'system' }, (tx) => tx.exec(`notify pgrst, 'reload schema'`));
  }
  return { applied, seeded };
}

export function describeBootError(error: unknown): string {
  if (error instanceof MigrationError) return error.message;
  if (error instanceof DbError) return `${error.code}: ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}
