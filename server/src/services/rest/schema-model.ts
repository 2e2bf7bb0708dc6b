/** The schema cache's model (PostgREST `SchemaCache`): relations, keys, relationships and routines. */

export interface Column {
  name: string;
  num: number;
  /** Type as `format_type` prints it, e.g. `character varying(20)`, `text[]`, `mood`. */
  type: string;
  baseType: string;
  /** pg_type.typcategory: S string, N numeric, A array, U user (json…), R range, E enum… */
  category: string;
  nullable: boolean;
  hasDefault: boolean;
  generated: boolean;
  /** The column default as catalog SQL (trusted: written by the schema's owner), for `missing=default`. */
  default: string | null;
}

export interface Relation {
  oid: number;
  rowType: number;
  schema: string;
  name: string;
  kind: string;
  columns: Column[];
  byName: Map<string, Column>;
  primaryKey: string[];
  uniqueKeys: string[][];
  /** View columns traced to the table column they show: name → [relation oid, column name]. */
  origins: Map<string, [number, string]>;
  /** Functions taking this relation's row: computed fields (scalar) and relationships (rows). */
  computed: Map<string, Routine>;
}

export interface ForeignKey {
  name: string;
  from: Relation;
  to: Relation;
  fromColumns: string[];
  toColumns: string[];
}

export type Cardinality = 'many-to-one' | 'one-to-many' | 'one-to-one' | 'many-to-many';

export interface Junction {
  relation: Relation;
  toParent: ForeignKey;
  toTarget: ForeignKey;
}

/** How `parent` reaches `target`: PostgREST `SchemaCache/Relationship.hs`. */
export interface Relationship {
  cardinality: Cardinality;
  constraint: string;
  parent: Relation;
  target: Relation;
  /** Column pairs: parent column = target column (not used for many-to-many). */
  parentColumns: string[];
  targetColumns: string[];
  junction: Junction | null;
  /** A computed relationship: the function called with the parent row. */
  computed: Routine | null;
}

export interface RoutineParam {
  name: string;
  type: string;
  hasDefault: boolean;
  variadic: boolean;
}

export interface Routine {
  schema: string;
  name: string;
  params: RoutineParam[];
  returnType: string;
  returnsSet: boolean;
  returnsVoid: boolean;
  /** A table-like result (composite type or OUT/TABLE columns); null for scalars. */
  returnRelation: Relation | null;
  volatility: 'i' | 's' | 'v';
  /** Type of the first argument, and `ROWS` for set-returning functions (1 = to-one relationship). */
  firstArgType: number | null;
  rows: number;
}

export interface RawColumn extends Omit<Column, 'num'> {
  num?: number;
}
export interface RawRelation {
  oid: number;
  rowType: number;
  schema: string;
  name: string;
  kind: string;
  columns: RawColumn[];
  primaryKey: string[];
  uniqueKeys: string[][];
  viewDefinition: string | null;
}
export interface RawFunction {
  schema: string;
  name: string;
  returnType: string;
  returnTypeType: string;
  returnRelation: number | null;
  returnColumns: Array<{ name: string; type: string }> | null;
  returnsSet: boolean;
  volatility: 'i' | 's' | 'v';
  argTypes: string[];
  argNames: string[];
  argModes: string[];
  inputCount: number;
  defaultCount: number;
  variadic: boolean;
  firstArgType: number | null;
  rows: number;
}

export function makeRelation(raw: Omit<RawRelation, 'viewDefinition'>): Relation {
  const columns = raw.columns.map((c, i) => ({ ...c, num: c.num ?? i + 1 }));
  return { ...raw, columns, byName: new Map(columns.map((c) => [c.name, c])), origins: new Map(), computed: new Map() };
}

export function isUnique(relation: Relation, columns: string[]): boolean {
  return relation.uniqueKeys.some((key) => key.length === columns.length && key.every((c) => columns.includes(c)));
}
