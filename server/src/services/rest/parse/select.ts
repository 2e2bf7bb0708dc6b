import { Cursor } from './cursor.ts';

export interface JsonStep {
  arrow: '->' | '->>';
  key: string;
}

export interface Field {
  name: string;
  json: JsonStep[];
}

export type AggregateFunction = 'count' | 'sum' | 'avg' | 'min' | 'max';

/** `col.sum()::text`: the function and the cast of its result. `count()` is `count` over the row (`*`). */
export interface Aggregate {
  fn: AggregateFunction;
  cast: string | null;
  /** Written as the bare field `count` (PostgreSQL's field notation), allowed with aggregates off. */
  implicit?: boolean;
}

export type SelectItem =
  | { kind: 'field'; field: Field; alias: string | null; cast: string | null; aggregate?: Aggregate | null }
  | { kind: 'star' }
  | {
      kind: 'embed';
      name: string;
      alias: string | null;
      hint: string | null;
      joinType: 'inner' | 'left' | null;
      spread: boolean;
      children: SelectItem[];
    };

const castPattern = /^[A-Za-z_][A-Za-z0-9_ ]*(\[\])*$/;

/** `select=` grammar (PostgREST `ApiRequest/QueryParams.hs` pFieldTree). */
export function parseSelect(text: string): SelectItem[] {
  const cursor = new Cursor('select parameter', text);
  if (text.trim() === '') return [];
  const items = parseList(cursor, 0);
  if (!cursor.done) throw cursor.fail('",", "(" or end of input');
  return items;
}

function parseList(cursor: Cursor, depth: number): SelectItem[] {
  const items: SelectItem[] = [];
  if (depth > 0 && cursor.peek() === ')') return items;
  for (;;) {
    items.push(parseItem(cursor, depth));
    if (!cursor.eat(',')) break;
  }
  return items;
}

/** `field->a->>b` json path after a name. */
export function parseJsonPath(cursor: Cursor): JsonStep[] {
  const steps: JsonStep[] = [];
  for (;;) {
    let arrow: JsonStep['arrow'];
    if (cursor.eat('->>')) arrow = '->>';
    else if (cursor.eat('->')) arrow = '->';
    else break;
    let key: string;
    if (cursor.peek() === '"') key = cursor.quoted();
    else {
      const start = cursor.pos;
      if (cursor.peek() === '-') cursor.pos++;
      while (!cursor.done && /[\p{L}\p{N}_$ ]/u.test(cursor.peek())) cursor.pos++;
      key = cursor.text.slice(start, cursor.pos);
      if (key === '' || key === '-') throw cursor.fail('json key');
    }
    steps.push({ arrow, key });
  }
  return steps;
}

function parseCast(cursor: Cursor): string | null {
  if (!cursor.eat('::')) return null;
  const start = cursor.pos;
  while (!cursor.done && /[A-Za-z0-9_ [\]]/.test(cursor.peek())) cursor.pos++;
  const cast = cursor.text.slice(start, cursor.pos).trim();
  if (!castPattern.test(cast)) throw cursor.fail('type name');
  return cast;
}

function parseItem(cursor: Cursor, depth: number): SelectItem {
  if (cursor.eat('*')) return { kind: 'star' };
  const spread = cursor.eat('...');
  let alias: string | null = null;
  let name = cursor.name();
  if (!spread && cursor.peek() === ':' && cursor.peek(1) !== ':') {
    cursor.pos++;
    alias = name;
    name = cursor.name();
  }
  // `count` is never an embed (pRelationSelect guards it): `count()` is the row count.
  if (!spread && name === 'count' && cursor.peek() === '(') {
    cursor.expect('(');
    cursor.expect(')', '")"');
    const aggregate: Aggregate = { fn: 'count', cast: parseCast(cursor) };
    return { kind: 'field', field: { name: '*', json: [] }, alias, cast: null, aggregate };
  }
  if (cursor.peek() === '!' || cursor.peek() === '(') {
    let hint: string | null = null;
    let joinType: 'inner' | 'left' | null = null;
    while (cursor.eat('!')) {
      const word = cursor.name();
      if (word === 'inner' || word === 'left') joinType = word;
      else hint = word;
    }
    cursor.expect('(');
    if (depth > 16) throw cursor.fail('a shallower select');
    const children = parseList(cursor, depth + 1);
    cursor.expect(')', '",", or ")"');
    return { kind: 'embed', name, alias, hint, joinType, spread, children };
  }
  if (spread) throw cursor.fail('"("');
  const json = parseJsonPath(cursor);
  const cast = parseCast(cursor);
  // `col.sum()`; whether aggregates are allowed is the planner's call (db-aggregates-enabled).
  const match = cursor.peek() === '.' ? /^\.(sum|avg|min|max|count)\(\)/.exec(cursor.text.slice(cursor.pos)) : null;
  if (match?.[1]) {
    cursor.pos += match[0].length;
    const aggregate: Aggregate = { fn: match[1] as AggregateFunction, cast: parseCast(cursor) };
    return { kind: 'field', field: { name, json }, alias, cast, aggregate };
  }
  return { kind: 'field', field: { name, json }, alias, cast };
}

/** The key a field has in the JSON output: alias, else the aggregate's name, else the last JSON key, else the column. */
export function outputName(item: { field: Field; alias: string | null; aggregate?: Aggregate | null }): string {
  if (item.alias) return item.alias;
  if (item.aggregate) return item.aggregate.fn;
  const last = item.field.json.at(-1);
  return last ? last.key : item.field.name;
}
