import type { TxIdentity } from '../../db/types.ts';
import { knownRequestAuth, resolveRequestAuth, TokenError, type Keys } from '../../lib/keys.ts';
import type { HeaderReader } from '../../lib/request-headers.ts';
import { ident } from './build/sql.ts';
import { errors, jwtError, type RestError } from './errors.ts';

export interface RestRequest {
  method: string;
  /** Path after `/rest/v1`, e.g. `/todos` or `/rpc/fn` (PostgREST's `request.path`). */
  path: string;
  search: URLSearchParams;
  rawSearch: string;
  headers: HeaderReader;
  schema: string;
  role: string;
  identity: TxIdentity;
  /** PostgREST's `authed`: false for the anon role (42501 → 401 instead of 403). */
  authed: boolean;
}

function tokenFailure(error: TokenError, token: string | null): RestError {
  if (error.reason === 'expired') return jwtError('PGRST303', 'JWT expired');
  if (error.reason === 'unknown_key') {
    return errors.invalidApiKey();
  }
  const parts = token?.split('.').length ?? 0;
  return jwtError('PGRST301', parts === 3 ? 'JWT cryptographic operation failed' : `Expected 3 parts in JWT; got ${parts}`);
}

function bearerToken(headers: HeaderReader): string | null {
  const authorization = headers.get('authorization');
  const match = authorization ? /^Bearer\s+(.+)$/i.exec(authorization.trim()) : null;
  return match?.[1]?.trim() ?? headers.get('apikey');
}

function cookies(header: string | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const index = part.indexOf('=');
    if (index > 0) out[part.slice(0, index).trim()] = part.slice(index + 1).trim();
  }
  return out;
}

/** An extra search_path schema, quoted as PostgREST quotes every entry (visible in `explain()`'s settings). */
function searchPathEntry(name: string): string {
  return ident(name);
}

const defaultExtraSearchPath: readonly string[] = ['public', 'extensions'];

/** The search_path of each exposed schema, per list of extra schemas (the db config's, fixed until it reloads). */
const searchPaths = new WeakMap<readonly string[], Map<string, string>>();

function searchPathOf(schema: string, extraSearchPath: readonly string[]): string {
  let bySchema = searchPaths.get(extraSearchPath);
  if (!bySchema) searchPaths.set(extraSearchPath, (bySchema = new Map()));
  let path = bySchema.get(schema);
  if (path === undefined) {
    path = [ident(schema), ...extraSearchPath.map(searchPathEntry)].join(', ');
    // only exposed schemas get here, so the map holds a few
    bySchema.set(schema, path);
  }
  return path;
}

/** What the REST service reads of an HTTP request, from Node's request or a Fetch `Request`. */
export interface RestHttpRequest {
  method: string;
  /** The query string as sent, without its `?`. */
  rawSearch: string;
  headers: HeaderReader;
}

/**
 * Who the request is and which schema it addresses (PostgREST `Auth.hs`, `ApiRequest.hs`
 * profiles), and the transaction identity with PostgREST's request settings. Without waiting
 * when the caller is known (decision 449): a promise only when a token must be verified.
 */
export function readRestRequest(
  keys: Keys,
  exposed: readonly string[],
  request: RestHttpRequest,
  path: string,
  extraSearchPath: readonly string[] = defaultExtraSearchPath,
): RestRequest | Promise<RestRequest> {
  const headers = request.headers;
  const presented = { authorization: headers.get('authorization'), apikey: headers.get('apikey') };
  // Verified tokens are kept by lib/keys.ts for every service (decisions 436, 449).
  const known = knownRequestAuth(keys, presented);
  if (known) return restRequest(known, exposed, request, path, extraSearchPath);
  return resolveRequestAuth(keys, presented).then(
    (auth) => restRequest(auth, exposed, request, path, extraSearchPath),
    (error: unknown) => {
      throw error instanceof TokenError ? tokenFailure(error, bearerToken(headers)) : error;
    },
  );
}

function restRequest(
  auth: { role: string; claims: Readonly<Record<string, unknown>> },
  exposed: readonly string[],
  request: RestHttpRequest,
  path: string,
  extraSearchPath: readonly string[],
): RestRequest {
  const headers = request.headers;
  const method = request.method.toUpperCase();
  const profileHeader = method === 'GET' || method === 'HEAD' ? 'accept-profile' : 'content-profile';
  const profile = headers.get(profileHeader);
  const schema = profile ?? exposed[0] ?? 'public';
  if (!exposed.includes(schema)) throw errors.unacceptableSchema(schema, exposed);
  const headerObject: Record<string, string> = {};
  headers.forEach((value, key) => {
    if (key !== 'cookie') headerObject[key] = value;
  });
  const rawSearch = request.rawSearch;
  return {
    method,
    path,
    search: new URLSearchParams(rawSearch),
    rawSearch,
    headers,
    schema,
    role: auth.role,
    authed: auth.role !== 'anon',
    identity: {
      kind: 'request',
      role: auth.role,
      claims: auth.claims,
      searchPath: searchPathOf(schema, extraSearchPath),
      settings: [
        ['request.method', method],
        ['request.path', path],
        ['request.headers', JSON.stringify(headerObject)],
        ['request.cookies', JSON.stringify(cookies(headers.get('cookie')))],
      ],
    },
  };
}
