import { tomlValue, type ServerConfig } from '../../lib/config.ts';

/** The Supabase CLI template's site_url and redirect URL (`supabase init`). */
const cliTemplateOrigins = ['http://127.0.0.1:3000', 'https://127.0.0.1:3000'];

/**
 * Origins that are defaults rather than choices: the CLI template's, and this server's own
 * default origin on loopback (`[api] port`, 54321). A site_url or redirect URL on one of them
 * follows the origin actually serving the app, so another PORT, HOST or API_EXTERNAL_URL
 * never mails a link to a server that is not there.
 */
export function defaultOrigins(config: ServerConfig): Set<string> {
  const apiPort = tomlValue(config.toml, 'api.port', 54321);
  return new Set([...cliTemplateOrigins, `http://localhost:${apiPort}`, `http://127.0.0.1:${apiPort}`]);
}

/** `url` with a default origin replaced by the serving origin (config.publicUrl, read when called). */
export function followServingOrigin(url: string, config: ServerConfig, defaults: Set<string>): string {
  if (!URL.canParse(url)) return url;
  const { origin } = new URL(url);
  if (!defaults.has(origin)) return url;
  const serving = new URL(config.publicUrl).origin;
  return `${serving}${url.slice(origin.length)}`;
}

/**
 * A host name that is a default's (the host of a default origin, `localhost` or `127.0.0.1`)
 * replaced by the serving origin's host: a WebAuthn relying party id written for local use
 * follows `API_EXTERNAL_URL` as the site URL does. Any other host is kept as written.
 */
export function followServingHost(host: string, config: ServerConfig, defaults: Set<string>): string {
  const defaultHosts = new Set([...defaults].map((origin) => new URL(origin).hostname));
  return defaultHosts.has(host) ? new URL(config.publicUrl).hostname : host;
}
