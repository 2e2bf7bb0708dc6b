import type { Database } from '../../db/types.ts';
import type { Logger } from '../../lib/log.ts';
import { serialReloader } from './reloader.ts';

/** What the REST service takes from PostgREST's configuration, file and in-database. */
export interface RestConfig {
  /** `db-aggregates-enabled`: `count()`, `col.sum()`, … in `select`. */
  aggregates: boolean;
  /** `db-plan-enabled`: `Accept: application/vnd.pgrst.plan…` answers the EXPLAIN output. */
  plan: boolean;
  /** `db-tx-end`: every transaction ends in ROLLBACK… */
  txRollbackAll: boolean;
  /** …and `Prefer: tx=commit|rollback` may override that. */
  txAllowOverride: boolean;
  /** `db-max-rows`. */
  maxRows: number;
  /** `db-extra-search-path`, after the request's schema. */
  extraSearchPath: string[];
  /** `db-pre-request`: a function called in every request's transaction before its statement. */
  preRequest: { schema: string | null; name: string } | null;
}

/** The file side (config.toml / hosted defaults) the in-database settings override. */
export interface FileConfig {
  maxRows: number;
  extraSearchPath: string[];
}

/**
 * The in-database settings PostgREST reads (`Config/Database.hs` dbSettingsNames) that this
 * service honours; any other `pgrst.*` setting is ignored, as PostgREST ignores unknown names.
 */
export const honouredSettings = [
  'db_aggregates_enabled',
  'db_plan_enabled',
  'db_tx_end',
  'db_max_rows',
  'db_extra_search_path',
  'db_pre_request',
] as const;

/**
 * `queryDbSettings` (PostgREST `Config/Database.hs`): the `pgrst.*` settings of the
 * `authenticator` role, a database-specific row winning over the global one.
 */
const settingsSql = `
  with role_setting as (
    select setdatabase as database, unnest(setconfig) as setting
    from pg_catalog.pg_db_role_setting
    where setrole = (select oid from pg_catalog.pg_roles where rolname = 'authenticator')
      and setdatabase in (0, (select oid from pg_catalog.pg_database where datname = current_catalog))
  ), kv as (
    select database, substr(setting, 1, strpos(setting, '=') - 1) as k, substr(setting, strpos(setting, '=') + 1) as v
    from role_setting
  )
  select distinct on (key) replace(k, 'pgrst.', '') as key, v as value
  from kv where k = any($1::text[]) and v is not null
  order by key, database desc nulls last`;

export async function queryDbSettings(db: Database): Promise<Map<string, string>> {
  const names = `{${honouredSettings.map((n) => `pgrst.${n}`).join(',')}}`;
  const { rows } = await db.transaction({ kind: 'system' }, (tx) => tx.query<{ key: string; value: string }>(settingsSql, [names]), {
    readOnly: true,
    single: true,
  });
  return new Map(rows.map((r) => [r.key, r.value]));
}

/** A value PostgREST refuses (`Config.hs` parser `fail`): the whole configuration is rejected. */
export class ConfigError extends Error {}

/**
 * `coerceBool` (PostgREST `Config.hs`): letters only, any case, `true`/`false`; else an
 * integer (> 0 is true); anything else counts as unset.
 */
export function coerceBool(text: string): boolean | null {
  const letters = text.replace(/[^\p{L}]/gu, '').toLowerCase();
  if (letters === 'true') return true;
  if (letters === 'false') return false;
  return /^\s*-?\d+\s*$/.test(text) ? Number(text) > 0 : null;
}

function coerceInt(text: string): number | null {
  return /^\s*-?\d+\s*$/.test(text) ? Number(text) : null;
}

/** `parseTxEnd`: four values, anything else is an invalid configuration. */
function parseTxEnd(value: string | undefined): { txRollbackAll: boolean; txAllowOverride: boolean } {
  switch (value) {
    case undefined:
    case 'commit':
      return { txRollbackAll: false, txAllowOverride: false };
    case 'commit-allow-override':
      return { txRollbackAll: false, txAllowOverride: true };
    case 'rollback':
      return { txRollbackAll: true, txAllowOverride: false };
    case 'rollback-allow-override':
      return { txRollbackAll: true, txAllowOverride: true };
    default:
      throw new ConfigError('Invalid transaction termination. Check your configuration.');
  }
}

/** `toQi` (PostgREST `SchemaCache/Identifiers.hs`): split at the first dot, no dot means unqualified. */
function toQualified(text: string): { schema: string | null; name: string } {
  const dot = text.indexOf('.');
  return dot < 0 ? { schema: null, name: text } : { schema: text.slice(0, dot), name: text.slice(dot + 1) };
}

/** The configuration from the file side and the in-database settings (`Config.hs` parser; in-database wins). */
export function resolveConfig(file: FileConfig, settings: ReadonlyMap<string, string>): RestConfig {
  const bool = (key: string) => {
    const value = settings.get(key);
    return value === undefined ? false : (coerceBool(value) ?? false);
  };
  const maxRowsText = settings.get('db_max_rows');
  const maxRows = maxRowsText === undefined ? null : coerceInt(maxRowsText);
  const searchPath = settings.get('db_extra_search_path');
  const preRequest = settings.get('db_pre_request');
  return {
    aggregates: bool('db_aggregates_enabled'),
    plan: bool('db_plan_enabled'),
    // optString: an empty value counts as unset.
    ...parseTxEnd(settings.get('db_tx_end') || undefined),
    maxRows: maxRows !== null && maxRows > 0 ? maxRows : file.maxRows,
    extraSearchPath: searchPath === undefined ? file.extraSearchPath : searchPath === '' ? [] : searchPath.split(',').map((s) => s.trim()),
    preRequest: preRequest ? toQualified(preRequest) : null,
  };
}

/**
 * The live configuration: read at start and on `NOTIFY pgrst, 'reload config'` (PostgREST
 * `AppState.hs` readInDbConfig). A reload that fails keeps the configuration in force; an
 * invalid configuration at start is logged and the file side serves until a reload fixes it.
 */
export class DbConfig {
  current: RestConfig;
  readonly #db: Database;
  readonly #file: FileConfig;
  readonly #log: Logger;
  readonly #reloader = serialReloader(async () => {
    try {
      this.current = resolveConfig(this.#file, await queryDbSettings(this.#db));
    } catch (error: unknown) {
      this.#log.error('rest: reading the in-database configuration failed', error);
    }
  });

  constructor(db: Database, file: FileConfig, log: Logger) {
    this.#db = db;
    this.#file = file;
    this.#log = log;
    this.current = resolveConfig(file, new Map());
  }

  reload(): Promise<void> {
    return this.#reloader.reload();
  }

  settled(): Promise<void> {
    return this.#reloader.settled();
  }
}
