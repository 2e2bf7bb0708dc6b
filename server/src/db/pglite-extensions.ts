import { amcheck } from '@electric-sql/pglite/contrib/amcheck';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { citext } from '@electric-sql/pglite/contrib/citext';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { fuzzystrmatch } from '@electric-sql/pglite/contrib/fuzzystrmatch';
import { hstore } from '@electric-sql/pglite/contrib/hstore';
import { ltree } from '@electric-sql/pglite/contrib/ltree';
import { moddatetime } from '@electric-sql/pglite/contrib/moddatetime';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { uuid_ossp } from '@electric-sql/pglite/contrib/uuid_ossp';

/** The contrib extensions a hosted project can `create extension` that PGlite ships. */
const available = {
  amcheck,
  btree_gin,
  btree_gist,
  citext,
  cube,
  earthdistance,
  fuzzystrmatch,
  hstore,
  ltree,
  moddatetime,
  pg_trgm,
  pgcrypto,
  unaccent,
  uuid_ossp,
};

export type ExtensionName = keyof typeof available;

/** SQL names to the bundle that provides them (`uuid-ossp` ships as uuid_ossp). */
function bundleFor(sqlName: string): ExtensionName | null {
  const key = sqlName.toLowerCase().replaceAll('-', '_');
  return key in available ? (key as ExtensionName) : null;
}

/**
 * The bundles to load: every extension PGlite has costs start-up time (its bundle is set up at
 * open), so load those the SQL can ask for, not all of them. Unknown names are left to
 * `create extension`, which then fails with PostgreSQL's own "not available" error.
 */
export function selectExtensions(sqlNames: Iterable<string>): Partial<typeof available> {
  const chosen: Partial<Record<ExtensionName, (typeof available)[ExtensionName]>> = {};
  for (const name of sqlNames) {
    const bundle = bundleFor(name);
    if (bundle) chosen[bundle] = available[bundle];
  }
  return chosen as Partial<typeof available>;
}

/** Finds `create extension [if not exists] name` in SQL text. */
export function extensionsNamedIn(sql: string): string[] {
  const names: string[] = [];
  for (const match of sql.matchAll(/create\s+extension\s+(?:if\s+not\s+exists\s+)?("?)([\w-]+)\1/gi)) {
    if (match[2]) names.push(match[2]);
  }
  return names;
}
