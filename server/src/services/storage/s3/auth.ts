import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { tomlValue } from '../../../lib/config.ts';
import { resolveRequestAuth, TokenError } from '../../../lib/keys.ts';
import type { Caller } from '../caller.ts';
import type { StorageDeps } from '../request-handling.ts';
import { s3Errors } from './errors.ts';
import type { PayloadCheck } from './payload.ts';
import { mustBeFresh, parseClientSignature, signingKey, verifySignature, type SigningRequest } from './sigv4.ts';

/**
 * Who an S3 request is (supabase/storage `src/http/plugins/signature-v4.ts`): signed with the
 * service credentials (`S3 Access Key` / `S3 Secret Key`), it runs as service_role and RLS is
 * bypassed; signed with a session (access key id = the project's id, secret = the anon key,
 * session token = the user's access token), it runs as that user and RLS decides.
 */
export interface S3Identity {
  caller: Caller;
  check: PayloadCheck;
}

/** The project id a session's access key must name: config.toml's `project_id`, else the folder `supabase init` ran in. */
export function projectIdOf(deps: Pick<StorageDeps, 'config'>): string {
  return tomlValue(deps.config.toml, 'project_id', '') || path.basename(path.dirname(deps.config.projectDir));
}

export function signingRequestOf(incoming: IncomingMessage): SigningRequest {
  const url = incoming.url ?? '/';
  const q = url.indexOf('?');
  return {
    method: incoming.method ?? 'GET',
    rawPath: q < 0 ? url : url.slice(0, q),
    rawQuery: q < 0 ? '' : url.slice(q + 1),
    headers: incoming.headers,
  };
}

export async function authenticateS3(deps: StorageDeps, request: SigningRequest): Promise<S3Identity> {
  const signature = parseClientSignature(request);
  mustBeFresh(signature);
  if (signature.service !== 's3') throw s3Errors.authorizationMalformed(`The credential names service ${signature.service}, not s3`);
  const session = signature.sessionToken;
  const { s3 } = deps.config;
  if (session === null && signature.accessKeyId !== s3.accessKeyId) throw s3Errors.invalidAccessKeyId();
  if (session !== null && signature.accessKeyId !== projectIdOf(deps)) throw s3Errors.invalidAccessKeyId();
  const secret = session === null ? s3.secretAccessKey : deps.keys.anonKey;
  if (!verifySignature(request, signature, secret)) throw s3Errors.signatureDoesNotMatch();
  const check: PayloadCheck = { signature, key: signingKey(secret, signature), headers: request.headers };
  const token = session ?? deps.keys.serviceRoleKey;
  try {
    const auth = await resolveRequestAuth(deps.keys, { authorization: `Bearer ${token}` });
    const sub = typeof auth.claims.sub === 'string' && auth.claims.sub !== '' ? auth.claims.sub : undefined;
    return { caller: { role: auth.role, claims: auth.claims, token: auth.token, owner: sub, isAuthenticated: true }, check };
  } catch (error: unknown) {
    if (error instanceof TokenError) throw s3Errors.accessDenied(`The session token is not valid: ${error.message}`);
    throw error;
  }
}
