import { createHash } from 'node:crypto';
import { quoteIdent, type TableInfo } from './table-catalog.ts';

/**
 * The SQL of one table's RLS check for postgres_changes (decisions 430 and 435): a PL/pgSQL
 * function that, for each subscriber identity ({role, claims, sub, indexes}), becomes that role
 * with those claims and looks up by primary key the changed rows (`records`, a jsonb array) the
 * identity waits for, answering one row per visible one, or its error alone (a subtransaction).
 * The name carries a hash of the body, so a changed key makes a new function.
 */
export function writeCheckFunction(info: TableInfo): { name: string; sql: string } {
  const keys = info.pkey.map((c, k) => ({
    column: `t.${quoteIdent(c)}`,
    array: `key_${k}`,
    type: info.columns.find((col) => col.name === c)?.sqlType ?? 'text',
    field: literal(c),
  }));
  // Each key column of the changed rows as a typed array, once per call (positions from 1).
  const declarations = keys
    .map(
      (k) =>
        `  ${k.array} ${k.type}[] := array(select (x.v->>${k.field})::${k.type} from pg_catalog.jsonb_array_elements(records) with ordinality x(v, i) order by x.i);`,
    )
    .join('\n');
  // The lookup compares key columns with array elements only: with a function of the outer row
  // in it (a jsonb access, a cast, an addition), the condition is not leakproof, so PostgreSQL
  // must apply the table's policies first and scans the whole table for every identity.
  const single = keys.length === 1 ? keys[0] : undefined;
  const lookup = single
    ? `      visible := array(select ${single.column} from ${info.qualified} t
                        where ${single.column} = any(array(select ${single.array}[w] from pg_catalog.unnest(wanted) w)));
      for found_index in select w - 1 from pg_catalog.unnest(wanted) w where ${single.array}[w] = any(visible)`
    : `      for found_index in
        select w - 1 from pg_catalog.unnest(wanted) w
         where exists (select 1 from ${info.qualified} t where ${keys.map((k) => `${k.column} = ${k.array}[w]`).join(' and ')})`;
  const body = `
declare
  who jsonb;
  n int := -1;
  wanted int[];
  found_index int;
${declarations}${single ? `\n  visible ${single.type}[];` : ''}
  -- the roles a subscriber may take, read once per call
  allowed text[] := array(
    select r.rolname::text from pg_catalog.pg_roles r where pg_catalog.pg_has_role('authenticator', r.oid, 'member'));
begin
  for who in select value from pg_catalog.jsonb_array_elements(identities) loop
    n := n + 1;
    begin
      if not (who->>'role') = any(allowed) then
        continue;
      end if;
      perform pg_catalog.set_config('role', who->>'role', true),
        pg_catalog.set_config('realtime.topic', '', true),
        pg_catalog.set_config('request.jwt.claims', who->>'claims', true),
        pg_catalog.set_config('request.jwt.claim.sub', coalesce(who->>'sub', ''), true),
        pg_catalog.set_config('request.jwt.claim.role', who->>'role', true);
      -- the positions (from 1) of the changed rows this identity waits for
      wanted := array(select i::int + 1 from pg_catalog.jsonb_array_elements_text(who->'indexes') i);
${lookup}
      loop
        identity := n;
        record := found_index;
        problem := null;
        return next;
      end loop;
    exception when others then
      identity := n;
      record := null;
      problem := sqlerrm;
      return next;
    end;
  end loop;
end`;
  const name = `_server.realtime_rls_${createHash('sha256').update(body).digest('hex').slice(0, 24)}`;
  const sql = `create or replace function ${name}(records jsonb, identities jsonb)
returns table (identity int, record int, problem text) language plpgsql volatile as $check$${body}
$check$;
revoke all on function ${name}(jsonb, jsonb) from public`;
  return { name, sql };
}

function literal(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}
