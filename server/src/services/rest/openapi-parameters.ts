import type { CatalogRelation } from './openapi-catalog.ts';
import { sorted, type Json, type JsonObject } from './openapi-json.ts';

function preferParam(values: string[]): Json {
  return sorted({
    description: 'Preference',
    enum: values.length > 0 ? values : undefined,
    in: 'header',
    name: 'Prefer',
    required: false,
    type: 'string',
  });
}

function plainParam(name: string, description: string, where: 'query' | 'header', extra: JsonObject = {}): Json {
  return sorted({ description, in: where, name, required: false, type: 'string', ...extra });
}

const returnPrefs = ['return=representation', 'return=minimal', 'return=none'];

/** The shared parameters of `makeParamDefs`, then a body and one filter per column for each relation. */
export function parameters(relations: CatalogRelation[]): JsonObject {
  const out: JsonObject = {
    preferParams: preferParam([]),
    preferReturn: preferParam(returnPrefs),
    preferCount: preferParam(['count=none']),
    preferPost: preferParam([...returnPrefs, 'resolution=ignore-duplicates', 'resolution=merge-duplicates']),
    select: plainParam('select', 'Filtering Columns', 'query'),
    on_conflict: plainParam('on_conflict', 'On Conflict', 'query'),
    order: plainParam('order', 'Ordering', 'query'),
    range: plainParam('Range', 'Limiting and Pagination', 'header'),
    rangeUnit: plainParam('Range-Unit', 'Limiting and Pagination', 'header', { default: 'items' }),
    offset: plainParam('offset', 'Limiting and Pagination', 'query'),
    limit: plainParam('limit', 'Limiting and Pagination', 'query'),
  };
  for (const relation of relations) {
    out[`body.${relation.name}`] = {
      description: relation.name,
      in: 'body',
      name: relation.name,
      required: false,
      schema: { $ref: `#/definitions/${relation.name}` },
    };
    for (const column of relation.columns) {
      out[`rowFilter.${relation.name}.${column.name}`] = sorted({
        description: column.description ?? undefined,
        in: 'query',
        name: column.name,
        required: false,
        type: 'string',
      });
    }
  }
  return out;
}
