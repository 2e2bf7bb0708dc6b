import { errors } from '../errors.ts';
import { Cursor } from './cursor.ts';

export interface JsonStep {
  arrow: '->' | '->>';
  key: string;
}

export interface Field {
  name: string;
  json: JsonStep[];
}

export type SelectItem =
  | { kind: 'field'; field: Field; alias: string | null; cast: string | null }
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
  if (!spread && alias === null && name === 'count' && cursor.startsWith('()')) throw errors.aggregatesNotAllowed();
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
  // `col.sum()`, `count()`: aggregates are off on hosted projects (db-aggregates-enabled = false).
  if (cursor.peek() === '(' || (cursor.peek() === '.' && /^\.(sum|avg|min|max|count)\(\)/.test(cursor.text.slice(cursor.pos)))) {
    throw errors.aggregatesNotAllowed();
  }
  return { kind: 'field', field: { name, json }, alias, cast };
}

/** The key a field has in the JSON output: alias, else the last JSON key, else the column. */
export function outputName(item: { field: Field; alias: string | null }): string {
  if (item.alias) return item.alias;
  const last = item.field.json.at(-1);
  return last ? last.key : item.field.name;
}
