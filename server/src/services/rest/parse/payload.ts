import { errors } from '../errors.ts';

export type Payload = Record<string, unknown>[] | Record<string, unknown>;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The JSON payload: an object or an array of objects (PGRST102 otherwise). */
export function parseJsonPayload(text: string): Payload {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw errors.invalidBody('Empty or invalid json');
  }
  if (isObject(value)) return value;
  if (Array.isArray(value) && value.every(isObject)) return value;
  throw errors.invalidBody('Empty or invalid json');
}

/** A form body is one row whose values are all text, as PostgREST reads it (`parseSimpleQuery`: `+` is a space). */
function parseFormPayload(text: string): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) row[key] = value;
  return row;
}

/** RFC 4180 records: quoted fields may hold commas, quotes (doubled) and line breaks. */
function csvRecords(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field === '') quoted = true;
    else if (ch === ',') {
      record.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else field += ch;
  }
  if (quoted) throw errors.invalidBody('Error in CSV: a quoted field is not closed');
  if (field !== '' || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  return records;
}

/**
 * A CSV body is one row per line under a header line of column names, every value text and
 * `NULL` null, as PostgREST reads it (`Payload.hs` csvToJson).
 */
function parseCsvPayload(text: string): Record<string, unknown>[] {
  const [header, ...lines] = csvRecords(text);
  if (!header || header.length === 0) throw errors.invalidBody('Error in CSV: no header line');
  return lines.map((line, n) => {
    if (line.length !== header.length)
      throw errors.invalidBody(`Error in CSV: line ${n + 2} has ${line.length} fields, the header ${header.length}`);
    return Object.fromEntries(header.map((name, i) => [name, line[i] === 'NULL' ? null : line[i]]));
  });
}

/**
 * A write's payload as PostgREST's `getPayload` reads it by `Content-Type`: JSON (also with no
 * header), `text/csv` and `application/x-www-form-urlencoded`; a form never parses as JSON,
 * whatever it holds.
 */
export function readPayload(text: string, contentType: string | null): Payload {
  const essence = mediaEssence(contentType);
  if (essence === 'application/x-www-form-urlencoded') return parseFormPayload(text);
  if (essence === 'text/csv') return parseCsvPayload(text);
  return parseJsonPayload(text);
}

/** Whether `readPayload` reads a body of this type as JSON (not a form, not CSV). */
export function isJsonPayload(contentType: string | null): boolean {
  const essence = mediaEssence(contentType);
  return essence !== 'application/x-www-form-urlencoded' && essence !== 'text/csv';
}

/** A `Content-Type`'s media type without its parameters, lower case (`''` for none). */
export function mediaEssence(contentType: string | null): string {
  return (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}
