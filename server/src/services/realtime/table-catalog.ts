import type { Database } from '../../db/types.ts';

export interface TableColumn {
  name: string;
  /** `pg_type.typname`, what the payload's `columns[].type` carries. */
  typname: string;
  /** `format_type(...)`, for casts in filter SQL. */
  sqlType: string;
  isPkey: boolean;
}

export interface TableInfo {
  schema: string;
  table: string;
  /** Quoted `"schema"."table"`. */
  qualified: string;
  columns: TableColumn[];
  pkey: string[];
  replicaFull: boolean;
  rls: boolean;
}

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/**
 * What postgres_changes needs to know about tables: which are in the `supabase_realtime`
 * publication (capture triggers follow it), their columns, keys, replica identity, RLS, and
 * per role which columns are selectable (upstream `apply_rls` has_column_privilege checks).
 */
export class TableCatalog {
  readonly #db: Database;
  #published = new Set<string>();
  #tables = new Map<string, TableInfo | null>();
  /**
   * Per table shape as read, the columns each role may select: what was worked out from a
   * shape is never used with another one (a column added since would be left out).
   */
  #selectable = new WeakMap<TableInfo, Map<string, Set<string>>>();
  /**
   * Counts the times what is known was dropped: a read that started before it is answered but
   * not kept, since it may have seen the tables as they were before the change that dropped it.
   */
  #generation = 0;
  #loaded: Promise<void> | null = null;

  constructor(db: Database) {
    this.#db = db;
  }

  /** Re-reads the publication, puts capture triggers where they belong, forgets table details. */
  refresh(): Promise<void> {
    const run = async () => {
      const published = await this.#db.transaction({ kind: 'system' }, async (tx) => {
        await tx.query('select _server.realtime_sync_capture()');
        const { rows } = await tx.query<{ schemaname: string; tablename: string }>(
          `select schemaname, tablename from pg_catalog.pg_publication_tables where pubname = 'supabase_realtime'`,
        );
        return rows;
      });
      this.#published = new Set(published.map((r) => `${r.schemaname}.${r.tablename}`));
      this.#tables.clear();
      this.#generation += 1;
    };
    this.#loaded = (this.#loaded ?? Promise.resolve()).catch(() => undefined).then(run);
    return this.#loaded;
  }

  async ready(): Promise<void> {
    await (this.#loaded ?? this.refresh());
  }

  /** Published tables matching a subscription's schema/table (`*` is a wildcard). */
  matching(schema: string, table: string): string[] {
    return [...this.#published].filter((key) => {
      const dot = key.indexOf('.');
      return (schema === '*' || key.slice(0, dot) === schema) && (table === '*' || key.slice(dot + 1) === table);
    });
  }

  isPublished(key: string): boolean {
    return this.#published.has(key);
  }

  async table(schema: string, table: string): Promise<TableInfo | null> {
    const key = `${schema}.${table}`;
    if (this.#tables.has(key)) return this.#tables.get(key) ?? null;
    const generation = this.#generation;
    const info = await this.#db.transaction({ kind: 'system' }, async (tx) => {
      const rel = await tx.query<{ oid: number; relreplident: string; relrowsecurity: boolean }>(
        `select c.oid::int8 as oid, c.relreplident::text, c.relrowsecurity from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
         where n.nspname = $1 and c.relname = $2`,
        [schema, table],
      );
      const r = rel.rows[0];
      if (!r) return null;
      const cols = await tx.query<{ name: string; typname: string; sql_type: string; is_pkey: boolean }>(
        `select a.attname as name, t.typname::text as typname, pg_catalog.format_type(a.atttypid, a.atttypmod) as sql_type,
           exists (select 1 from pg_catalog.pg_index i where i.indrelid = a.attrelid and i.indisprimary and a.attnum = any(i.indkey)) as is_pkey
         from pg_catalog.pg_attribute a join pg_catalog.pg_type t on t.oid = a.atttypid
         where a.attrelid = $1::int8::oid and a.attnum > 0 and not a.attisdropped order by a.attnum`,
        [r.oid],
      );
      const columns = cols.rows.map((c) => ({ name: c.name, typname: c.typname, sqlType: c.sql_type, isPkey: c.is_pkey }));
      return {
        schema,
        table,
        qualified: `${quoteIdent(schema)}.${quoteIdent(table)}`,
        columns,
        pkey: columns.filter((c) => c.isPkey).map((c) => c.name),
        replicaFull: r.relreplident === 'f',
        rls: r.relrowsecurity,
      } satisfies TableInfo;
    });
    if (generation === this.#generation) this.#tables.set(key, info);
    return info;
  }

  /** Drops what is known of one table (its shape changed since it was read). */
  forget(schema: string, table: string): void {
    this.#tables.delete(`${schema}.${table}`);
    this.#generation += 1;
  }

  /** Columns of the table the role may SELECT. */
  async selectable(info: TableInfo, role: string): Promise<Set<string>> {
    let byRole = this.#selectable.get(info);
    if (!byRole) this.#selectable.set(info, (byRole = new Map()));
    const cached = byRole.get(role);
    if (cached) return cached;
    const names = await this.#db.transaction({ kind: 'system' }, async (tx) => {
      const { rows } = await tx.query<{ name: string }>(
        `select c as name from unnest($3::text[]) c
         where exists (select 1 from pg_catalog.pg_roles r where r.rolname = $1)
           and pg_catalog.has_column_privilege($1, $2::regclass, c, 'SELECT')`,
        [role, info.qualified, info.columns.map((c) => c.name)],
      );
      return new Set(rows.map((r) => r.name));
    });
    byRole.set(role, names);
    return names;
  }
}

/** `old_record` carries the primary key only, unless the table has REPLICA IDENTITY FULL. */
export function trimOld(info: TableInfo, old: Record<string, unknown> | null): Record<string, unknown> | null {
  if (!old || info.replicaFull) return old;
  return Object.fromEntries(info.pkey.filter((c) => c in old).map((c) => [c, old[c]]));
}
