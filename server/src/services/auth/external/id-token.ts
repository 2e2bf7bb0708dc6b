import { createHash } from 'node:crypto';
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import type { AuthDeps } from '../auth-deps.ts';
import { authErrors } from '../errors.ts';
import { stringField, type Body } from '../request-input.ts';
import { createSession, type IssuedSession } from '../tokens.ts';
import { accountFromExternalIdentity, type ProviderUser } from './accounts.ts';
import type { ExternalProvider } from './providers.ts';

/** The providers whose ID tokens GoTrue accepts by name (token_oidc.go getProvider). */
const idTokenProviders = ['apple', 'azure', 'facebook', 'google', 'keycloak', 'kakao'];

const issuers: Record<string, string> = {
  google: 'https://accounts.google.com',
  apple: 'https://appleid.apple.com',
  azure: 'https://login.microsoftonline.com/common/v2.0',
  facebook: 'https://www.facebook.com',
  kakao: 'https://kauth.kakao.com',
};

const keySets = new Map<string, JWTVerifyGetKey>();

function jwksOf(provider: ExternalProvider): JWTVerifyGetKey | null {
  const url =
    provider.name === 'google'
      ? 'https://www.googleapis.com/oauth2/v3/certs'
      : provider.name === 'apple'
        ? 'https://appleid.apple.com/auth/keys'
        : provider.name === 'keycloak'
          ? `${provider.url.replace(/\/+$/, '')}/protocol/openid-connect/certs`
          : null;
  if (!url) return null;
  let set = keySets.get(url);
  if (!set) {
    set = createRemoteJWKSet(new URL(url), { timeoutDuration: 10_000 });
    keySets.set(url, set);
  }
  return set;
}

/**
 * IdTokenGrant (internal/api/token_oidc.go): an ID token the provider signed, checked against its
 * published keys, issuer and this project's client id, and its nonce; then the same account
 * decision as the redirect flow. An emulated provider signs nothing, so its tokens are refused.
 */
export async function idTokenGrant(ctx: AuthDeps, body: Body, meta: { userAgent: string | null; ip: string }): Promise<IssuedSession> {
  const name = stringField(body, 'provider');
  const idToken = stringField(body, 'id_token');
  const nonce = stringField(body, 'nonce');
  if (idToken === '') throw authErrors.validation('id_token required');
  if (name === '') throw authErrors.validation('provider or client_id and issuer required');
  if (!idTokenProviders.includes(name)) throw authErrors.validation(`Custom OIDC provider "${name}" not allowed`);
  const provider = ctx.providers.get(name);
  const issuer = name === 'keycloak' ? (provider?.url ?? '') : (issuers[name] ?? '');
  if (!provider) throw authErrors.issuerNotEnabled(issuer);
  const keys = provider.emulated ? null : jwksOf(provider);
  if (!keys) throw authErrors.badIdToken();
  let claims: Record<string, unknown>;
  try {
    ({ payload: claims } = await jwtVerify(idToken, keys, { issuer, audience: provider.clientId }));
  } catch {
    throw authErrors.badIdToken();
  }
  const tokenNonce = typeof claims.nonce === 'string' ? claims.nonce : '';
  if (tokenNonce !== '' && nonce !== '') {
    if (createHash('sha256').update(nonce).digest('hex') !== tokenNonce) throw authErrors.validation('Nonces mismatch');
  } else if (!provider.skipNonceCheck && tokenNonce !== '' && nonce === '') {
    throw authErrors.validation('Passed nonce and nonce in id_token should either both exist or not.');
  }
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  const person: ProviderUser = {
    sub: text(claims.sub),
    email: text(claims.email),
    emailVerified: claims.email_verified === true || claims.email_verified === 'true',
    name: text(claims.name),
    avatarUrl: text(claims.picture),
    iss: issuer,
  };
  if (person.sub === '') throw authErrors.badIdToken();
  return ctx.db.transaction({ kind: 'system' }, async (tx) => {
    const userId = await accountFromExternalIdentity(tx, ctx.settings, provider.name, person);
    return createSession(tx, userId, 'oauth', meta);
  });
}
