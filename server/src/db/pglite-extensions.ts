import type { Extension } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { amcheck } from '@electric-sql/pglite/contrib/amcheck';
import { bloom } from '@electric-sql/pglite/contrib/bloom';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { citext } from '@electric-sql/pglite/contrib/citext';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { dict_int } from '@electric-sql/pglite/contrib/dict_int';
import { dict_xsyn } from '@electric-sql/pglite/contrib/dict_xsyn';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { fuzzystrmatch } from '@electric-sql/pglite/contrib/fuzzystrmatch';
import { hstore } from '@electric-sql/pglite/contrib/hstore';
import { intarray } from '@electric-sql/pglite/contrib/intarray';
import { isn } from '@electric-sql/pglite/contrib/isn';
import { lo } from '@electric-sql/pglite/contrib/lo';
import { ltree } from '@electric-sql/pglite/contrib/ltree';
import { moddatetime } from '@electric-sql/pglite/contrib/moddatetime';
import { pageinspect } from '@electric-sql/pglite/contrib/pageinspect';
import { pg_buffercache } from '@electric-sql/pglite/contrib/pg_buffercache';
import { pg_freespacemap } from '@electric-sql/pglite/contrib/pg_freespacemap';
import { pg_surgery } from '@electric-sql/pglite/contrib/pg_surgery';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { pg_visibility } from '@electric-sql/pglite/contrib/pg_visibility';
import { pg_walinspect } from '@electric-sql/pglite/contrib/pg_walinspect';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { seg } from '@electric-sql/pglite/contrib/seg';
import { tablefunc } from '@electric-sql/pglite/contrib/tablefunc';
import { tcn } from '@electric-sql/pglite/contrib/tcn';
import { tsm_system_rows } from '@electric-sql/pglite/contrib/tsm_system_rows';
import { tsm_system_time } from '@electric-sql/pglite/contrib/tsm_system_time';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { uuid_ossp } from '@electric-sql/pglite/contrib/uuid_ossp';
import { linkedOnFirstUse } from './pglite-first-use.ts';

/**
 * Every contrib extension the installed PGlite ships as a loadable bundle (its `contrib/`
 * folder), and pgvector from PGlite's own extension package, so a project's
 * `create extension` works as far as PGlite allows. pg_stat_statements
 * and auto_explain are left out: they need `shared_preload_libraries`, which PGlite cannot set.
 */
const available = {
  amcheck,
  bloom,
  btree_gin,
  btree_gist,
  citext,
  cube,
  dict_int,
  dict_xsyn,
  earthdistance,
  fuzzystrmatch,
  hstore,
  intarray,
  isn,
  lo,
  ltree,
  moddatetime,
  pageinspect,
  pg_buffercache,
  pg_freespacemap,
  pg_surgery,
  pg_trgm,
  pg_visibility,
  pg_walinspect,
  pgcrypto,
  seg,
  tablefunc,
  tcn,
  tsm_system_rows,
  tsm_system_time,
  unaccent,
  uuid_ossp,
  vector,
};

export type ExtensionName = keyof typeof available;

/** SQL names to the bundle that provides them (`uuid-ossp` ships as uuid_ossp). */
function bundleFor(sqlName: string): ExtensionName | null {
  const key = sqlName.toLowerCase().replaceAll('-', '_');
  return key in available ? (key as ExtensionName) : null;
}

/**
 * The bundles to load: every extension PGlite has costs start-up time (its bundle is set up at
 * open), so load those the SQL can ask for, not all of them, each with its library linked on
 * first use (`linkedOnFirstUse`). Unknown names are left to `create extension`, which then fails
 * with PostgreSQL's own "not available" error.
 */
export function selectExtensions(sqlNames: Iterable<string>): Record<string, Extension> {
  const chosen: Record<string, Extension> = {};
  for (const name of sqlNames) {
    const bundle = bundleFor(name);
    if (bundle) chosen[bundle] = linkedOnFirstUse(available[bundle]);
  }
  return chosen;
}

/** Finds `create extension [if not exists] name` in SQL text. */
export function extensionsNamedIn(sql: string): string[] {
  const names: string[] = [];
  for (const match of sql.matchAll(/create\s+extension\s+(?:if\s+not\s+exists\s+)?("?)([\w-]+)\1/gi)) {
    if (match[2]) names.push(match[2]);
  }
  return names;
}

/** Extensions every PGlite cluster has without a bundle. */
const builtIn = ['plpgsql'];

/** The SQL names `create extension` accepts on PGlite, for messages (`uuid-ossp`, not uuid_ossp). */
export function pgliteExtensionNames(): string[] {
  return [...builtIn, ...Object.keys(available).map((key) => (key === 'uuid_ossp' ? 'uuid-ossp' : key))].sort();
}
