import { z } from 'zod';

/**
 * The keys of a project config the server does not read, for the start to list as ignored: the
 * Supabase CLI accepts keys it does not know (its loader decodes what its schema names and
 * leaves the rest), so a config written for any CLI version boots here, and says what it
 * asked for that this server does not do. A table none of whose keys the server reads is
 * named once (`studio`), not key by key.
 */
export function ignoredKeys(schema: z.ZodType, value: unknown, prefix = ''): string[] {
  const inner = unwrap(schema);
  if (!isTable(value)) return [];
  if (inner instanceof z.ZodObject) {
    const shape = inner.shape as Record<string, z.ZodType>;
    const ignored: string[] = [];
    for (const [key, child] of Object.entries(value)) {
      const path = prefix ? `${prefix}.${key}` : key;
      const known = shape[key];
      if (known) ignored.push(...ignoredKeys(known, child, path));
      else ignored.push(path);
    }
    return ignored;
  }
  if (inner instanceof z.ZodRecord) {
    const entry = inner.valueType as z.ZodType;
    return Object.entries(value).flatMap(([key, child]) => ignoredKeys(entry, child, prefix ? `${prefix}.${key}` : key));
  }
  return [];
}

function unwrap(schema: z.ZodType): z.ZodType {
  let current = schema;
  while (current instanceof z.ZodOptional || current instanceof z.ZodNullable) current = current.unwrap() as z.ZodType;
  return current;
}

function isTable(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);
}
