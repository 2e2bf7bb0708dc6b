import type { Relation, Routine, SchemaCache } from './schema-cache.ts';

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

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const json = 'application/json';
const objectStripped = 'application/vnd.pgrst.object+json;nulls=stripped';
const object = 'application/vnd.pgrst.object+json';

export function routineKey(schema: string, name: string, types: readonly string[]): string {
  return `${schema}.${name}(${types.join(',')})`;
}

/** `toSwaggerType` (PostgREST `Response/OpenAPI.hs`): json/jsonb have no type, `[]` is an array, the rest a string. */
export function swaggerType(pgType: string): string | null {
  switch (pgType) {
    case 'character varying':
    case 'character':
    case 'text':
      return 'string';
    case 'boolean':
      return 'boolean';
    case 'smallint':
    case 'integer':
    case 'bigint':
      return 'integer';
    case 'numeric':
    case 'real':
    case 'double precision':
      return 'number';
    case 'json':
    case 'jsonb':
      return null;
    default:
      return pgType.endsWith('[]') ? 'array' : 'string';
  }
}

/** `toSwaggerFormat`: int32/int64 for the integer types, the PostgreSQL type name otherwise. */
export function swaggerFormat(pgType: string): string {
  if (pgType === 'smallint' || pgType === 'integer') return 'int32';
  if (pgType === 'bigint') return 'int64';
  return pgType;
}

/** Objects leave with their keys sorted, so the same schema always renders the same bytes. */
function sorted(entries: Record<string, Json | undefined>): JsonObject {
  const out: JsonObject = {};
  for (const key of Object.keys(entries).sort()) {
    const value = entries[key];
    if (value !== undefined) out[key] = value;
  }
  return out;
}

function arrayItems(pgType: string): Json | undefined {
  if (swaggerType(pgType) !== 'array') return undefined;
  const type = swaggerType(pgType.slice(0, -2));
  return type === null ? {} : { type };
}

/** `parseDefault`: strings lose their `::type` cast and quotes; anything that is not JSON is left out. */
function parseDefault(pgType: string, expression: string | null): Json | undefined {
  if (expression === null) return undefined;
  let text = expression;
  if (swaggerType(pgType) === 'string') {
    const cast = `::${pgType}`;
    if (text.endsWith(cast)) text = text.slice(0, -cast.length).replace(/^'+|'+$/g, '');
    text = `"${text}"`;
  }
  try {
    return JSON.parse(text) as Json;
  } catch {
    return undefined;
  }
}

/** First line of a comment is the summary, the rest (leading newlines dropped) the description. */
function splitComment(comment: string | null): { summary: string | undefined; description: string | undefined } {
  if (comment === null) return { summary: undefined, description: undefined };
  const index = comment.indexOf('\n');
  if (index < 0) return { summary: comment, description: undefined };
  const rest = comment.slice(index).replace(/^\n+/, '');
  return { summary: comment.slice(0, index), description: rest === '' ? undefined : rest };
}

/** The single-column foreign key a column holds, tables before views (`makeProperty` fk). */
function foreignKeyNote(cache: SchemaCache, relation: Relation, column: string): string | null {
  const candidates = cache.foreignKeys
    .filter((fk) => fk.from === relation && fk.to.schema === relation.schema && fk.fromColumns.length === 1 && fk.fromColumns[0] === column)
    .sort((a, b) => Number(a.to.kind === 'v' || a.to.kind === 'm') - Number(b.to.kind === 'v' || b.to.kind === 'm'));
  const fk = candidates[0];
  const target = fk?.toColumns[0];
  if (!fk || target === undefined) return null;
  return `This is a Foreign Key to \`${fk.to.name}.${target}\`.<fk table='${fk.to.name}' column='${target}'/>`;
}

function property(cache: SchemaCache, relation: Relation, column: CatalogColumn): Json {
  const notes = ['Note:'];
  if (relation.primaryKey.includes(column.name)) notes.push('This is a Primary Key.<pk/>');
  const fk = foreignKeyNote(cache, relation, column.name);
  if (fk) notes.push(fk);
  const description =
    notes.length > 1 ? `${column.description === null ? '' : `${column.description}\n\n`}${notes.join('\n')}` : column.description;
  return sorted({
    default: parseDefault(column.type, column.default),
    description: description ?? undefined,
    enum: column.enum.length > 0 ? column.enum : undefined,
    format: swaggerFormat(column.type),
    items: arrayItems(column.type),
    maxLength: column.maxLength ?? undefined,
    type: swaggerType(column.type) ?? undefined,
  });
}

function definition(cache: SchemaCache, relation: Relation, catalog: CatalogRelation): Json {
  const required = catalog.columns.filter((c) => !c.nullable).map((c) => c.name);
  return sorted({
    description: catalog.description ?? undefined,
    properties: Object.fromEntries(catalog.columns.map((c) => [c.name, property(cache, relation, c)])),
    required: required.length > 0 ? required : undefined,
    type: 'object',
  });
}

const ref = (name: string): Json => ({ $ref: `#/parameters/${name}` });

function tablePath(catalog: CatalogRelation): Json {
  const name = catalog.name;
  const { summary, description } = splitComment(catalog.description);
  const base = { description, summary, tags: [name] };
  const filters = catalog.columns.map((c) => `rowFilter.${name}.${c.name}`);
  const get = sorted({
    ...base,
    parameters: [...filters, 'select', 'order', 'range', 'rangeUnit', 'offset', 'limit', 'preferCount'].map(ref),
    responses: {
      '200': { description: 'OK', schema: { items: { $ref: `#/definitions/${name}` }, type: 'array' } },
      '206': { description: 'Partial Content' },
    },
  });
  if (!catalog.insertable && !catalog.updatable && !catalog.deletable) return { get };
  return {
    delete: sorted({ ...base, parameters: [...filters, 'preferReturn'].map(ref), responses: { '204': { description: 'No Content' } } }),
    get,
    patch: sorted({
      ...base,
      parameters: [...filters, `body.${name}`, 'preferReturn'].map(ref),
      responses: { '204': { description: 'No Content' } },
    }),
    post: sorted({
      ...base,
      parameters: [`body.${name}`, 'select', 'preferPost'].map(ref),
      responses: { '201': { description: 'Created' } },
    }),
  };
}

function routineProperty(pgType: string): Json {
  return sorted({ format: swaggerFormat(pgType), items: arrayItems(pgType), type: swaggerType(pgType) ?? undefined });
}

/** A GET argument: arrays and json travel as strings, a VARIADIC one repeats (`collectionFormat: multi`). */
function queryParam(param: Routine['params'][number]): Json {
  const required = !param.hasDefault;
  if (param.variadic) {
    const element = param.type.endsWith('[]') ? param.type.slice(0, -2) : param.type;
    const itemType = swaggerType(element);
    return sorted({
      collectionFormat: 'multi',
      in: 'query',
      items: sorted({ format: swaggerFormat(element), type: itemType ?? undefined }),
      name: param.name,
      required,
      type: swaggerType(param.type) ?? 'string',
    });
  }
  const type = swaggerType(param.type);
  return sorted({
    format: swaggerFormat(param.type),
    in: 'query',
    name: param.name,
    required,
    type: type === null || type === 'array' ? 'string' : type,
  });
}

function routinePath(routine: Routine, comment: string | null): Json {
  const { summary, description } = splitComment(comment);
  const base = {
    description,
    produces: [json, objectStripped, object],
    responses: { '200': { description: 'OK' } },
    summary,
    tags: [`(rpc) ${routine.name}`],
  };
  const required = routine.params.filter((p) => !p.hasDefault).map((p) => p.name);
  const body = sorted({
    description: comment ?? undefined,
    properties: Object.fromEntries(routine.params.map((p) => [p.name, routineProperty(p.type)])),
    required: required.length > 0 ? required : undefined,
    type: 'object',
  });
  const post = sorted({ ...base, parameters: [{ in: 'body', name: 'args', required: true, schema: body }, ref('preferParams')] });
  if (routine.volatility === 'v') return { post };
  return { get: sorted({ ...base, parameters: routine.params.map(queryParam) }), post };
}

function preferParam(values: string[]): Json {
  return sorted({
    description: 'Preference',
    enum: values.length > 0 ? values : undefined,
    in: 'header',
    name: 'Prefer',
    required: false,
    type: 'string',
  });
}

function plainParam(name: string, description: string, where: 'query' | 'header', extra: JsonObject = {}): Json {
  return sorted({ description, in: where, name, required: false, type: 'string', ...extra });
}

const returnPrefs = ['return=representation', 'return=minimal', 'return=none'];

/** The shared parameters of `makeParamDefs`, then a body and one filter per column for each relation. */
function parameters(relations: CatalogRelation[]): JsonObject {
  const out: JsonObject = {
    preferParams: preferParam([]),
    preferReturn: preferParam(returnPrefs),
    preferCount: preferParam(['count=none']),
    preferPost: preferParam([...returnPrefs, 'resolution=ignore-duplicates', 'resolution=merge-duplicates']),
    select: plainParam('select', 'Filtering Columns', 'query'),
    on_conflict: plainParam('on_conflict', 'On Conflict', 'query'),
    order: plainParam('order', 'Ordering', 'query'),
    range: plainParam('Range', 'Limiting and Pagination', 'header'),
    rangeUnit: plainParam('Range-Unit', 'Limiting and Pagination', 'header', { default: 'items' }),
    offset: plainParam('offset', 'Limiting and Pagination', 'query'),
    limit: plainParam('limit', 'Limiting and Pagination', 'query'),
  };
  for (const relation of relations) {
    out[`body.${relation.name}`] = {
      description: relation.name,
      in: 'body',
      name: relation.name,
      required: false,
      schema: { $ref: `#/definitions/${relation.name}` },
    };
    for (const column of relation.columns) {
      out[`rowFilter.${relation.name}.${column.name}`] = sorted({
        description: column.description ?? undefined,
        in: 'query',
        name: column.name,
        required: false,
        type: 'string',
      });
    }
  }
  return out;
}

/** The callable functions of a schema, one per name (the last overload by creation wins, as one path holds one name). */
function routinesOf(cache: SchemaCache, schema: string, access: Access): Routine[] {
  const byName = new Map<string, Routine>();
  for (const overloads of cache.routines.values()) {
    for (const routine of overloads) {
      if (routine.schema !== schema || routine.returnType === 'trigger') continue;
      if (
        !access.functions.has(
          routineKey(
            routine.schema,
            routine.name,
            routine.params.map((p) => p.type),
          ),
        )
      )
        continue;
      // PostgREST lists a function with unnamed arguments only when it takes one json/text/xml/bytea body.
      const unnamed = routine.params.filter((p) => p.name === '').length;
      if (unnamed > 1 || (unnamed === 1 && !['bytea', 'json', 'jsonb', 'text', 'xml'].includes(routine.params[0]?.type ?? ''))) continue;
      byName.set(routine.name, routine);
    }
  }
  return [...byName.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/**
 * PostgREST's Swagger 2.0 document of one exposed schema (`Response/OpenAPI.hs` postgrestSpec),
 * limited to what the caller may use. Pure: the same inputs give the same JSON text.
 */
export function buildOpenApi(cache: SchemaCache, catalog: Catalog, access: Access, options: DocumentOptions): string {
  const { schema, baseUrl } = options;
  const pairs: Array<[Relation, CatalogRelation]> = [];
  for (const relation of cache.relations.values()) {
    const info = catalog.relations.get(`${relation.schema}.${relation.name}`);
    if (relation.schema === schema && info && !info.partition && access.tables.has(relation.name)) pairs.push([relation, info]);
  }
  pairs.sort(([a], [b]) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const comment = splitComment(catalog.schemas[schema] ?? null);
  const paths: JsonObject = {
    '/': {
      get: {
        produces: ['application/openapi+json', json],
        responses: { '200': { description: 'OK' } },
        summary: 'OpenAPI description (this document)',
        tags: ['Introspection'],
      },
    },
  };
  for (const [, info] of pairs) paths[`/${info.name}`] = tablePath(info);
  for (const routine of routinesOf(cache, schema, access)) {
    paths[`/rpc/${routine.name}`] = routinePath(
      routine,
      catalog.functionDescriptions.get(
        routineKey(
          routine.schema,
          routine.name,
          routine.params.map((p) => p.type),
        ),
      ) ?? null,
    );
  }
  const scheme = baseUrl.protocol.replace(/:$/, '');
  const port = baseUrl.port || (scheme === 'https' ? '443' : '80');
  const document: JsonObject = {
    swagger: '2.0',
    info: sorted({
      description: comment.summary === undefined ? 'This is a dynamic API generated by PostgREST' : (comment.description ?? ''),
      title: comment.summary ?? 'PostgREST API',
      version: options.version,
    }),
    host: `${baseUrl.hostname}:${port}`,
    basePath: baseUrl.pathname.replace(/\/+$/, '') || '/',
    schemes: [scheme],
    consumes: [json, objectStripped, object, 'text/csv'],
    produces: [json, objectStripped, object, 'text/csv'],
    paths,
    definitions: Object.fromEntries(pairs.map(([relation, info]) => [info.name, definition(cache, relation, info)])),
    parameters: parameters(pairs.map(([, info]) => info)),
    externalDocs: { description: 'PostgREST Documentation', url: `https://postgrest.org/en/${options.docsVersion}/references/api.html` },
  };
  return JSON.stringify(document);
}
