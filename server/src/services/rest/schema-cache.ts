import type { Database } from '../../db/types.ts';
import { closest } from './fuzzy.ts';
import { findRelationships } from './relationships.ts';
import { makeRoutine } from './routines.ts';
import { schemaCacheSql } from './schema-cache-query.ts';
import {
  makeRelation,
  type ForeignKey,
  type RawFunction,
  type RawRelation,
  type Relation,
  type Relationship,
  type Routine,
} from './schema-model.ts';

export type {
  Cardinality,
  Column,
  ForeignKey,
  Junction,
  RawColumn,
  RawFunction,
  RawRelation,
  Relation,
  Relationship,
  Routine,
  RoutineParam,
} from './schema-model.ts';

interface RawCache {
  relations: RawRelation[];
  foreignKeys: Array<{ name: string; fromOid: number; toOid: number; fromColumns: string[]; toColumns: string[] }>;
  functions: RawFunction[];
}

/** `:resname x … :resorigtbl 123 :resorigcol 2 :resjunk false` in a view's stored query tree. */
const targetEntry = /:resno (\d+) :resname (\S+) :ressortgroupref \d+ :resorigtbl (\d+) :resorigcol (\d+) :resjunk false/g;

function traceOrigins(relation: Relation, definition: string, byOid: Map<number, Relation>): void {
  for (const match of definition.matchAll(targetEntry)) {
    const name = (match[2] ?? '').replace(/\\(.)/g, '$1');
    const origin = byOid.get(Number(match[3]));
    const num = Number(match[4]);
    const column = origin?.columns.find((c) => c.num === num);
    if (origin && column && relation.byName.has(name)) relation.origins.set(name, [origin.oid, column.name]);
  }
}

/** The base table column a view column shows, following views of views. */
function baseColumn(relation: Relation, column: string, byOid: Map<number, Relation>): [number, string] | null {
  let current: [number, string] = [relation.oid, column];
  for (let depth = 0; depth < 16; depth++) {
    const rel = byOid.get(current[0]);
    const next = rel?.origins.get(current[1]);
    if (!next) return depth === 0 ? null : current;
    current = next;
  }
  return null;
}

export class SchemaCache {
  readonly schemas: readonly string[];
  readonly relations = new Map<string, Relation>();
  readonly foreignKeys: ForeignKey[] = [];
  readonly routines = new Map<string, Routine[]>();
  readonly #relationships = new Map<string, Relationship[]>();

  constructor(schemas: readonly string[], raw: RawCache) {
    this.schemas = schemas;
    const byOid = new Map<number, Relation>();
    for (const r of raw.relations) {
      const relation = makeRelation(r);
      byOid.set(r.oid, relation);
      this.relations.set(`${r.schema}.${r.name}`, relation);
    }
    for (const r of raw.relations) if (r.viewDefinition) traceOrigins(byOid.get(r.oid) as Relation, r.viewDefinition, byOid);
    const views = [...byOid.values()].filter((r) => r.origins.size > 0);
    for (const view of views) inferViewKeys(view, byOid);
    for (const fk of raw.foreignKeys) {
      const from = byOid.get(fk.fromOid);
      const to = byOid.get(fk.toOid);
      if (!from || !to) continue;
      // PostgREST also relates the views that show a foreign key's columns (`viewKeyDependencies`).
      const sources = [{ rel: from, cols: fk.fromColumns }, ...viewsShowing(views, from, fk.fromColumns, byOid)];
      const targets = [{ rel: to, cols: fk.toColumns }, ...viewsShowing(views, to, fk.toColumns, byOid)];
      for (const s of sources)
        for (const t of targets) this.foreignKeys.push({ name: fk.name, from: s.rel, to: t.rel, fromColumns: s.cols, toColumns: t.cols });
    }
    const byRowType = new Map([...byOid.values()].map((r) => [r.rowType, r]));
    for (const f of raw.functions) {
      const routine = makeRoutine(f, byOid);
      const key = `${f.schema}.${f.name}`;
      this.routines.set(key, [...(this.routines.get(key) ?? []), routine]);
      // PostgREST computed fields and relationships: one argument, the row of a relation.
      const owner = routine.params.length === 1 && routine.firstArgType !== null ? byRowType.get(routine.firstArgType) : undefined;
      if (owner && owner.schema === routine.schema && !owner.byName.has(routine.name)) owner.computed.set(routine.name, routine);
    }
  }

  static async load(db: Database, schemas: readonly string[]): Promise<SchemaCache> {
    const raw = await db.transaction({ kind: 'system' }, async (tx) => {
      const { rows } = await tx.query<{ cache: string }>(schemaCacheSql, [[...schemas]]);
      return JSON.parse(rows[0]?.cache ?? '{}') as RawCache;
    });
    return new SchemaCache(schemas, raw);
  }

  relation(schema: string, name: string): Relation | undefined {
    return this.relations.get(`${schema}.${name}`);
  }

  /** Closest table name for PGRST205's hint ("Perhaps you meant …"), as PostgREST's fuzzy search. */
  suggestTable(schema: string, name: string): string | null {
    return closest(
      name,
      [...this.relations.values()].filter((r) => r.schema === schema).map((r) => r.name),
      0.75,
    );
  }

  /** Every relationship from `parent` to a target named `name` (table, constraint or FK column). */
  relationshipsFrom(parent: Relation, name: string): Relationship[] {
    const key = `${parent.oid}:${name}`;
    let found = this.#relationships.get(key);
    if (!found) {
      found = findRelationships(this.foreignKeys, parent, name);
      this.#relationships.set(key, found);
    }
    return found;
  }

  /** Any relationship of `parent` at all (for PGRST200's hint). */
  relatedNames(parent: Relation): string[] {
    const names = new Set<string>();
    for (const fk of this.foreignKeys) {
      if (fk.from === parent) names.add(fk.to.name);
      if (fk.to === parent) names.add(fk.from.name);
    }
    return [...names];
  }
}

function viewsShowing(
  views: Relation[],
  base: Relation,
  columns: string[],
  byOid: Map<number, Relation>,
): Array<{ rel: Relation; cols: string[] }> {
  const out: Array<{ rel: Relation; cols: string[] }> = [];
  for (const view of views) {
    const mapped = columns.map(
      (col) =>
        view.columns.find((vc) => {
          const origin = baseColumn(view, vc.name, byOid);
          return origin !== null && origin[0] === base.oid && origin[1] === col;
        })?.name,
    );
    if (mapped.every((m) => m !== undefined)) out.push({ rel: view, cols: mapped as string[] });
  }
  return out;
}

/** A view shows its base table's primary key when it shows every key column. */
function inferViewKeys(view: Relation, byOid: Map<number, Relation>): void {
  const bases = new Set([...view.columns].map((c) => baseColumn(view, c.name, byOid)?.[0]).filter((o) => o !== undefined));
  for (const oid of bases) {
    const base = byOid.get(oid);
    if (!base) continue;
    const mapKey = (key: string[]) =>
      key.map(
        (k) =>
          view.columns.find((vc) => {
            const o = baseColumn(view, vc.name, byOid);
            return o?.[0] === oid && o[1] === k;
          })?.name,
      );
    const pk = mapKey(base.primaryKey);
    if (base.primaryKey.length > 0 && pk.every((c) => c !== undefined) && view.primaryKey.length === 0) view.primaryKey = pk as string[];
    for (const key of base.uniqueKeys) {
      const mapped = mapKey(key);
      if (mapped.every((c) => c !== undefined)) view.uniqueKeys.push(mapped as string[]);
    }
  }
}

export { closest };
