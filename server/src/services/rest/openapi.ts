import type { Database } from '../../db/types.ts';
import type { HeaderReader } from '../../lib/request-headers.ts';
import type { ServiceDeps } from '../service-deps.ts';
import { errors } from './errors.ts';
import { routineKey, type Access, type Catalog, type CatalogRelation } from './openapi-catalog.ts';
import { buildOpenApi } from './openapi-document.ts';
import { readRestRequest, type RestHttpRequest, type RestRequest } from './request.ts';
import { respond, type RestAnswer } from './respond.ts';
import type { SchemaCache } from './schema-cache.ts';

/** The PostgREST release whose document this reproduces (Supabase's self-hosted stack, 2026). */
const postgrestVersion = '14.12';
const docsVersion = 'v14';

/**
 * What PostgREST reads for the document on top of its table and function cache (`SchemaCache.hs`
 * tablesSqlQuery, funcsSqlQuery, `schemaDescription`): comments, `data_type` as PostgREST names it,
 * domain defaults and not-null, enum labels, and which verbs a view takes. Once per schema reload.
 */
const catalogSql = `
with recursive base_types(oid, basetype, base_namespace, base_type) as (
  select t.oid, t.typbasetype, t.typnamespace, coalesce(nullif(t.typbasetype, 0), t.oid) from pg_catalog.pg_type t
  union
  select r.oid, b.typbasetype, b.typnamespace, coalesce(nullif(b.typbasetype, 0), b.oid)
  from base_types r join pg_catalog.pg_type b on b.oid = r.basetype
),
bases as (select oid, base_namespace, base_type from base_types where basetype = 0),
rels as (
  select c.oid, n.nspname as schema, c.relname as name, c.relkind as kind, c.relispartition
  from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('r', 'v', 'm', 'f', 'p') and n.nspname = any($1::text[])
),
cols as (
  select a.attrelid as oid, json_agg(json_build_object(
      'name', a.attname,
      'description', d.description,
      'nullable', not (a.attnotnull or (t.typtype = 'd' and t.typnotnull)),
      'type', case
        when t.typtype = 'd' then case when bt.base_namespace = 'pg_catalog'::regnamespace then pg_catalog.format_type(bt.base_type, null) else pg_catalog.format_type(a.atttypid, a.atttypmod) end
        when t.typnamespace = 'pg_catalog'::regnamespace then pg_catalog.format_type(a.atttypid, null)
        else pg_catalog.format_type(a.atttypid, a.atttypmod) end,
      'maxLength', information_schema._pg_char_max_length(information_schema._pg_truetypid(a.*, t.*), information_schema._pg_truetypmod(a.*, t.*)),
      'default', case
        when t.typbasetype <> 0 and ad.adbin is null then pg_catalog.pg_get_expr(t.typdefaultbin, 0)
        when a.attidentity = 'd' then format('nextval(%L)', (select dep.objid::regclass from pg_catalog.pg_depend dep
          where dep.refobjid = a.attrelid and dep.refobjsubid = a.attnum and dep.deptype = 'i' limit 1))
        when a.attgenerated = 's' then null
        else pg_catalog.pg_get_expr(ad.adbin, ad.adrelid) end,
      'enum', coalesce((select json_agg(e.enumlabel order by e.enumsortorder) from pg_catalog.pg_enum e where e.enumtypid = bt.base_type), '[]')
    ) order by a.attnum) as columns
  from pg_catalog.pg_attribute a
  join rels r on r.oid = a.attrelid
  join pg_catalog.pg_type t on t.oid = a.atttypid
  left join bases bt on bt.oid = t.oid
  left join pg_catalog.pg_attrdef ad on ad.adrelid = a.attrelid and ad.adnum = a.attnum
  left join pg_catalog.pg_description d on d.objoid = a.attrelid and d.objsubid = a.attnum and d.classoid = 'pg_catalog.pg_class'::regclass
  where a.attnum > 0 and not a.attisdropped
  group by a.attrelid
)
select json_build_object(
  'schemas', (select json_object_agg(n.nspname, pg_catalog.obj_description(n.oid, 'pg_namespace')) from pg_catalog.pg_namespace n where n.nspname = any($1::text[])),
  'relations', coalesce((select json_agg(json_build_object(
      'schema', r.schema, 'name', r.name, 'partition', r.relispartition,
      'description', pg_catalog.obj_description(r.oid, 'pg_class'),
      'insertable', r.kind in ('r', 'p') or (r.kind in ('v', 'f') and (pg_catalog.pg_relation_is_updatable(r.oid::regclass, true) & 8) = 8),
      'updatable', r.kind in ('r', 'p') or (r.kind in ('v', 'f') and (pg_catalog.pg_relation_is_updatable(r.oid::regclass, true) & 4) = 4),
      'deletable', r.kind in ('r', 'p') or (r.kind in ('v', 'f') and (pg_catalog.pg_relation_is_updatable(r.oid::regclass, true) & 16) = 16),
      'columns', coalesce(c.columns, '[]')
    ) order by r.schema, r.name) from rels r left join cols c on c.oid = r.oid), '[]'),
  'functions', coalesce((select json_agg(json_build_object('schema', n.nspname, 'name', p.proname, 'types', ${inputTypes('p')}, 'description', d.description))
    from pg_catalog.pg_proc p
    join pg_catalog.pg_namespace n on n.oid = p.pronamespace
    join pg_catalog.pg_description d on d.objoid = p.oid and d.classoid = 'pg_catalog.pg_proc'::regclass and d.objsubid = 0
    where n.nspname = any($1::text[]) and p.prokind = 'f'), '[]')
)::text as catalog`;

/** Input argument types as the schema cache formats them, to match a function to its cache entry. */
function inputTypes(alias: string): string {
  return `array(select pg_catalog.format_type(x, null) from unnest(${alias}.proargtypes::oid[]) with ordinality u(x, o) order by o)`;
}

/**
 * openapi-mode = follow-privileges (`SqlFragment.hs` accessibleTables / accessibleFuncs): run as the
 * caller, so grants decide what the document lists. Grants are not DDL, so this runs per request.
 */
const accessSql = `
select json_build_object(
  'tables', coalesce((select json_agg(c.relname) from pg_catalog.pg_class c
    where c.relnamespace = (select oid from pg_catalog.pg_namespace where nspname = $1)
      and c.relkind in ('v', 'r', 'm', 'f', 'p') and not c.relispartition
      and (pg_catalog.pg_has_role(c.relowner, 'USAGE')
        or pg_catalog.has_table_privilege(c.oid, 'SELECT, INSERT, UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER')
        or pg_catalog.has_any_column_privilege(c.oid, 'SELECT, INSERT, UPDATE, REFERENCES'))), '[]'),
  'functions', coalesce((select json_agg(json_build_array(p.proname, ${inputTypes('p')})) from pg_catalog.pg_proc p
    where p.pronamespace = (select oid from pg_catalog.pg_namespace where nspname = $1)
      and p.prokind = 'f' and pg_catalog.has_function_privilege(p.oid, 'execute')), '[]')
)::text as access`;

interface RawCatalog {
  schemas: Record<string, string | null> | null;
  relations: CatalogRelation[];
  functions: Array<{ schema: string; name: string; types: string[]; description: string }>;
}

async function loadCatalog(db: Database, schemas: readonly string[]): Promise<Catalog> {
  const raw = await db.transaction(
    { kind: 'system' },
    async (tx) => {
      const { rows } = await tx.query<{ catalog: string }>(catalogSql, [[...schemas]]);
      return JSON.parse(rows[0]?.catalog ?? '{}') as RawCatalog;
    },
    { readOnly: true },
  );
  return {
    schemas: raw.schemas ?? {},
    relations: new Map(raw.relations.map((r) => [`${r.schema}.${r.name}`, r])),
    functionDescriptions: new Map(raw.functions.map((f) => [routineKey(f.schema, f.name, f.types), f.description])),
  };
}

async function loadAccess(db: Database, ctx: RestRequest): Promise<Access> {
  const raw = await db.transaction(
    ctx.identity,
    async (tx) => {
      const { rows } = await tx.query<{ access: string }>(accessSql, [ctx.schema]);
      return JSON.parse(rows[0]?.access ?? '{}') as { tables: string[]; functions: Array<[string, string[]]> };
    },
    { readOnly: true },
  );
  return { tables: new Set(raw.tables), functions: new Set(raw.functions.map(([name, types]) => routineKey(ctx.schema, name, types))) };
}

/** The catalog and the rendered documents live as long as the schema cache they were built from. */
interface Memo {
  catalog: Promise<Catalog>;
  documents: Map<string, string>;
}

/** What hosted Supabase answers a key that may not read the schema (changelog 42949, 2026). */
const forbidden = () =>
  new RootRefusal(403, {
    message: 'Access to schema is forbidden',
    hint: 'Accessing the schema via the Data API is only allowed using a secret API key.',
  });
/** The gateway's answer to a request without any key (Kong key-auth as hosted words it). */
const noKey = () =>
  new RootRefusal(401, { message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' });

/** A refusal by the gateway in front of PostgREST: not PostgREST's error shape. */
class RootRefusal extends Error {
  readonly status: number;
  readonly body: Record<string, string>;
  constructor(status: number, body: Record<string, string>) {
    super(body.message);
    this.status = status;
    this.body = body;
  }
}

/** `Accept` for the root: the OpenAPI type, JSON or anything; else PGRST107 (`Plan.hs` inspect media). */
function checkAccept(accept: string | null): void {
  if (!accept) return;
  const types = accept
    .split(',')
    .map((part) => (part.split(';')[0] ?? '').trim().toLowerCase())
    .filter((t) => t !== '');
  if (
    types.length === 0 ||
    types.some((t) => t === 'application/openapi+json' || t === 'application/json' || t === '*/*' || t === 'application/*')
  )
    return;
  throw errors.mediaType(types);
}

/**
 * `GET /rest/v1/`: PostgREST's OpenAPI root behind Supabase's gateway, which since 2026 lets only
 * privileged keys read it (supabase/supabase#45462): service_role and `sb_secret_` callers get the
 * Swagger 2.0 document (`Response/OpenAPI.hs`), other keys 403, a request without a key 401.
 */
export function createOpenApiRoot(deps: ServiceDeps, schemas: readonly string[]) {
  const memos = new WeakMap<SchemaCache, Memo>();

  return async (ctx: RestRequest, cache: SchemaCache, request: RestHttpRequest): Promise<RestAnswer> => {
    try {
      const caller = await callerOf(deps, schemas, ctx, request);
      if (caller.role !== 'service_role') throw forbidden();
      if (caller.method === 'OPTIONS') return respond(200, null, { Allow: 'OPTIONS,GET,HEAD' });
      if (caller.method !== 'GET' && caller.method !== 'HEAD') throw errors.unsupportedMethod(caller.method);
      checkAccept(caller.headers.get('accept'));
      let memo = memos.get(cache);
      if (!memo) {
        memo = { catalog: loadCatalog(deps.db, schemas), documents: new Map() };
        memos.set(cache, memo);
        memo.catalog.catch(() => memos.delete(cache));
      }
      const [catalog, access] = await Promise.all([memo.catalog, loadAccess(deps.db, caller)]);
      // Read per request: the public URL is only known once the server listens on its port.
      const baseUrl = new URL(`${deps.config.publicUrl}/rest/v1`);
      const key = `${baseUrl.href}\n${caller.schema}\n${[...access.tables].sort().join(',')}\n${[...access.functions].sort().join(',')}`;
      let document = memo.documents.get(key);
      if (document === undefined) {
        document = buildOpenApi(cache, catalog, access, { schema: caller.schema, baseUrl, version: postgrestVersion, docsVersion });
        if (memo.documents.size >= 16) memo.documents.clear();
        memo.documents.set(key, document);
      }
      const headers: Record<string, string> = { 'Content-Type': 'application/openapi+json; charset=utf-8' };
      // PostgREST names the schema it answered for when several are exposed (`profileHeader`).
      if (schemas.length > 1) headers['Content-Profile'] = caller.schema;
      return { status: 200, headers, body: caller.method === 'HEAD' ? null : document };
    } catch (error: unknown) {
      if (!(error instanceof RootRefusal)) throw error;
      const body = ctx.method === 'HEAD' ? null : JSON.stringify(error.body);
      return { status: error.status, headers: { 'Content-Type': 'application/json; charset=utf-8' }, body };
    }
  };
}

/**
 * The caller as the gateway sees it: the key may also come as `?apikey=` (Kong key-auth and Envoy
 * read it there), and a request with no key at all is refused before PostgREST.
 */
async function callerOf(deps: ServiceDeps, schemas: readonly string[], ctx: RestRequest, request: RestHttpRequest): Promise<RestRequest> {
  if (ctx.headers.has('apikey') || ctx.headers.has('authorization')) return ctx;
  const queryKey = ctx.search.get('apikey');
  if (!queryKey) throw noKey();
  return readRestRequest(deps.keys, schemas, { ...request, headers: withApiKey(request.headers, queryKey) }, ctx.path);
}

/** The request's headers with `apikey` added (it had none), still visited in name order. */
function withApiKey(headers: HeaderReader, key: string): HeaderReader {
  return {
    get: (name) => (name.toLowerCase() === 'apikey' ? key : headers.get(name)),
    has: (name) => name.toLowerCase() === 'apikey' || headers.has(name),
    forEach: (visit) => {
      const entries: Array<[string, string]> = [['apikey', key]];
      headers.forEach((value, name) => entries.push([name, value]));
      entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      for (const [name, value] of entries) visit(value, name);
    },
  };
}
