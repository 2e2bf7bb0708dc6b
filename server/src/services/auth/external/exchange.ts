import { createRemoteJWKSet, decodeJwt, jwtVerify } from 'jose';
import type { ProviderUser } from './accounts.ts';
import { endpointsOf, type ExternalProvider } from './providers.ts';

interface TokenAnswer {
  access_token?: string;
  refresh_token?: string;
  id_token?: string;
}

const appleKeys = createRemoteJWKSet(new URL('https://appleid.apple.com/auth/keys'));

async function getJson(url: string, accessToken: string): Promise<Record<string, unknown>> {
  const res = await fetch(url, {
    headers: { Authorization: `Bearer ${accessToken}`, Accept: 'application/json' },
    signal: AbortSignal.timeout(10_000),
  });
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return (await res.json()) as Record<string, unknown>;
}

const text = (value: unknown) => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

/** oauth2.Config.Exchange, then the provider's GetUserData (google.go, github.go, apple.go, keycloak.go). */
export async function exchangeWithProvider(
  provider: ExternalProvider,
  code: string,
): Promise<{ person: ProviderUser; accessToken: string; refreshToken: string }> {
  const endpoints = endpointsOf(provider);
  const res = await fetch(endpoints.tokenUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: provider.redirectUri,
      client_id: provider.clientId,
      client_secret: provider.secret,
    }),
    signal: AbortSignal.timeout(10_000),
  });
  if (!res.ok) throw new Error(`token endpoint answered ${res.status}`);
  const token = (await res.json()) as TokenAnswer;
  const accessToken = token.access_token ?? '';
  if (accessToken === '') throw new Error('no access token');
  const refreshToken = token.refresh_token ?? '';
  let person: ProviderUser;
  if (provider.name === 'apple') {
    if (!token.id_token) throw new Error('no id_token');
    const { payload } = await jwtVerify(token.id_token, appleKeys, { issuer: 'https://appleid.apple.com', audience: provider.clientId });
    person = {
      sub: text(payload.sub),
      email: text(payload.email),
      emailVerified: payload.email_verified === true || payload.email_verified === 'true',
      name: '',
      avatarUrl: '',
      iss: 'https://appleid.apple.com',
    };
  } else if (provider.name === 'github') {
    const user = await getJson(endpoints.userInfoUrl, accessToken);
    const emails = (await fetch('https://api.github.com/user/emails', {
      headers: { Authorization: `Bearer ${accessToken}`, Accept: 'application/json' },
      signal: AbortSignal.timeout(10_000),
    }).then((r) => (r.ok ? r.json() : []))) as Array<{ email: string; primary: boolean; verified: boolean }>;
    const primary = emails.find((e) => e.primary) ?? emails.find((e) => e.verified) ?? emails[0];
    person = {
      sub: text(user.id),
      email: primary?.email ?? '',
      emailVerified: primary?.verified ?? false,
      name: text(user.name),
      avatarUrl: text(user.avatar_url),
      iss: 'https://api.github.com',
    };
  } else {
    const info = await getJson(endpoints.userInfoUrl, accessToken);
    const claims = token.id_token ? decodeJwt(token.id_token) : {};
    person = {
      sub: text(info.sub ?? info.id ?? claims.sub),
      email: text(info.email),
      emailVerified: info.email_verified === true || info.verified_email === true,
      name: text(info.name),
      avatarUrl: text(info.picture),
      iss: provider.name === 'google' ? 'https://accounts.google.com' : provider.url,
    };
  }
  if (person.sub === '') throw new Error('the provider named no subject');
  return { person, accessToken, refreshToken };
}
