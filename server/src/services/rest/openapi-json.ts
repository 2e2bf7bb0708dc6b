/** PostgreSQL types as PostgREST's OpenAPI document names them, and its JSON written in one order. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/** `toSwaggerType` (PostgREST `Response/OpenAPI.hs`): json/jsonb have no type, `[]` is an array, the rest a string. */
export function swaggerType(pgType: string): string | null {
  switch (pgType) {
    case 'character varying':
    case 'character':
    case 'text':
      return 'string';
    case 'boolean':
      return 'boolean';
    case 'smallint':
    case 'integer':
    case 'bigint':
      return 'integer';
    case 'numeric':
    case 'real':
    case 'double precision':
      return 'number';
    case 'json':
    case 'jsonb':
      return null;
    default:
      return pgType.endsWith('[]') ? 'array' : 'string';
  }
}

/** `toSwaggerFormat`: int32/int64 for the integer types, the PostgreSQL type name otherwise. */
export function swaggerFormat(pgType: string): string {
  if (pgType === 'smallint' || pgType === 'integer') return 'int32';
  if (pgType === 'bigint') return 'int64';
  return pgType;
}

/** Objects leave with their keys sorted, so the same schema always renders the same bytes. */
export function sorted(entries: Record<string, Json | undefined>): JsonObject {
  const out: JsonObject = {};
  for (const key of Object.keys(entries).sort()) {
    const value = entries[key];
    if (value !== undefined) out[key] = value;
  }
  return out;
}

export function arrayItems(pgType: string): Json | undefined {
  if (swaggerType(pgType) !== 'array') return undefined;
  const type = swaggerType(pgType.slice(0, -2));
  return type === null ? {} : { type };
}

/** `parseDefault`: strings lose their `::type` cast and quotes; anything that is not JSON is left out. */
export function parseDefault(pgType: string, expression: string | null): Json | undefined {
  if (expression === null) return undefined;
  let text = expression;
  if (swaggerType(pgType) === 'string') {
    const cast = `::${pgType}`;
    if (text.endsWith(cast)) text = text.slice(0, -cast.length).replace(/^'+|'+$/g, '');
    text = `"${text}"`;
  }
  try {
    return JSON.parse(text) as Json;
  } catch {
    return undefined;
  }
}
