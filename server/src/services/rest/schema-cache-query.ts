/**
 * The catalog queries behind the schema cache (PostgREST `SchemaCache.hs` reads the same
 * catalogs): relations with columns and keys, foreign keys, view column origins and
 * functions of the exposed schemas. One statement, JSON out, so both backends agree.
 */
export const schemaCacheSql = `
with rels as (
  select c.oid, c.reltype, n.nspname as schema, c.relname as name, c.relkind as kind
  from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('r', 'v', 'm', 'f', 'p') and n.nspname = any($1::text[])
),
cols as (
  select a.attrelid as oid, json_agg(json_build_object(
      'name', a.attname,
      'num', a.attnum,
      'type', pg_catalog.format_type(a.atttypid, a.atttypmod),
      'baseType', pg_catalog.format_type(coalesce(nullif(t.typbasetype, 0), a.atttypid), null),
      'category', coalesce(bt.typcategory, t.typcategory),
      'nullable', not a.attnotnull,
      'hasDefault', a.atthasdef or a.attidentity <> '' or a.attgenerated <> '',
      'generated', a.attgenerated <> '' or a.attidentity = 'a',
      'default', case when a.attidentity = 'd' then 'nextval(pg_catalog.pg_get_serial_sequence(' || quote_literal(quote_ident(r.schema) || '.' || quote_ident(r.name)) || ', ' || quote_literal(a.attname) || '))'
        else (select pg_catalog.pg_get_expr(d.adbin, d.adrelid) from pg_catalog.pg_attrdef d where d.adrelid = a.attrelid and d.adnum = a.attnum and a.attgenerated = '') end
    ) order by a.attnum) as columns
  from pg_catalog.pg_attribute a
  join rels r on r.oid = a.attrelid
  join pg_catalog.pg_type t on t.oid = a.atttypid
  left join pg_catalog.pg_type bt on bt.oid = nullif(t.typbasetype, 0)
  where a.attnum > 0 and not a.attisdropped
  group by a.attrelid
),
keys as (
  select con.conrelid as oid, con.contype as type,
    array(select a.attname from unnest(con.conkey) with ordinality k(num, ord)
          join pg_catalog.pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.num order by k.ord) as columns
  from pg_catalog.pg_constraint con join rels r on r.oid = con.conrelid
  where con.contype in ('p', 'u')
)
select json_build_object(
  'relations', coalesce((select json_agg(json_build_object(
      'oid', r.oid::int8, 'rowType', r.reltype::int8, 'schema', r.schema, 'name', r.name, 'kind', r.kind,
      'columns', coalesce(c.columns, '[]'),
      'primaryKey', coalesce((select to_json(k.columns) from keys k where k.oid = r.oid and k.type = 'p'), '[]'),
      'uniqueKeys', coalesce((select json_agg(k.columns) from keys k where k.oid = r.oid), '[]'),
      'viewDefinition', case when r.kind in ('v', 'm') then (select rw.ev_action::text from pg_catalog.pg_rewrite rw where rw.ev_class = r.oid and rw.rulename = '_RETURN') end
    ) order by r.schema, r.name) from rels r left join cols c on c.oid = r.oid), '[]'),
  'foreignKeys', coalesce((select json_agg(json_build_object(
      'name', con.conname,
      'fromOid', con.conrelid::int8,
      'toOid', con.confrelid::int8,
      'fromColumns', array(select a.attname from unnest(con.conkey) with ordinality k(num, ord)
          join pg_catalog.pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.num order by k.ord),
      'toColumns', array(select a.attname from unnest(con.confkey) with ordinality k(num, ord)
          join pg_catalog.pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.num order by k.ord)
    ) order by con.conname) from pg_catalog.pg_constraint con
    where con.contype = 'f' and con.conrelid in (select oid from rels) and con.confrelid in (select oid from rels)), '[]'),
  'functions', coalesce((select json_agg(json_build_object(
      'schema', n.nspname,
      'name', p.proname,
      'returnType', pg_catalog.format_type(p.prorettype, null),
      'returnTypeType', t.typtype,
      'returnRelation', case when t.typrelid <> 0 then t.typrelid::int8 end,
      'returnColumns', case when t.typrelid <> 0 then (select json_agg(json_build_object('name', a.attname, 'type', pg_catalog.format_type(a.atttypid, a.atttypmod)) order by a.attnum)
          from pg_catalog.pg_attribute a where a.attrelid = t.typrelid and a.attnum > 0 and not a.attisdropped) end,
      'returnsSet', p.proretset,
      'volatility', p.provolatile,
      'argTypes', coalesce(array(select pg_catalog.format_type(x, null) from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality u(x, o) order by o), '{}'),
      'argNames', coalesce(p.proargnames, '{}'),
      'argModes', coalesce(p.proargmodes, '{}'),
      'inputCount', p.pronargs,
      'firstArgType', case when p.pronargs > 0 then p.proargtypes[0]::int8 end,
      'rows', p.prorows,
      'defaultCount', p.pronargdefaults,
      'variadic', p.provariadic <> 0
    ) order by n.nspname, p.proname, p.oid)
    from pg_catalog.pg_proc p
    join pg_catalog.pg_namespace n on n.oid = p.pronamespace
    join pg_catalog.pg_type t on t.oid = p.prorettype
    where n.nspname = any($1::text[]) and p.prokind = 'f'), '[]')
)::text as cache`;
