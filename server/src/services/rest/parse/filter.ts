import { Cursor } from './cursor.ts';
import { parseJsonPath, type Field } from './select.ts';

export const simpleOperators = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'like',
  ilike: 'ilike',
  match: '~',
  imatch: '~*',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  nxr: '&<',
  nxl: '&>',
  adj: '-|-',
  isdistinct: 'is distinct from',
} as const;
export type SimpleOperator = keyof typeof simpleOperators;
const quantifiable = new Set(['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch']);
const ftsOperators = { fts: 'to_tsquery', plfts: 'plainto_tsquery', phfts: 'phraseto_tsquery', wfts: 'websearch_to_tsquery' } as const;
export type FtsOperator = keyof typeof ftsOperators;
export const ftsFunctions = ftsOperators;

export type Operation =
  | { kind: 'simple'; op: SimpleOperator; value: string }
  | { kind: 'quantified'; op: SimpleOperator; quantifier: 'any' | 'all'; values: string[] }
  | { kind: 'in'; values: string[] }
  | { kind: 'is'; value: 'null' | 'not_null' | 'true' | 'false' | 'unknown' }
  | { kind: 'fts'; op: FtsOperator; config: string | null; value: string };

export interface Filter {
  field: Field;
  negated: boolean;
  operation: Operation;
}

export type LogicTree = { kind: 'filter'; filter: Filter } | { kind: 'logic'; op: 'and' | 'or'; negated: boolean; children: LogicTree[] };

const isValues = new Set(['null', 'not_null', 'true', 'false', 'unknown']);

/** `[not.]op[(modifier)].value` — the right side of `col=` (PostgREST pOpExpr). `inLogic`: the value stops at `,` or `)`. */
export function parseOperation(cursor: Cursor, inLogic: boolean): { negated: boolean; operation: Operation } {
  const negated = cursor.eat('not.');
  const start = cursor.pos;
  while (!cursor.done && /[a-z]/.test(cursor.peek())) cursor.pos++;
  const op = cursor.text.slice(start, cursor.pos);
  if (op === 'in') {
    cursor.expect('.');
    return { negated, operation: { kind: 'in', values: parseList(cursor, '(', ')') } };
  }
  if (op === 'is') {
    cursor.expect('.');
    const value = readValue(cursor, inLogic).toLowerCase();
    if (!isValues.has(value)) {
      cursor.pos -= value.length;
      throw cursor.fail('null or trilean value (unknown, true, false)');
    }
    return { negated, operation: { kind: 'is', value: value as 'null' } };
  }
  if (op in ftsOperators) {
    let config: string | null = null;
    if (cursor.eat('(')) {
      const s = cursor.pos;
      while (!cursor.done && cursor.peek() !== ')') cursor.pos++;
      config = cursor.text.slice(s, cursor.pos);
      cursor.expect(')');
    }
    cursor.expect('.');
    return { negated, operation: { kind: 'fts', op: op as FtsOperator, config, value: readValue(cursor, inLogic) } };
  }
  if (!(op in simpleOperators)) {
    cursor.pos = start;
    throw cursor.fail(negated ? 'operator (eq, gt, ...)' : '"not" or operator (eq, gt, ...)');
  }
  if (quantifiable.has(op) && cursor.peek() === '(') {
    let quantifier: 'any' | 'all';
    if (cursor.eat('(any)')) quantifier = 'any';
    else if (cursor.eat('(all)')) quantifier = 'all';
    else throw cursor.fail('"(any)" or "(all)"');
    cursor.expect('.');
    return { negated, operation: { kind: 'quantified', op: op as SimpleOperator, quantifier, values: parseList(cursor, '{', '}') } };
  }
  cursor.expect('.');
  return { negated, operation: { kind: 'simple', op: op as SimpleOperator, value: readValue(cursor, inLogic) } };
}

/** A value: everything to the end, or (inside or/and) a quoted value, a `{…}` array or text up to `,`/`)`. */
function readValue(cursor: Cursor, inLogic: boolean): string {
  if (!inLogic) {
    const value = cursor.text.slice(cursor.pos);
    cursor.pos = cursor.text.length;
    return value;
  }
  if (cursor.peek() === '"') return cursor.quoted();
  const start = cursor.pos;
  if (cursor.peek() === '{') {
    while (!cursor.done && cursor.peek() !== '}') cursor.pos++;
    cursor.expect('}');
    return cursor.text.slice(start, cursor.pos);
  }
  while (!cursor.done && cursor.peek() !== ',' && cursor.peek() !== ')') cursor.pos++;
  return cursor.text.slice(start, cursor.pos);
}

/** `(a,"b,c",d)` or `{a,b}`: elements quoted or bare. */
function parseList(cursor: Cursor, open: string, close: string): string[] {
  cursor.expect(open);
  const values: string[] = [];
  if (cursor.eat(close)) return values;
  for (;;) {
    if (cursor.peek() === '"') values.push(cursor.quoted());
    else {
      const start = cursor.pos;
      while (!cursor.done && cursor.peek() !== ',' && cursor.peek() !== close) cursor.pos++;
      values.push(cursor.text.slice(start, cursor.pos));
    }
    if (cursor.eat(close)) return values;
    cursor.expect(',', `"," or "${close}"`);
  }
}

/** A top-level filter value `col=op.value` for the already split field. */
export function parseFilter(key: string, field: Field, value: string): Filter {
  const cursor = new Cursor('filter', value);
  const { negated, operation } = parseOperation(cursor, false);
  if (!cursor.done) throw cursor.fail('end of input');
  void key;
  return { field, negated, operation };
}

/** `or=(a.eq.1,and(b.gt.2,c.lt.3))` — the value of an `or`/`and` key (PostgREST pLogicTree). */
export function parseLogic(key: 'and' | 'or', negated: boolean, value: string): LogicTree {
  const cursor = new Cursor('logic tree', value);
  const children = parseLogicChildren(cursor, 0);
  if (!cursor.done) throw cursor.fail('end of input');
  return { kind: 'logic', op: key, negated, children };
}

function parseLogicChildren(cursor: Cursor, depth: number): LogicTree[] {
  if (depth > 32) throw cursor.fail('a shallower logic tree');
  cursor.expect('(');
  const children: LogicTree[] = [];
  for (;;) {
    children.push(parseLogicItem(cursor, depth));
    if (cursor.eat(')')) return children;
    cursor.expect(',', '"," or ")"');
  }
}

function parseLogicItem(cursor: Cursor, depth: number): LogicTree {
  const save = cursor.pos;
  const negated = cursor.eat('not.');
  for (const op of ['and', 'or'] as const) {
    if (cursor.startsWith(`${op}(`)) {
      cursor.pos += op.length;
      return { kind: 'logic', op, negated, children: parseLogicChildren(cursor, depth + 1) };
    }
  }
  cursor.pos = save;
  const name = cursor.name();
  const json = parseJsonPath(cursor);
  cursor.expect('.');
  const { negated: neg, operation } = parseOperation(cursor, true);
  return { kind: 'filter', filter: { field: { name, json }, negated: neg, operation } };
}

/** A filter field from a query key: `col`, `col->a->>b`, or a quoted name. */
export function parseFieldKey(text: string): Field {
  const cursor = new Cursor('tree path', text);
  const name = cursor.name();
  const json = parseJsonPath(cursor);
  if (!cursor.done) throw cursor.fail('"->", "->>" or end of input');
  return { name, json };
}
