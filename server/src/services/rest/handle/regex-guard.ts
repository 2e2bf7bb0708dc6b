import type { Backend } from '../../../db/types.ts';
import { hasBackReference } from '../../../lib/regex-back-reference.ts';
import { errors } from '../errors.ts';
import type { Filter, LogicTree } from '../parse/filter.ts';
import type { ParsedQuery } from '../parse/query.ts';

function patterns(filter: Filter): string[] {
  const operation = filter.operation;
  if (operation.kind === 'simple' && (operation.op === 'match' || operation.op === 'imatch')) return [operation.value];
  if (operation.kind === 'quantified' && (operation.op === 'match' || operation.op === 'imatch')) return operation.values;
  return [];
}

function* filtersOf(tree: LogicTree): Generator<Filter> {
  if (tree.kind === 'filter') yield tree.filter;
  else for (const child of tree.children) yield* filtersOf(child);
}

/**
 * On the embedded database, `match`/`imatch` filters with back-references are refused before
 * any SQL runs (decision 307): they make PostgreSQL's regex engine try every split of every
 * row, exponential in the pattern, and PGlite runs one statement at a time, so one anonymous
 * caller looping such a filter made every other caller wait seconds. The answer is
 * PostgreSQL's own for a regular expression it refuses (2201B, HTTP 400 as PostgREST maps
 * class 22). On PostgreSQL, where each caller has its own backend and statement_timeout
 * stops a runaway one, they run as they do on hosted.
 */
export function refuseBackReferences(parsed: ParsedQuery, backend: Backend): void {
  if (backend !== 'pglite') return;
  for (const level of parsed.levels.values()) {
    for (const tree of level.filters) {
      for (const filter of filtersOf(tree)) {
        if (patterns(filter).some(hasBackReference)) throw errors.backReference();
      }
    }
  }
}
