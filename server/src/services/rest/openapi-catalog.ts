/** What the OpenAPI document needs beyond the schema cache: comments, types as PostgREST names them, verbs. */
export interface CatalogColumn {
  name: string;
  description: string | null;
  nullable: boolean;
  /** PostgREST's `data_type`: built-in types without modifiers (`character varying`), others as declared. */
  type: string;
  maxLength: number | null;
  default: string | null;
  enum: string[];
}

export interface CatalogRelation {
  schema: string;
  name: string;
  description: string | null;
  partition: boolean;
  insertable: boolean;
  updatable: boolean;
  deletable: boolean;
  columns: CatalogColumn[];
}

export interface Catalog {
  /** Schema comments (`obj_description`): title and description of the document. */
  schemas: Record<string, string | null>;
  relations: Map<string, CatalogRelation>;
  /** Function comments by `schema.name(type,…)`. */
  functionDescriptions: Map<string, string>;
}

/** What the caller may use (openapi-mode = follow-privileges): relation names and function signatures. */
export interface Access {
  tables: Set<string>;
  functions: Set<string>;
}

export interface DocumentOptions {
  schema: string;
  /** `openapi-server-proxy-uri`: the public URL of `/rest/v1`. */
  baseUrl: URL;
  version: string;
  docsVersion: string;
}

export function routineKey(schema: string, name: string, types: readonly string[]): string {
  return `${schema}.${name}(${types.join(',')})`;
}
