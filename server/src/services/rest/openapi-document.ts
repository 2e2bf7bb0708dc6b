/**
 * The document PostgREST writes at its root (`Response/OpenAPI.hs`): definitions and paths of
 * one exposed schema from the schema cache and the catalogue's comments (decision 028).
 */
import {
  routineKey,
  type Access,
  type Catalog,
  type CatalogColumn,
  type CatalogRelation,
  type DocumentOptions,
} from './openapi-catalog.ts';
import { arrayItems, parseDefault, sorted, swaggerFormat, swaggerType, type Json, type JsonObject } from './openapi-json.ts';
import { parameters } from './openapi-parameters.ts';
import type { Relation, Routine, SchemaCache } from './schema-cache.ts';

const json = 'application/json';
const objectStripped = 'application/vnd.pgrst.object+json;nulls=stripped';
const object = 'application/vnd.pgrst.object+json';

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
