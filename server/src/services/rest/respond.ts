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

/**
 * A REST answer before it is written: to Node's response directly, or as a Fetch `Response`
 * when the app is called in-process (decision 261).
 */
export interface RestAnswer {
  status: number;
  headers: Record<string, string>;
  body: string | null;
  /**
   * The headers include names and values the database chose (`RAISE SQLSTATE 'PGRST'`): they
   * are checked and combined as a Fetch `Headers` would before they are written.
   */
  foreignHeaders?: boolean;
}

export function respond(status: number, body: string | null, headers: Record<string, string>): RestAnswer {
  return { status, headers, body: status === 204 || status === 304 || body === '' ? null : body };
}

/** The one renderer of REST errors: `{code, details, hint, message}` as JSON. */
export function respondError(error: RestError, head = false): RestAnswer {
  const foreign = Object.keys(error.headers).length > 0;
  return {
    status: error.status,
    headers: foreign ? { 'Content-Type': jsonType, ...error.headers } : { 'Content-Type': jsonType },
    body: head ? null : error.body(),
    ...(foreign ? { foreignHeaders: true } : {}),
  };
}

/** The answer as a Fetch `Response` (the in-process app). */
export function toResponse(answer: RestAnswer): Response {
  return new Response(answer.body, { status: answer.status, headers: answer.headers });
}

/**
 * The answer's headers as the flat name/value list Node's `writeHead` takes. Headers the
 * database chose go through a Fetch `Headers` first, as they did when every answer was a
 * `Response`: invalid ones throw, repeated names are joined.
 */
export function headerList(answer: RestAnswer): string[] {
  const list: string[] = [];
  if (answer.foreignHeaders) {
    new Headers(answer.headers).forEach((value, name) => list.push(name, value));
    return list;
  }
  for (const name in answer.headers) list.push(name, answer.headers[name] as string);
  return list;
}
