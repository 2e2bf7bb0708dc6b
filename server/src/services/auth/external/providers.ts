import { isLocalUrl, isLoopbackHost, tomlTable, type ServerConfig, type TomlTable } from '../../../lib/config.ts';

/** The providers GoTrue knows (its ProviderSettings keys) that sign in through `/authorize`. */
export const oauthProviderNames = [
  'apple',
  'azure',
  'bitbucket',
  'discord',
  'facebook',
  'figma',
  'fly',
  'github',
  'gitlab',
  'google',
  'keycloak',
  'kakao',
  'linkedin',
  'linkedin_oidc',
  'notion',
  'spotify',
  'slack',
  'slack_oidc',
  'workos',
  'twitch',
  'twitter',
  'x',
  'zoom',
] as const;

/** Real endpoints this server can talk to; keycloak is the generic OpenID Connect provider (its `url` is the issuer). */
export const realProviderNames = ['google', 'github', 'apple', 'keycloak'] as const;
type RealProvider = (typeof realProviderNames)[number];

export interface ExternalProvider {
  name: string;
  clientId: string;
  secret: string;
  /** Where the provider sends the browser back: `redirect_uri`, else this server's `/auth/v1/callback`. */
  redirectUri: string;
  url: string;
  skipNonceCheck: boolean;
  /** No real client id: the server's own consent page stands in for the provider (decision 185). */
  emulated: boolean;
}

export interface ProviderEndpoints {
  authUrl: string;
  tokenUrl: string;
  userInfoUrl: string;
  scopes: string[];
  extraAuthParams: Record<string, string>;
}

/** Endpoints and default scopes as GoTrue's provider package sets them (google.go, github.go, apple.go, keycloak.go). */
export function endpointsOf(p: ExternalProvider): ProviderEndpoints {
  const name = p.name as RealProvider;
  switch (name) {
    case 'google':
      return {
        authUrl: 'https://accounts.google.com/o/oauth2/auth',
        tokenUrl: 'https://oauth2.googleapis.com/token',
        userInfoUrl: 'https://www.googleapis.com/userinfo/v2/me',
        scopes: ['email', 'profile'],
        extraAuthParams: {},
      };
    case 'github':
      return {
        authUrl: 'https://github.com/login/oauth/authorize',
        tokenUrl: 'https://github.com/login/oauth/access_token',
        userInfoUrl: 'https://api.github.com/user',
        scopes: ['user:email'],
        extraAuthParams: {},
      };
    case 'apple':
      return {
        authUrl: 'https://appleid.apple.com/auth/authorize',
        tokenUrl: 'https://appleid.apple.com/auth/token',
        userInfoUrl: '',
        scopes: ['email', 'name'],
        extraAuthParams: { response_mode: 'form_post' },
      };
    case 'keycloak': {
      const base = p.url.replace(/\/+$/, '');
      return {
        authUrl: `${base}/protocol/openid-connect/auth`,
        tokenUrl: `${base}/protocol/openid-connect/token`,
        userInfoUrl: `${base}/protocol/openid-connect/userinfo`,
        scopes: ['profile', 'email'],
        extraAuthParams: {},
      };
    }
  }
}

/** The client id that asks for the emulator in a config the Supabase CLI also accepts. */
export const emulatorClientId = 'emulator';

/** A value still written `env(VAR)` names a variable that is unset: no credential. */
function credential(value: unknown): string {
  if (typeof value !== 'string') return '';
  return /^env\(.*\)$/.test(value.trim()) ? '' : value.trim();
}

/**
 * Why the emulator cannot be served at all (decision 302), or null: it signs anyone in as any
 * address, so only a server that this machine alone reaches may have it — a loopback bind, no
 * reverse proxy configured, and a local API_EXTERNAL_URL. (Each request to it is checked too:
 * a loopback `Host` and no forwarding headers.)
 */
function emulatorOffBecause(config: ServerConfig): string | null {
  if (!isLoopbackHost(config.host)) return `HOST=${config.host} is not a loopback address`;
  if (config.trustedProxies.trim() !== '') return 'TRUSTED_PROXIES names a proxy in front of the server';
  if (config.publicUrlFromEnv && !isLocalUrl(config.publicUrl)) return `API_EXTERNAL_URL=${config.publicUrl} is not local`;
  return null;
}

/**
 * `[auth.external.<provider>]` as the CLI reads it. A provider is on when `enabled = true`; it is
 * emulated when `client_id` is the literal `emulator` (what the CLI accepts: it refuses an enabled
 * provider without a client id) or empty, or names an unset variable — and then only on a
 * loopback bind: anywhere else the emulator would let anyone sign in as any address, so the
 * provider stays off and the start says why.
 */
export function readExternalProviders(
  config: ServerConfig,
  callbackUrl: () => string,
  warn: (message: string) => void,
): Map<string, ExternalProvider> {
  const providers = new Map<string, ExternalProvider>();
  const section = tomlTable(config.toml, 'auth.external');
  for (const [name, raw] of Object.entries(section)) {
    const table = (raw ?? {}) as TomlTable;
    if (table.enabled !== true) continue;
    if (!(oauthProviderNames as readonly string[]).includes(name)) {
      warn(`auth: [auth.external.${name}] is not a provider GoTrue knows; ignored`);
      continue;
    }
    const clientId = credential(table.client_id);
    const secret = credential(table.secret);
    const emulated = clientId === '' || clientId === emulatorClientId;
    const remote = emulatorOffBecause(config);
    if (emulated && remote) {
      warn(
        `auth: ${name} has no real client_id; its sign-in emulator is served only on a loopback bind with no proxy, and ${remote}, so ${name} sign-in is off`,
      );
      continue;
    }
    if (!emulated && !(realProviderNames as readonly string[]).includes(name)) {
      throw new Error(
        `[auth.external.${name}]: real sign-in is available for ${realProviderNames.join(', ')}; set client_id = "${emulatorClientId}" to emulate ${name}`,
      );
    }
    if (!emulated && name === 'keycloak' && !URL.canParse(credential(table.url))) {
      throw new Error(`[auth.external.keycloak]: url must be the issuer URL of the OpenID Connect provider`);
    }
    const redirectUri = credential(table.redirect_uri);
    providers.set(name, {
      name,
      clientId,
      secret,
      get redirectUri() {
        return redirectUri || callbackUrl();
      },
      url: credential(table.url),
      skipNonceCheck: table.skip_nonce_check === true,
      emulated,
    });
  }
  return providers;
}
