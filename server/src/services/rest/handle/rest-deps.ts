import type { Database } from '../../../db/types.ts';
import type { PlanContext } from '../build/plan.ts';
import type { RestConfig } from '../db-config.ts';
import type { SchemaCache } from '../schema-cache.ts';

export interface RestDeps {
  db: Database;
  cache: SchemaCache;
  /** PostgREST's configuration in force for this request (file and in-database settings). */
  config: RestConfig;
}

/** A fresh plan context for one statement: the schema cache and whether aggregates are on. */
export function planContext(deps: RestDeps): PlanContext {
  return { cache: deps.cache, counter: 0, aggregates: deps.config.aggregates };
}
