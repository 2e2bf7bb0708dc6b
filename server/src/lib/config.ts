import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseToml } from 'smol-toml';
import type { RoleTimeouts } from '../db/types.ts';

/** The Supabase CLI's well-known local secret (apps/cli-go/pkg/config/apikeys.go). */
export const defaultJwtSecret = 'super-secret-jwt-token-with-at-least-32-characters-long';
export const defaultPublishableKey = 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH';
export const defaultSecretKey = 'sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz';

export type TomlTable = Record<string, unknown>;

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
  /** Reload edge functions when their files change. */
  watchFunctions: boolean;
  /** config.toml, parsed, with env(VAR) references resolved. */
  toml: TomlTable;
  logRequests: boolean;
  /** Statement timeouts per role; unset, each database backend uses its own defaults (decision 111). */
  statementTimeoutsMs?: RoleTimeouts;
}

function resolveEnvRefs(value: unknown, env: NodeJS.ProcessEnv): unknown {
  if (typeof value === 'string') {
    const match = /^env\(([A-Za-z_][A-Za-z0-9_]*)\)$/.exec(value.trim());
    return match ? (env[match[1] ?? ''] ?? '') : value;
  }
  if (Array.isArray(value)) return value.map((v) => resolveEnvRefs(v, env));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolveEnvRefs(v, env)]));
  }
  return value;
}

export function readProjectToml(projectDir: string, env: NodeJS.ProcessEnv = process.env): TomlTable {
  const file = path.join(projectDir, 'config.toml');
  if (!existsSync(file)) return {};
  try {
    return resolveEnvRefs(parseToml(readFileSync(file, 'utf8')), env) as TomlTable;
  } catch (error: unknown) {
    throw new Error(`${file}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}

/** Reads `a.b.c` from config.toml, or the fallback when absent or of another type. */
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

/** Sizes as config.toml writes them: "50MiB", "5MB", "2048KB" or a number of bytes. */
export function parseByteSize(value: string | number): number | null {
  if (typeof value === 'number') return value;
  const match = /^\s*(\d+(?:\.\d+)?)\s*([kmgt]?i?b)?\s*$/i.exec(value);
  if (!match) return null;
  const n = Number(match[1]);
  const unit = (match[2] ?? 'b').toLowerCase();
  const powers: Record<string, number> = { b: 1, kb: 1e3, mb: 1e6, gb: 1e9, tb: 1e12, kib: 2 ** 10, mib: 2 ** 20, gib: 2 ** 30, tib: 2 ** 40 };
  const factor = powers[unit];
  return factor === undefined ? null : Math.round(n * factor);
}

export interface ConfigInput {
  projectDir?: string;
  port?: number;
  dataDir?: string;
  webDist?: string | null;
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
    publicUrl: (env.API_EXTERNAL_URL || `http://localhost:${port}`).replace(/\/+$/, ''),
    jwtSecret: env.JWT_SECRET || defaultJwtSecret,
    anonKeyOverride: env.ANON_KEY || null,
    serviceRoleKeyOverride: env.SERVICE_ROLE_KEY || null,
    publishableKey: env.PUBLISHABLE_KEY || defaultPublishableKey,
    secretKey: env.SECRET_KEY || defaultSecretKey,
    smtpUrl: env.SMTP_URL || null,
    webDist: input.webDist === undefined ? path.resolve('web/dist') : input.webDist,
    seed: tomlValue(toml, 'db.seed.enabled', true),
    watchFunctions: env.NODE_ENV !== 'production',
    toml,
    logRequests: env.LOG_REQUESTS !== '0',
  };
}
