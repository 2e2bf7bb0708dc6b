import { defaultJwtSecret, defaultPublishableKey, defaultSecretKey, isLocalUrl, isLoopbackHost, type ServerConfig } from './config.ts';
import { cliDefaultSigningKey } from './signing-keys.ts';

/**
 * Why this server can be reached from another machine, or null when only this one reaches it:
 * a bind that is not loopback, an API_EXTERNAL_URL that is not local (a proxy or a tunnel
 * publishes it), or a configured reverse proxy.
 */
export function reachableBecause(config: ServerConfig): string | null {
  if (!isLoopbackHost(config.host)) return `HOST=${config.host} is not a loopback address`;
  if (config.publicUrlFromEnv && !isLocalUrl(config.publicUrl)) return `API_EXTERNAL_URL=${config.publicUrl} is not a local URL`;
  if (config.trustedProxies.trim() !== '') return `TRUSTED_PROXIES names a proxy in front of the server`;
  return null;
}

/** The settings still at the Supabase CLI's public values (every local stack's, published in its source). */
export function publicSecretsIn(config: ServerConfig, signingKid: string | null): string[] {
  const names: string[] = [];
  if (config.jwtSecret === defaultJwtSecret) {
    names.push('JWT_SECRET');
    if (!config.anonKeyOverride) names.push('ANON_KEY');
    if (!config.serviceRoleKeyOverride) names.push('SERVICE_ROLE_KEY');
  }
  if (config.publishableKey === defaultPublishableKey) names.push('PUBLISHABLE_KEY');
  if (config.secretKey === defaultSecretKey) names.push('SECRET_KEY');
  if (signingKid === cliDefaultSigningKey.kid) names.push('[auth] signing_keys_path');
  return names;
}

export class PublicSecretsError extends Error {
  constructor(reason: string, names: string[]) {
    super(
      [
        `refusing to start with the Supabase CLI's public demo keys on a server others can reach (${reason}).`,
        `Anyone can sign a service_role token, an OAuth state or a storage URL with them. Set: ${names.join(', ')}.`,
        `  JWT_SECRET: at least 32 random characters, e.g. \`openssl rand -base64 48\`; ANON_KEY and SERVICE_ROLE_KEY are then derived from it`,
        `    (printed at start) unless you set them (HS256 JWTs with role anon / service_role, signed with JWT_SECRET).`,
        `  PUBLISHABLE_KEY / SECRET_KEY: \`sb_publishable_\` / \`sb_secret_\` followed by random characters, e.g. \`sb_secret_$(openssl rand -hex 24)\`.`,
        `  signing keys: \`npm run gen:signing-key\` writes supabase/signing_keys.json ([auth] signing_keys_path).`,
        `To run a demo on a network with the public keys anyway, start with ALLOW_DEMO_KEYS=1 (or --allow-demo-keys). See docs/deploy.md.`,
      ].join('\n'),
    );
    this.name = 'PublicSecretsError';
  }
}

/**
 * Refuses (decision 301) a server reachable from another machine that signs with the CLI's
 * public secret or keys, unless ALLOW_DEMO_KEYS=1 asks for it, which is warned about.
 */
export function checkDemoKeys(config: ServerConfig, signingKid: string | null, warn: (message: string) => void): void {
  const reason = reachableBecause(config);
  if (!reason) return;
  const names = publicSecretsIn(config, signingKid);
  if (names.length === 0) return;
  if (!config.allowDemoKeys) throw new PublicSecretsError(reason, names);
  warn(
    `ALLOW_DEMO_KEYS=1: serving with the Supabase CLI's public ${names.join(', ')} although ${reason}; anyone who reaches this server can act as service_role`,
  );
}
