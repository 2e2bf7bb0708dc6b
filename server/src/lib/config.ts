import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { ignoredKeys } from './config-keys.ts';
import { dbSettingsSchema, projectTomlSchema, validateProjectToml } from './config-schema.ts';
import { parseJsonc } from './jsonc.ts';

export { ConfigValueError, parseByteSize } from './config-schema.ts';

/** The Supabase CLI's well-known local secret (apps/cli-go/pkg/config/apikeys.go). */
export const defaultJwtSecret = 'super-secret-jwt-token-with-at-least-32-characters-long';
export const defaultPublishableKey = 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH';
export const defaultSecretKey = 'sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz';
/** The Supabase CLI's local S3 protocol credentials (apps/cli-go/pkg/config/config.go). */
export const defaultS3AccessKeyId = '625729a08b95bf1b7ff351a663f3a23c';
export const defaultS3SecretAccessKey = '850181e4652dd023b7a98c58ae0d2d34bd487ee0cc3254aed6eda37307425907';

export type TomlTable = Record<string, unknown>;

/** Statement timeout in ms per database role, `default` for the others. */
export type RoleTimeouts = Readonly<Record<string, number>> & { readonly default: number };

export interface ServerConfig {
  port: number;
  host: string;
  /** The Supabase project folder (config.toml, migrations/, seed.sql, functions/). */
  projectDir: string;
  dataDir: string;
  databaseUrl: string | null;
  /** Password the bootstrap gives the `authenticator` role on PostgreSQL. */
  authenticatorPassword: string;
  /** Base URL clients reach this server at (mail links, JWT issuer, signed URLs). */
  publicUrl: string;
  /** publicUrl was set by API_EXTERNAL_URL (else it follows the port the server listens on). */
  publicUrlFromEnv: boolean;
  jwtSecret: string;
  /** Set to override the keys derived from the secret. */
  anonKeyOverride: string | null;
  serviceRoleKeyOverride: string | null;
  publishableKey: string;
  secretKey: string;
  smtpUrl: string | null;
  /** Built web app to serve at `/`, or null to serve none. */
  webDist: string | null;
  /** Seed a fresh database from seed.sql ([db.seed] enabled in config.toml). */
  seed: boolean;
  /** `[db.settings]` the embedded database starts with (`-c name=value`), as written; none on PostgreSQL, which has its own configuration. */
  dbSettings: Record<string, string>;
  /**
   * Settings the embedded database starts with unless `[db.settings]` names them; set only by
   * code that boots the server (the test harness starts its many short-lived clusters with
   * small shared buffers, decision 457).
   */
  dbSettingDefaults?: Record<string, string>;
  /** Reload edge functions when their files change. */
  watchFunctions: boolean;
  /** config.toml (or CLI 3.x's config.json / config.jsonc), parsed, with env(VAR) references resolved. */
  toml: TomlTable;
  /** The project's config file, or null when it has none. */
  configFile: string | null;
  /** Keys of that file the server does not read (listed at start as ignored). */
  ignoredConfigKeys: string[];
  logRequests: boolean;
  /** How long a shutdown waits for requests in flight before cutting them (SHUTDOWN_TIMEOUT_MS). */
  shutdownTimeoutMs: number;
  /** Serve the local mailbox although the server is bound to a non-loopback address (`MAILBOX_ALLOW_REMOTE=1`). */
  mailboxAllowRemote: boolean;
  /** Largest request body REST, functions and realtime's HTTP broadcast read (`MAX_REQUEST_BODY_BYTES`). */
  maxRequestBodyBytes: number;
  /** `TRUSTED_PROXIES`: the reverse proxies in front, whose `X-Forwarded-For` names the client (decision 300). */
  trustedProxies: string;
  /** `ALLOW_DEMO_KEYS=1` (`--allow-demo-keys`): start with the CLI's public demo secret although the server is reachable (decision 301). */
  allowDemoKeys: boolean;
  /** The S3 protocol's service credentials (the CLI's `S3_PROTOCOL_*` names and local defaults, pkg/config/config.go). */
  s3: { accessKeyId: string; secretAccessKey: string; region: string };
  /** Statement timeouts per role; unset, each database backend uses its own defaults (decision 111). */
  statementTimeoutsMs?: RoleTimeouts;
  /**
   * A PGlite data-dir tarball a new cluster is unpacked from, or a stopped cluster's folder it is
   * copied from, instead of the bootstrap's template; set only by code that boots the server (the
   * test harness passes a folder with the project's migrations already applied and recorded, so
   * they are skipped as applied).
   */
  pgliteTemplate?: string;
}

/**
 * `env(VAR)` in a string value becomes the variable's value, as the Supabase CLI's LoadEnvHook
 * does: only when it is set and not empty; otherwise the text stays as written (and a key that
 * needs a number, boolean or URL is then refused by the schema, naming the variable).
 */
function resolveEnvRefs(value: unknown, env: NodeJS.ProcessEnv): unknown {
  if (typeof value === 'string') {
    const name = /^env\((.*)\)$/.exec(value)?.[1];
    const resolved = name === undefined ? undefined : env[name];
    return resolved ? resolved : value;
  }
  if (Array.isArray(value)) return value.map((v) => resolveEnvRefs(v, env));
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolveEnvRefs(v, env)]));
  }
  return value;
}

/**
 * The project's config file as the Supabase CLI 3.x finds it (its project-config loader):
 * `config.json`, then `config.jsonc`, then `config.toml`; null when the folder has none.
 */
export function projectConfigFile(projectDir: string): string | null {
  for (const name of ['config.json', 'config.jsonc', 'config.toml']) {
    const file = path.join(projectDir, name);
    if (existsSync(file)) return file;
  }
  return null;
}

/** The project's config, parsed, `env(VAR)` resolved and validated (ConfigValueError names the key); {} when absent. */
export function readProjectToml(projectDir: string, env: NodeJS.ProcessEnv = process.env): TomlTable {
  const file = projectConfigFile(projectDir);
  if (!file) return {};
  let parsed: TomlTable;
  try {
    const text = readFileSync(file, 'utf8');
    const document = file.endsWith('.toml') ? parseToml(text) : parseJsonc(text);
    if (!document || typeof document !== 'object' || Array.isArray(document)) throw new Error('expected an object at the top level');
    parsed = resolveEnvRefs(document, env) as TomlTable;
  } catch (error: unknown) {
    throw new Error(`${file}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  return validateProjectToml(file, parsed);
}

/** Reads `a.b.c` from config.toml (validated by config-schema.ts on load), or the fallback when absent. */
export function tomlValue<T extends string | number | boolean | unknown[]>(toml: TomlTable, key: string, fallback: T): T {
  let node: unknown = toml;
  for (const part of key.split('.')) {
    if (!node || typeof node !== 'object' || Array.isArray(node)) return fallback;
    node = (node as TomlTable)[part];
  }
  if (node === undefined || node === null) return fallback;
  if (Array.isArray(fallback)) return (Array.isArray(node) ? node : fallback) as T;
  return (typeof node === typeof fallback ? node : fallback) as T;
}

export function tomlTable(toml: TomlTable, key: string): TomlTable {
  let node: unknown = toml;
  for (const part of key.split('.')) {
    if (!node || typeof node !== 'object' || Array.isArray(node)) return {};
    node = (node as TomlTable)[part];
  }
  return node && typeof node === 'object' && !Array.isArray(node) ? (node as TomlTable) : {};
}

/** True when a server bound to `host` (or a URL naming it) is reachable from this machine only. */
export function isLoopbackHost(host: string): boolean {
  const name = host.replace(/^\[|\]$/g, '').toLowerCase();
  return name === 'localhost' || name === '::1' || /^127(\.\d{1,3}){3}$/.test(name);
}

/** True for a URL whose host is this machine (`http://localhost:54321`, `http://127.0.0.1:3000`). */
export function isLocalUrl(url: string): boolean {
  return URL.canParse(url) && isLoopbackHost(new URL(url).hostname);
}

/**
 * The URL this server answers at for `host:port`: localhost for loopback and wildcard binds
 * (the address a browser on this machine uses), else the bound address itself.
 */
export function servingUrl(host: string, port: number): string {
  const local = ['127.0.0.1', 'localhost', '0.0.0.0', '::', '::1', ''].includes(host);
  const name = local ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

function nonNegativeInteger(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`${name} must be a whole number of milliseconds, got "${raw}"`);
  return n;
}

export interface ConfigInput {
  projectDir?: string;
  port?: number;
  dataDir?: string;
  webDist?: string | null;
}

function byteCount(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const bytes = Number(value);
  if (!Number.isSafeInteger(bytes) || bytes <= 0) throw new Error(`${name} must be a positive number of bytes, got "${value}"`);
  return bytes;
}

/** The `[db.settings]` keys the server reads (validated on load), as strings. */
function dbSettingsOf(toml: TomlTable): Record<string, string> {
  const settings = tomlTable(toml, 'db.settings');
  const known = Object.keys(dbSettingsSchema.shape);
  return Object.fromEntries(
    Object.entries(settings)
      .filter(([name, value]) => known.includes(name) && (typeof value === 'string' || typeof value === 'number'))
      .map(([name, value]) => [name, String(value)]),
  );
}

export function loadConfig(input: ConfigInput = {}, env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const projectDir = path.resolve(input.projectDir ?? env.SUPABASE_PROJECT_DIR ?? 'supabase');
  const port = input.port ?? (env.PORT ? Number(env.PORT) : 54321);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  const toml = readProjectToml(projectDir, env);
  const siteHost = env.HOST ?? '127.0.0.1';
  return {
    port,
    host: siteHost,
    projectDir,
    dataDir: path.resolve(input.dataDir ?? env.DATA_DIR ?? '.data'),
    databaseUrl: env.DATABASE_URL || null,
    authenticatorPassword: env.AUTHENTICATOR_PASSWORD || 'authenticator-local-password',
    publicUrl: (env.API_EXTERNAL_URL || servingUrl(siteHost, port)).replace(/\/+$/, ''),
    publicUrlFromEnv: Boolean(env.API_EXTERNAL_URL),
    jwtSecret: env.JWT_SECRET || defaultJwtSecret,
    anonKeyOverride: env.ANON_KEY || null,
    serviceRoleKeyOverride: env.SERVICE_ROLE_KEY || null,
    publishableKey: env.PUBLISHABLE_KEY || defaultPublishableKey,
    secretKey: env.SECRET_KEY || defaultSecretKey,
    smtpUrl: env.SMTP_URL || null,
    webDist: input.webDist ?? null,
    seed: tomlValue(toml, 'db.seed.enabled', true),
    dbSettings: dbSettingsOf(toml),
    watchFunctions: env.NODE_ENV !== 'production',
    toml,
    configFile: projectConfigFile(projectDir),
    ignoredConfigKeys: ignoredKeys(projectTomlSchema, toml),
    logRequests: env.LOG_REQUESTS !== '0',
    shutdownTimeoutMs: nonNegativeInteger(env, 'SHUTDOWN_TIMEOUT_MS', 10_000),
    mailboxAllowRemote: env.MAILBOX_ALLOW_REMOTE === '1',
    s3: {
      accessKeyId: env.S3_PROTOCOL_ACCESS_KEY_ID || defaultS3AccessKeyId,
      secretAccessKey: env.S3_PROTOCOL_ACCESS_KEY_SECRET || defaultS3SecretAccessKey,
      region: env.S3_PROTOCOL_REGION || 'local',
    },
    maxRequestBodyBytes: byteCount('MAX_REQUEST_BODY_BYTES', env.MAX_REQUEST_BODY_BYTES, 8_000_000),
    trustedProxies: env.TRUSTED_PROXIES ?? '',
    allowDemoKeys: env.ALLOW_DEMO_KEYS === '1',
  };
}
