import type { DbError } from '../../db/errors.ts';

/**
 * The REST error catalogue: every failure leaves as `{code, details, hint, message}`
 * (PostgREST `Error.hs` ErrorBody), with the status and extra headers PostgREST sends.
 */
export class RestError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: unknown;
  readonly hint: unknown;
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    code: string,
    message: string,
    details: unknown = null,
    hint: unknown = null,
    headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'RestError';
    this.status = status;
    this.code = code;
    this.details = details;
    this.hint = hint;
    this.headers = headers;
  }

  body(): string {
    return JSON.stringify({ code: this.code, details: this.details, hint: this.hint, message: this.message });
  }
}

/** PGRST100: the query string does not parse (`QueryParamError`). */
export function parseError(message: string, details: string): RestError {
  return new RestError(400, 'PGRST100', message, details);
}

export const errors = {
  invalidBody: (message: string) => new RestError(400, 'PGRST102', message),
  /** A body over the configured limit (decision 102): PostgREST's invalid-body code, sent as 413 before the body is parsed. */
  bodyTooLarge: (limit: number) => new RestError(413, 'PGRST102', `Request body too large: the limit is ${limit} bytes`),
  invalidRange: (offset: number, total: number | null) =>
    new RestError(
      416,
      'PGRST103',
      'Requested range not satisfiable',
      `An offset of ${offset} was requested, but there are only ${total ?? 0} rows.`,
    ),
  negativeLimit: () => new RestError(416, 'PGRST103', 'Requested range not satisfiable', 'Limit should be greater than or equal to zero.'),
  unacceptableSchema: (schema: string, exposed: readonly string[]) =>
    new RestError(406, 'PGRST106', `Invalid schema: ${schema}`, null, `Only the following schemas are exposed: ${exposed.join(', ')}`),
  mediaType: (types: readonly string[]) => new RestError(406, 'PGRST107', `None of these media types are available: ${types.join(', ')}`),
  notEmbedded: (resource: string) =>
    new RestError(
      400,
      'PGRST108',
      `'${resource}' is not an embedded resource in this request`,
      null,
      `Verify that '${resource}' is included in the 'select' query parameter.`,
    ),
  singular: (rows: number) =>
    new RestError(406, 'PGRST116', 'Cannot coerce the result to a single JSON object', `The result contains ${rows} rows`),
  unsupportedMethod: (method: string) => new RestError(405, 'PGRST117', `Unsupported HTTP method: ${method}`),
  invalidRpcMethod: (method: string) => new RestError(405, 'PGRST101', `Cannot use the ${method} method on RPC`),
  relatedOrderNotToOne: (origin: string, target: string) =>
    new RestError(
      400,
      'PGRST118',
      `A related order on '${target}' is not possible`,
      `'${origin}' and '${target}' do not form a many-to-one or one-to-one relationship`,
    ),
  unacceptableFilter: (target: string) =>
    new RestError(
      400,
      'PGRST120',
      `Bad operator on the '${target}' embedded resource`,
      'Only is null or not is null filters are allowed on embedded resources',
    ),
  invalidPreferences: (prefs: readonly string[]) =>
    new RestError(400, 'PGRST122', 'Invalid preferences given with handling=strict', `Invalid preferences: ${prefs.join(', ')}`),
  aggregatesNotAllowed: () => new RestError(400, 'PGRST123', 'Use of aggregate functions is not allowed'),
  aggregatesInToManySpread: () =>
    new RestError(400, 'PGRST127', 'Feature not implemented', 'Aggregates are not implemented for one-to-many or many-to-many spreads.'),
  maxAffected: (rows: number) =>
    new RestError(400, 'PGRST124', 'Query result exceeds max-affected preference constraint', `The query affects ${rows} rows`),
  /** 42712 as PostgreSQL words it when two embeds get the same join name (PostgREST passes it on). */
  duplicateAlias: (name: string) => new RestError(400, '42712', `table name "${name}" specified more than once`),
  /** PGRST128 (`MaxAffectedRpcViolation`): max-affected with handling=strict on a function returning one value. */
  maxAffectedRpc: () =>
    new RestError(400, 'PGRST128', 'Function must return SETOF or TABLE when max-affected preference is used with handling=strict'),
  invalidFilters: () => new RestError(405, 'PGRST105', "Filters must include all and only primary key columns with 'eq' operators"),
  putLimit: () => new RestError(400, 'PGRST114', 'limit/offset querystring parameters are not allowed for PUT'),
  putMatchingPk: () => new RestError(400, 'PGRST115', 'Payload values do not match URL in primary key column(s)'),
  invalidPath: () => new RestError(404, 'PGRST125', 'Invalid path specified in request URL'),
  columnNotFound: (relation: string, column: string) =>
    new RestError(400, 'PGRST204', `Could not find the '${column}' column of '${relation}' in the schema cache`),
  tableNotFound: (schema: string, name: string, suggestion: string | null) =>
    new RestError(
      404,
      'PGRST205',
      `Could not find the table '${schema}.${name}' in the schema cache`,
      null,
      suggestion ? `Perhaps you meant the table '${schema}.${suggestion}'` : null,
    ),
  /** What PostgreSQL itself answers for an unknown column (42703, HTTP 400). */
  undefinedColumn: (relation: string, column: string) => new RestError(400, '42703', `column ${relation}.${column} does not exist`),
  /** pg-safeupdate, loaded for `authenticator` on hosted projects. */
  safeUpdate: (verb: 'UPDATE' | 'DELETE') => new RestError(400, '21000', `${verb} requires a WHERE clause`),
  noSchemaCache: () => new RestError(503, 'PGRST002', 'Could not query the database for the schema cache. Retrying.'),
  /** PGRST100 at a position in a query-string value: megaparsec's wording, as PostgREST passes it on. */
  parseFailure: (what: string, text: string, column: number, found: string, expecting: string) =>
    parseError(`"failed to parse ${what} (${text})" (line 1, column ${column})`, `unexpected ${found} expecting ${expecting}`),
  /** PGRST200 (`NoRelBetween`); `hint` is the embed's `!hint`, `suggestion` the fuzzy match. */
  noRelationship: (schema: string, parent: string, target: string, hint: string | null, suggestion: string | null) =>
    new RestError(
      400,
      'PGRST200',
      `Could not find a relationship between '${parent}' and '${target}' in the schema cache`,
      `Searched for a foreign key relationship between '${parent}' and '${target}${hint === null ? '' : `' using the hint '${hint}`}' in the schema '${schema}', but no matches were found.`,
      suggestion ? `Perhaps you meant '${suggestion}' instead of '${target}'.` : null,
    ),
  /** PGRST201 (`AmbiguousRelBetween`): each candidate described, and the `!hint` that picks it. */
  ambiguousRelationship: (parent: string, target: string, candidates: unknown[], hints: string[]) =>
    new RestError(
      300,
      'PGRST201',
      `Could not embed because more than one relationship was found for '${parent}' and '${target}'`,
      candidates,
      `Try changing '${target}' to one of the following: ${hints.join(', ')}. Find the desired relationship in the 'details' key.`,
    ),
  /** PGRST202 (`NoRpc`): `fn` is `schema.name`, `keys` the argument names sorted, `hint` the fuzzy match. */
  functionNotFound: (fn: string, keys: string[], singleJsonTried: boolean, hint: string | null) => {
    const withParams = keys.length === 0 ? ' without parameters' : ` with parameter${keys.length > 1 ? 's' : ''} ${keys.join(', ')}`;
    return new RestError(
      404,
      'PGRST202',
      `Could not find the function ${fn}${keys.length === 0 ? ' without parameters' : `(${keys.join(', ')})`} in the schema cache`,
      `Searched for the function ${fn}${withParams}${singleJsonTried ? ' or with a single unnamed json/jsonb parameter' : ''}, but no matches were found in the schema cache.`,
      hint,
    );
  },
  /** PGRST203 (`AmbiguousRpc`): the overloads that fit, as `schema.name(arg => type, …)`. */
  ambiguousFunction: (signatures: string[]) =>
    new RestError(
      300,
      'PGRST203',
      `Could not choose the best candidate function between: ${signatures.join(', ')}`,
      null,
      'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    ),
  /** 2201B, PostgreSQL's code for a regex it refuses: back-references on the embedded database (decision 307). */
  backReference: () =>
    new RestError(
      400,
      '2201B',
      'invalid regular expression: back-references are not available on the embedded database',
      null,
      'Back-references make matching time grow exponentially, and the embedded database runs one statement at a time. Set DATABASE_URL to a PostgreSQL server to use them.',
    ),
  /** PGRST301 for an opaque key the gateway does not know (hosted answers this before PostgREST). */
  invalidApiKey: () =>
    new RestError(401, 'PGRST301', 'Invalid API key', null, 'Double check your Supabase `anon` or `service_role` API key.'),
};

/** PGRST301/303: the token is refused before any SQL runs (`JwtError`), with RFC 6750's header. */
export function jwtError(code: 'PGRST301' | 'PGRST303', message: string): RestError {
  return new RestError(401, code, message, null, null, {
    'WWW-Authenticate': `Bearer error="invalid_token", error_description="${message}"`,
  });
}

/** SQLSTATE → HTTP status, `Error.hs` mapSQLtoHTTP; `authed` is false for the anon role. */
export function statusForSqlState(code: string, message: string, authed: boolean): number {
  const two = code.slice(0, 2);
  if (two === '08') return 503;
  if (two === '09') return 500;
  if (two === '0L' || two === '0P') return 403;
  if (code === '23503' || code === '23505') return 409;
  if (code === '25006') return 405;
  if (code === '21000') return message.endsWith('requires a WHERE clause') ? 400 : 500;
  if (code === '22023') return message.startsWith('role') && message.endsWith('does not exist') ? 401 : 400;
  if (['25', '2D', '38', '39', '3B', '40', '54', '55', '58', 'F0', 'HV', 'XX'].includes(two)) return 500;
  if (two === '28') return 403;
  if (code === '53400') return 500;
  // A full disk: 507 Insufficient Storage, not PostgREST's 503 for class 53 — a retry does not help until space is freed (decision 308).
  if (code === '53100') return 507;
  if (two === '53') return 503;
  if (code === '57P01') return 503;
  if (two === '57') return 500;
  if (code === 'P0001') return 400;
  if (two === 'P0') return 500;
  if (code === '42883') return message.startsWith('function xmlagg(') ? 406 : 404;
  if (code === '42P01') return 404;
  if (code === '42P17') return 500;
  if (code === '42501') return authed ? 403 : 401;
  if (two === 'PT') {
    const status = Number(code.slice(2));
    return Number.isInteger(status) && status >= 100 && status <= 599 ? status : 500;
  }
  return 400;
}

/** A database error as PostgREST forwards it: SQLSTATE as code, `WWW-Authenticate: Bearer` on 401. */
export function fromDbError(error: DbError, authed: boolean): RestError {
  if (error.code === 'PGRST') return fromRaisePgrst(error);
  const status = statusForSqlState(error.code, error.message, authed);
  return new RestError(status, error.code, error.message, error.detail, error.hint, status === 401 ? { 'WWW-Authenticate': 'Bearer' } : {});
}

/**
 * `RAISE SQLSTATE 'PGRST' USING message = '{json}', detail = '{json}'` gives the function full
 * control (PostgREST `Error.hs` parseRaisePGRST): MESSAGE is `{code, message, details?, hint?}`
 * (texts), DETAIL is `{status, headers, status_text?}` (headers obligatory, texts). Anything
 * else is PGRST121, naming the part that did not parse. A status outside 100–599, which
 * Node cannot send, counts as a DETAIL that does not parse.
 */
function fromRaisePgrst(error: DbError): RestError {
  const message = raisedMessage(error.message);
  if (!message) return raiseParseError(`Invalid JSON value for MESSAGE: '${error.message}'`, 'MESSAGE');
  if (error.detail === null) return raiseParseError('DETAIL is missing in the RAISE statement', 'DETAIL');
  const detail = raisedDetail(error.detail);
  if (!detail) return raiseParseError(`Invalid JSON value for DETAIL: '${error.detail}'`, 'DETAIL');
  return new RestError(detail.status, message.code, message.message, message.details, message.hint, detail.headers);
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const optionalText = (value: unknown): value is string | null | undefined =>
  value === undefined || value === null || typeof value === 'string';

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function raisedMessage(text: string): { code: string; message: string; details: string | null; hint: string | null } | null {
  const value = parseJson(text);
  if (!isRecord(value) || typeof value.code !== 'string' || typeof value.message !== 'string') return null;
  if (!optionalText(value.details) || !optionalText(value.hint)) return null;
  return { code: value.code, message: value.message, details: value.details ?? null, hint: value.hint ?? null };
}

function raisedDetail(text: string): { status: number; headers: Record<string, string> } | null {
  const value = parseJson(text);
  if (!isRecord(value) || !Number.isInteger(value.status) || !isRecord(value.headers) || !optionalText(value.status_text)) return null;
  const status = value.status as number;
  if (status < 100 || status > 599) return null;
  const headers: Record<string, string> = {};
  for (const [name, header] of Object.entries(value.headers)) {
    if (typeof header !== 'string') return null;
    headers[name] = header;
  }
  return { status, headers };
}

function raiseParseError(details: string, part: 'MESSAGE' | 'DETAIL'): RestError {
  const hint =
    part === 'MESSAGE'
      ? "MESSAGE must be a JSON object with obligatory keys: 'code', 'message' and optional keys: 'details', 'hint'."
      : "DETAIL must be a JSON object with obligatory keys: 'status', 'headers' and optional key: 'status_text'.";
  return new RestError(500, 'PGRST121', `Could not parse JSON in the "RAISE SQLSTATE 'PGRST'" error`, details, hint);
}
