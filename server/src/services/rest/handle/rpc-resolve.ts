import { errors, type RestError } from '../errors.ts';
import { closest, type Routine } from '../schema-cache.ts';

/** The body's media type as far as overload resolution cares (PostgREST `findProc`). */
export type RpcBodyKind = 'json' | 'text' | 'xml' | 'octet' | 'form';

/** Types a single unnamed parameter may have for PostgREST to list the function at all. */
const singleUnnamedTypes = new Set(['bytea', 'json', 'jsonb', 'text', 'xml']);

/** The type a single unnamed parameter must have to take a body of each media type whole. */
const bodyParamTypes: Record<RpcBodyKind, readonly string[]> = {
  json: ['json', 'jsonb'],
  text: ['text'],
  xml: ['xml'],
  octet: ['bytea'],
  form: [],
};

/**
 * PostgREST's schema cache leaves out functions it could never call by name: more than one
 * unnamed parameter, or one that is not bytea, json, jsonb, text or xml (SchemaCache.hs).
 */
export function isCallable(routine: Routine): boolean {
  const unnamed = routine.params.filter((p) => p.name === '');
  if (unnamed.length === 0) return true;
  return unnamed.length === 1 && singleUnnamedTypes.has(unnamed[0]?.type ?? '');
}

/** A function with exactly one parameter and no name for it: called with the whole body. */
export function takesBodyWhole(routine: Routine): boolean {
  return routine.params.length === 1 && routine.params[0]?.name === '';
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** PostgREST's `Ord Routine`: fewer parameters first, then the parameters by name and type. */
function compareRoutines(a: Routine, b: Routine): number {
  if (a.params.length !== b.params.length) return a.params.length - b.params.length;
  for (let i = 0; i < a.params.length; i++) {
    const p = a.params[i];
    const q = b.params[i];
    if (!p || !q) break;
    const byName = compareText(p.name, q.name) || compareText(p.type, q.type);
    if (byName !== 0) return byName;
    if (p.hasDefault !== q.hasDefault) return p.hasDefault ? -1 : 1;
    if (p.variadic !== q.variadic) return p.variadic ? 1 : -1;
  }
  return compareText(a.returnType, b.returnType);
}

/** The overloads PostgREST would list for `schema.name`, in its order. */
export function callableOverloads(all: readonly Routine[]): Routine[] {
  return all.filter(isCallable).sort(compareRoutines);
}

function sameSet(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  return a.size === b.size && [...a].every((k) => b.has(k));
}

/** PostgREST `matchesParams`: required parameters all given, the rest among the optional ones. */
function matchesParams(routine: Routine, keys: ReadonlySet<string>, post: boolean, body: RpcBodyKind): boolean {
  if (routine.params.length === 0) return keys.size === 0 && !(post && (body === 'text' || body === 'xml' || body === 'octet'));
  const required = new Set(routine.params.filter((p) => !p.hasDefault).map((p) => p.name));
  const optional = new Set(routine.params.filter((p) => p.hasDefault).map((p) => p.name));
  return sameSet(new Set([...keys].filter((k) => !optional.has(k))), required);
}

function takesBodyOf(routine: Routine, post: boolean, body: RpcBodyKind): boolean {
  return post && takesBodyWhole(routine) && bodyParamTypes[body].includes(routine.params[0]?.type ?? '');
}

export function describeRoutine(r: Routine): string {
  return `${r.schema}.${r.name}(${r.params.map((p) => `${p.name} => ${p.type}`).join(', ')})`;
}

export interface RpcLookup {
  schema: string;
  name: string;
  keys: readonly string[];
  post: boolean;
  body: RpcBodyKind;
}

/** PGRST202 with PostgREST's hint: the closest parameter list of an overload, else the closest name. */
function notFound(lookup: RpcLookup, overloads: readonly Routine[], namesInSchema: () => string[]): RestError {
  const fn = `${lookup.schema}.${lookup.name}`;
  const listed = (names: readonly string[]) => `(${[...names].sort().join(', ')})`;
  let hint: string | null = null;
  if (overloads.length > 0) {
    const best = closest(
      listed(lookup.keys),
      overloads.map((r) => listed(r.params.map((p) => p.name))),
      0.33,
    );
    if (best) hint = `Perhaps you meant to call the function ${fn}${best}`;
  } else {
    const best = closest(lookup.name, namesInSchema(), 0.75);
    if (best) hint = `Perhaps you meant to call the function ${lookup.schema}.${best}`;
  }
  return errors.functionNotFound(fn, [...lookup.keys], lookup.post && lookup.body === 'json', hint);
}

/**
 * Overload resolution as PostgREST's `findProc` among a function's callable overloads (in
 * `callableOverloads`' order): those whose parameters the argument names fit; failing those, one taking the whole body through a single unnamed parameter.
 * None is PGRST202, several PGRST203 (listed in PostgREST's order).
 */
export function resolveRoutine(lookup: RpcLookup, overloads: readonly Routine[], namesInSchema: () => string[]): Routine {
  const keys = new Set(lookup.keys);
  const named = overloads.filter((r) => matchesParams(r, keys, lookup.post, lookup.body));
  const fallback = overloads.filter((r) => !named.includes(r) && takesBodyOf(r, lookup.post, lookup.body));
  const chosen = named.length > 0 ? named : fallback;
  if (chosen.length === 1 && chosen[0]) return chosen[0];
  if (chosen.length > 1) throw errors.ambiguousFunction(chosen.map(describeRoutine));
  throw notFound(lookup, overloads, namesInSchema);
}
