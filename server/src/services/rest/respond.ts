import type { RestError } from './errors.ts';

const jsonType = 'application/json; charset=utf-8';

/** `Content-Range` as PostgREST writes it (`RangeQuery.hs` contentRangeH). */
export function contentRange(lower: number, upper: number, total: number | null): string {
  const range = total !== 0 && lower <= upper ? `${lower}-${upper}` : '*';
  return `${range}/${total ?? '*'}`;
}

/** 200, 206 for a partial page of a known total, 416 past the end (`rangeStatus`). */
export function rangeStatus(lower: number, pageTotal: number, total: number | null): number {
  if (total === null) return 200;
  const upper = lower + pageTotal - 1;
  if (lower > total) return 416;
  if (1 + upper - lower < total) return 206;
  return 200;
}

export function respond(status: number, body: string | null, headers: Record<string, string>): Response {
  return new Response(status === 204 || status === 304 || body === '' ? null : body, { status, headers });
}

/** The one renderer of REST errors: `{code, details, hint, message}` as JSON. */
export function respondError(error: RestError, head = false): Response {
  return new Response(head ? null : error.body(), { status: error.status, headers: { 'Content-Type': jsonType, ...error.headers } });
}
