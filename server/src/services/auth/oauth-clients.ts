import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Tx } from '../../db/types.ts';
import { AuthError, authErrors } from './errors.ts';
import type { Body } from './request-input.ts';

/**
 * The OAuth 2.1 server's clients (internal/api/oauthserver/service.go, client_auth.go,
 * models/oauth_client.go): registration and update parameters checked as GoTrue checks them,
 * secrets shown once and stored as a SHA-256 hash, redirect URIs and grant types kept as
 * comma-separated text in `auth.oauth_clients`.
 */

export type AuthMethod = 'none' | 'client_secret_basic' | 'client_secret_post';
export const authMethods: readonly AuthMethod[] = ['none', 'client_secret_basic', 'client_secret_post'];

export interface OAuthClient {
  id: string;
  client_type: 'public' | 'confidential';
  token_endpoint_auth_method: AuthMethod;
  client_secret_hash: string | null;
  redirect_uris: string[];
  grant_types: string[];
  client_name: string | null;
  client_uri: string | null;
  logo_uri: string | null;
  json: Record<string, unknown>;
}

const ts = (expr: string) => `to_char((${expr}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** OAuthServerClientResponse: empty lists and names omitted, response_types always ["code"]. */
const clientJson = (c: string) => `(select jsonb_object_agg(kv.key, kv.value) from jsonb_each(jsonb_build_object(
    'client_id', ${c}.id, 'client_type', ${c}.client_type,
    'redirect_uris', case when ${c}.redirect_uris = '' then null else to_jsonb(string_to_array(${c}.redirect_uris, ',')) end,
    'token_endpoint_auth_method', ${c}.token_endpoint_auth_method,
    'grant_types', case when ${c}.grant_types = '' then null else to_jsonb(string_to_array(${c}.grant_types, ',')) end,
    'response_types', jsonb_build_array('code'),
    'client_name', nullif(${c}.client_name, ''), 'client_uri', nullif(${c}.client_uri, ''), 'logo_uri', nullif(${c}.logo_uri, ''),
    'registration_type', ${c}.registration_type, 'created_at', ${ts(`${c}.created_at`)}, 'updated_at', ${ts(`${c}.updated_at`)}
  )) kv where kv.value <> 'null'::jsonb)`;

export const clientColumns = (c: string) => `${c}.id::text as id, ${c}.client_type::text as client_type,
  ${c}.token_endpoint_auth_method, ${c}.client_secret_hash, string_to_array(${c}.redirect_uris, ',') as redirect_uris,
  string_to_array(${c}.grant_types, ',') as grant_types, ${c}.client_name, ${c}.client_uri, ${c}.logo_uri, ${clientJson(c)} as json`;

/** FindOAuthServerClientByID: a client that is not deleted. */
export async function findClient(tx: Tx, id: string): Promise<OAuthClient | null> {
  const { rows } = await tx.query<OAuthClient>(
    `select ${clientColumns('c')} from auth.oauth_clients c where c.id = $1 and c.deleted_at is null`,
    [id],
  );
  return rows[0] ?? null;
}

export async function listClients(tx: Tx): Promise<Record<string, unknown>[]> {
  const { rows } = await tx.query<{ json: Record<string, unknown> }>(
    `select ${clientJson('c')} as json from auth.oauth_clients c where c.deleted_at is null order by c.created_at desc, c.id`,
  );
  return rows.map((r) => r.json);
}

/** generateClientSecret: 32 random bytes, base64url; hashClientSecret: SHA-256, base64url. */
export function newClientSecret(): { secret: string; hash: string } {
  const secret = randomBytes(32).toString('base64url');
  return { secret, hash: hashSecret(secret) };
}

function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url');
}

/** ValidateClientSecret: constant-time comparison of the hashes. */
export function secretMatches(provided: string, storedHash: string | null): boolean {
  if (!storedHash) return false;
  const a = createHash('sha256').update(provided).digest();
  const b = Buffer.from(storedHash, 'base64url');
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * validateRedirectURI (RFC 6749 §3.1.2): absolute, with a host, no fragment; never an active
 * scheme; plain http only on loopback. Other schemes (an app's `myapp://`) are allowed.
 */
function redirectUriProblem(uri: string): string | null {
  if (uri === '') return 'redirect URI cannot be empty';
  let parsed: URL;
  try {
    parsed = new URL(uri);
  } catch {
    // Go's url.Parse takes a path without a scheme; GoTrue then finds neither scheme nor host.
    return /^[a-z][a-z0-9+.-]*:/i.test(uri) ? 'invalid URL format' : 'must have scheme and host';
  }
  const scheme = parsed.protocol.replace(/:$/, '').toLowerCase();
  if (parsed.host === '') return 'must have scheme and host';
  if (['javascript', 'data', 'file', 'vbscript', 'about', 'blob'].includes(scheme))
    return `scheme '${scheme}' is not allowed for security reasons`;
  if (scheme === 'http' && !['localhost', '127.0.0.1', '[::1]'].includes(parsed.hostname)) return 'HTTP scheme only allowed for localhost';
  if (parsed.hash !== '' || uri.includes('#')) return 'fragment not allowed in redirect URI';
  return null;
}

const invalid = (message: string) => authErrors.validation(message);

function stringList(body: Body, key: string): string[] | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string'))
    throw authErrors.badJson(`field "${key}" must be a list of strings`);
  return value as string[];
}

function optionalText(body: Body, key: string): string | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw authErrors.badJson(`field "${key}" must be a string`);
  return value;
}

function checkRedirectUris(uris: string[]): void {
  if (uris.length === 0) throw invalid('redirect_uris cannot be empty');
  if (uris.length > 10) throw invalid('redirect_uris cannot exceed 10 items');
  for (const uri of uris) {
    const problem = redirectUriProblem(uri);
    if (problem) throw invalid(`invalid redirect_uri '${uri}': ${problem}`);
    // Stored comma-separated, as GoTrue stores them: a comma would split one URI in two.
    if (uri.includes(',')) throw invalid(`invalid redirect_uri '${uri}': commas are not allowed`);
  }
}

function checkGrantTypes(types: string[]): void {
  if (types.length === 0) throw invalid('grant_types cannot be empty');
  if (types.some((t) => t !== 'authorization_code' && t !== 'refresh_token'))
    throw invalid("grant_types must only contain 'authorization_code' and/or 'refresh_token'");
}

function checkUri(value: string | undefined, key: 'client_uri' | 'logo_uri'): void {
  if (!value) return;
  if (value.length > 2048) throw invalid(`${key} cannot exceed 2048 characters`);
  if (!URL.canParse(value) || !/^[a-z][a-z0-9+.-]*:/i.test(value)) throw invalid(`${key} must be a valid URL`);
}

function checkName(value: string | undefined): void {
  if (value !== undefined && value.length > 1024) throw invalid('client_name cannot exceed 1024 characters');
}

export interface ClientFields {
  redirect_uris?: string[];
  grant_types?: string[];
  client_name?: string;
  client_uri?: string;
  logo_uri?: string;
  token_endpoint_auth_method?: AuthMethod;
}

function methodOf(body: Body): AuthMethod | undefined {
  const method = optionalText(body, 'token_endpoint_auth_method');
  if (method === undefined || method === '') return undefined;
  if (!authMethods.includes(method as AuthMethod)) throw invalid(`token_endpoint_auth_method must be one of: [${authMethods.join(' ')}]`);
  return method as AuthMethod;
}

/** OAuthServerClientRegisterParams.validate; messages carry GoTrue's "400: " prefix of a wrapped error. */
export function readRegistration(body: Body): ClientFields & { client_type: 'public' | 'confidential' } {
  try {
    const redirectUris = stringList(body, 'redirect_uris') ?? [];
    if (redirectUris.length === 0) throw invalid('redirect_uris is required');
    checkRedirectUris(redirectUris);
    const grantTypes = stringList(body, 'grant_types');
    if (grantTypes && grantTypes.length > 0) checkGrantTypes(grantTypes);
    const fields: ClientFields = {
      redirect_uris: redirectUris,
      grant_types: grantTypes && grantTypes.length > 0 ? grantTypes : ['authorization_code', 'refresh_token'],
      client_name: optionalText(body, 'client_name'),
      client_uri: optionalText(body, 'client_uri'),
      logo_uri: optionalText(body, 'logo_uri'),
    };
    checkName(fields.client_name);
    checkUri(fields.client_uri, 'client_uri');
    checkUri(fields.logo_uri, 'logo_uri');
    const explicitType = optionalText(body, 'client_type') ?? '';
    if (explicitType !== '' && explicitType !== 'public' && explicitType !== 'confidential')
      throw invalid("client_type must be 'public' or 'confidential'");
    const method = methodOf(body);
    const inferred = method === undefined ? undefined : method === 'none' ? 'public' : 'confidential';
    if (explicitType !== '' && inferred !== undefined && explicitType !== inferred)
      throw invalid(
        `client_type '${explicitType}' is inconsistent with token_endpoint_auth_method '${method}' (expected client_type '${inferred}')`,
      );
    const clientType = (explicitType || inferred || 'confidential') as 'public' | 'confidential';
    return {
      ...fields,
      client_type: clientType,
      token_endpoint_auth_method: method ?? (clientType === 'public' ? 'none' : 'client_secret_basic'),
    };
  } catch (error: unknown) {
    if (error instanceof AuthError && error.code === 'validation_failed') throw authErrors.validation(`${error.status}: ${error.message}`);
    throw error;
  }
}

/** OAuthServerClientUpdateParams.validate: only the fields given; at least one. */
export function readUpdate(body: Body): ClientFields {
  const fields: ClientFields = {
    redirect_uris: stringList(body, 'redirect_uris'),
    grant_types: stringList(body, 'grant_types'),
    client_name: optionalText(body, 'client_name'),
    client_uri: optionalText(body, 'client_uri'),
    logo_uri: optionalText(body, 'logo_uri'),
  };
  const method = body.token_endpoint_auth_method;
  if (method !== undefined && method !== null) {
    if (typeof method !== 'string' || !authMethods.includes(method as AuthMethod))
      throw invalid(`invalid token_endpoint_auth_method: must be one of [${authMethods.join(' ')}]`);
    fields.token_endpoint_auth_method = method as AuthMethod;
  }
  if (Object.values(fields).every((v) => v === undefined)) throw invalid('No fields provided for update');
  if (fields.redirect_uris) checkRedirectUris(fields.redirect_uris);
  if (fields.grant_types) checkGrantTypes(fields.grant_types);
  checkName(fields.client_name);
  checkUri(fields.client_uri, 'client_uri');
  checkUri(fields.logo_uri, 'logo_uri');
  return fields;
}

/** Creates the client; a confidential one gets a secret, returned here once. */
export async function insertClient(
  tx: Tx,
  fields: ClientFields & { client_type: 'public' | 'confidential' },
  registrationType: 'manual' | 'dynamic',
): Promise<{ client: OAuthClient; secret: string | null }> {
  const secret = fields.client_type === 'confidential' ? newClientSecret() : null;
  const { rows } = await tx.query<OAuthClient>(
    `insert into auth.oauth_clients as c (id, client_secret_hash, registration_type, redirect_uris, grant_types, client_name, client_uri,
       logo_uri, client_type, token_endpoint_auth_method)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning ${clientColumns('c')}`,
    [
      randomUUID(),
      secret?.hash ?? null,
      registrationType,
      (fields.redirect_uris ?? []).join(','),
      (fields.grant_types ?? []).join(','),
      fields.client_name || null,
      fields.client_uri || null,
      fields.logo_uri || null,
      fields.client_type,
      fields.token_endpoint_auth_method,
    ],
  );
  const client = rows[0];
  if (!client) throw new Error('insertClient: no row');
  return { client, secret: secret?.secret ?? null };
}
