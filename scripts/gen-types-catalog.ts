/**
 * Reads what `supabase gen types typescript` needs from the system catalogs of one schema,
 * as postgres-meta's introspection does (src/lib/sql/*.sql), built as JSON in SQL so that
 * PGlite and PostgreSQL answer alike.
 */
import type { Tx } from '../server/src/db/types.ts';

export interface Column {
  name: string;
  type: string;
  nullable: boolean;
  hasDefault: boolean;
}

export interface Catalog {
  relations: { name: string; kind: 'table' | 'view'; columns: Column[] }[];
  foreignKeys: {
    name: string;
    relation: string;
    columns: string[];
    oneToOne: boolean;
    referencedRelation: string;
    referencedColumns: string[];
  }[];
  functions: {
    name: string;
    returnType: string;
    returnsSet: boolean;
    args: { name: string; type: string; mode: string; hasDefault: boolean }[];
  }[];
  enums: { name: string; values: string[] }[];
  composites: { name: string; attributes: { name: string; type: string }[] }[];
}

const catalogSql = `
with ns as (select oid from pg_namespace where nspname = $1),
cols as (
  select a.attrelid, json_agg(json_build_object('name', a.attname, 'type', t.typname, 'nullable', not a.attnotnull,
           'hasDefault', a.atthasdef or a.attidentity <> '') order by a.attnum) as columns
    from pg_attribute a join pg_type t on t.oid = a.atttypid
   where a.attnum > 0 and not a.attisdropped
   group by a.attrelid
)
select json_build_object(
  'relations', coalesce((
    select json_agg(json_build_object('name', c.relname, 'kind', case when c.relkind in ('v', 'm') then 'view' else 'table' end,
                                      'columns', coalesce(cols.columns, '[]'::json)) order by c.relname)
      from pg_class c left join cols on cols.attrelid = c.oid
     where c.relnamespace = (select oid from ns) and c.relkind in ('r', 'p', 'f', 'v', 'm')), '[]'::json),
  'foreignKeys', coalesce((
    select json_agg(json_build_object(
             'name', k.conname, 'relation', src.relname,
             'columns', (select json_agg(a.attname order by u.ord) from unnest(k.conkey) with ordinality u (n, ord)
                           join pg_attribute a on a.attrelid = k.conrelid and a.attnum = u.n),
             'oneToOne', exists (select 1 from pg_index i where i.indrelid = k.conrelid and i.indisunique and i.indpred is null
                                   and (select array_agg(x order by x) from unnest(i.indkey::int2[]) x)
                                     = (select array_agg(x order by x) from unnest(k.conkey) x)),
             'referencedRelation', dst.relname,
             'referencedColumns', (select json_agg(a.attname order by u.ord) from unnest(k.confkey) with ordinality u (n, ord)
                                     join pg_attribute a on a.attrelid = k.confrelid and a.attnum = u.n)) order by k.conname)
      from pg_constraint k join pg_class src on src.oid = k.conrelid join pg_class dst on dst.oid = k.confrelid
     where k.contype = 'f' and src.relnamespace = (select oid from ns) and dst.relnamespace = (select oid from ns)), '[]'::json),
  'functions', coalesce((
    select json_agg(json_build_object(
             'name', p.proname, 'returnType', rt.typname, 'returnsSet', p.proretset,
             'args', coalesce((
               select json_agg(json_build_object(
                        'name', coalesce(p.proargnames[u.ord], ''), 'type', at.typname,
                        'mode', coalesce(p.proargmodes[u.ord]::text, 'i'),
                        -- defaults belong to the last pronargdefaults input arguments
                        'hasDefault', coalesce(p.proargmodes[u.ord]::text, 'i') in ('i', 'b')
                          and u.ord > p.pronargs - p.pronargdefaults) order by u.ord)
                 from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality u (typ, ord)
                 join pg_type at on at.oid = u.typ), '[]'::json)) order by p.proname, p.oid)
      from pg_proc p join pg_type rt on rt.oid = p.prorettype
     where p.pronamespace = (select oid from ns) and p.prokind = 'f'), '[]'::json),
  'enums', coalesce((
    select json_agg(json_build_object('name', t.typname,
             'values', (select json_agg(e.enumlabel order by e.enumsortorder) from pg_enum e where e.enumtypid = t.oid)) order by t.typname)
      from pg_type t where t.typnamespace = (select oid from ns) and t.typtype = 'e'), '[]'::json),
  'composites', coalesce((
    select json_agg(json_build_object('name', t.typname,
             'attributes', (select json_agg(json_build_object('name', a.attname, 'type', at.typname) order by a.attnum)
                              from pg_attribute a join pg_type at on at.oid = a.atttypid
                             where a.attrelid = t.typrelid and a.attnum > 0 and not a.attisdropped)) order by t.typname)
      from pg_type t join pg_class c on c.oid = t.typrelid
     where t.typnamespace = (select oid from ns) and t.typtype = 'c' and c.relkind = 'c'), '[]'::json)
)::text as catalog`;

export async function readCatalog(tx: Tx, schema: string): Promise<Catalog> {
  const { rows } = await tx.query<{ catalog: string }>(catalogSql, [schema]);
  const catalog = JSON.parse(rows[0]?.catalog ?? '{}') as Catalog;
  // Like postgres-meta: functions whose input arguments are not all named are left out
  // unless they take a single argument.
  catalog.functions = catalog.functions.filter((fn) => {
    const inputs = fn.args.filter((a) => a.mode === 'i' || a.mode === 'b' || a.mode === 'v');
    return !inputs.some((a) => a.name === '') || inputs.length === 1;
  });
  return catalog;
}
