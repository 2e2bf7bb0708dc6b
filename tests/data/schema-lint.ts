/**
 * A schema lint with the checks of Supabase's database advisor (supabase/splinter lints
 * 0013_rls_disabled_in_public, 0001_unindexed_foreign_keys, 0011_function_search_path_mutable,
 * 0003_auth_rls_initplan), plus "a column a policy compares with auth.uid() has an index"
 * (the first fix of Supabase's RLS performance guide). Reads the catalogs of a live database.
 */
import type { Tx } from '../../server/src/db/types.ts';

export interface LintProblem {
  check:
    'rls_disabled_in_public' | 'unindexed_foreign_key' | 'unindexed_policy_column' | 'function_search_path_mutable' | 'auth_rls_initplan';
  object: string;
}

// Schemas the platform owns; the app's own schemas are everything else.
const platformSchemas = `('pg_catalog', 'information_schema', 'pg_toast', 'auth', 'storage', 'realtime', 'extensions',
  'graphql', 'graphql_public', 'supabase_migrations', 'supabase_functions', 'vault', 'pgsodium', 'net', 'cron', '_server')`;

const checks: { check: LintProblem['check']; sql: string }[] = [
  {
    check: 'rls_disabled_in_public',
    sql: `select format('public.%I', c.relname) as object from pg_class c
           where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') and not c.relrowsecurity`,
  },
  {
    // a foreign key is covered when some index starts with exactly its columns (any order)
    check: 'unindexed_foreign_key',
    sql: `select format('%s.%s', k.conrelid::regclass, k.conname) as object from pg_constraint k
           where k.contype = 'f' and k.connamespace not in (select oid from pg_namespace where nspname in ${platformSchemas})
             and not exists (
               select 1 from pg_index i
                where i.indrelid = k.conrelid
                  and (select array_agg(x order by x) from unnest((i.indkey::int2[])[0:cardinality(k.conkey) - 1]) x)
                    = (select array_agg(x order by x) from unnest(k.conkey) x))`,
  },
  {
    // columns compared with auth.uid() in a policy: "(col = ( SELECT auth.uid() AS uid))"; a
    // qualified column ("r.author_id") belongs to a table the policy reads in a subquery, so
    // any app table with that column leading an index covers it
    check: 'unindexed_policy_column',
    sql: `select distinct format('%s.%s (policy %s)', p.polrelid::regclass, m[2], p.polname) as object
            from pg_policy p
            join pg_class c on c.oid = p.polrelid
           cross join lateral regexp_matches(coalesce(pg_get_expr(p.polqual, p.polrelid), '') || ' ' || coalesce(pg_get_expr(p.polwithcheck, p.polrelid), ''),
                                             '(?:([a-z_][a-z0-9_]*)\\.)?([a-z_][a-z0-9_]*) = \\( SELECT auth\\.uid\\(\\)', 'g') as m
           where c.relnamespace not in (select oid from pg_namespace where nspname in ${platformSchemas})
             and not exists (
               select 1 from pg_index i
                 join pg_attribute a on a.attrelid = i.indrelid and a.attnum = i.indkey[0]
                 join pg_class t on t.oid = i.indrelid
                where a.attname = m[2]
                  and (i.indrelid = p.polrelid or (m[1] is not null and m[1] <> c.relname
                       and t.relnamespace not in (select oid from pg_namespace where nspname in ${platformSchemas}))))`,
  },
  {
    check: 'function_search_path_mutable',
    sql: `select format('%s.%s(%s)', n.nspname, p.proname, pg_get_function_identity_arguments(p.oid)) as object
            from pg_proc p join pg_namespace n on n.oid = p.pronamespace
           where p.prosecdef and n.nspname not in ${platformSchemas}
             and not exists (select 1 from unnest(coalesce(p.proconfig, '{}')) cfg where cfg like 'search_path=%')
             and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')`,
  },
  {
    // auth.<fn>() evaluated per row instead of once: called outside a "( SELECT auth.<fn>() ...)"
    check: 'auth_rls_initplan',
    sql: `select format('%s (policy %s)', p.polrelid::regclass, p.polname) as object
            from pg_policy p join pg_class c on c.oid = p.polrelid
           cross join lateral (select coalesce(pg_get_expr(p.polqual, p.polrelid), '') || ' ' || coalesce(pg_get_expr(p.polwithcheck, p.polrelid), '') as expr) e
           where c.relnamespace not in (select oid from pg_namespace where nspname in ${platformSchemas})
             and regexp_replace(e.expr, '\\( SELECT auth\\.(uid|jwt|role|email)\\(\\)', '', 'g') ~ 'auth\\.(uid|jwt|role|email)\\(\\)'`,
  },
];

/** Every problem found, sorted by check and object. */
export async function lintSchema(tx: Tx): Promise<LintProblem[]> {
  const problems: LintProblem[] = [];
  for (const { check, sql } of checks) {
    const { rows } = await tx.query<{ object: string }>(sql);
    for (const row of rows) problems.push({ check, object: row.object });
  }
  return problems.sort((a, b) => a.check.localeCompare(b.check) || a.object.localeCompare(b.object));
}
