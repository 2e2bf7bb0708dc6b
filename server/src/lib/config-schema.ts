import { z } from 'zod';
import { crossKeyProblems } from './config-rules.ts';

/**
 * The one schema for every config.toml key the server reads. Each key is optional (absent keys
 * take the service's default); a present key of the wrong type, out of range or outside its
 * enum stops the start. Tables are loose: the Supabase CLI's many other sections and keys pass
 * through untouched, so any valid CLI config.toml is accepted.
 *
 * Values written as strings convert as the CLI converts them (viper decodes weakly, which is how
 * `env(VAR)` works for numbers and booleans): "8" is an integer, "true" a boolean. Any other
 * mismatch is refused. To read a new key, add it here and read it with `tomlValue`.
 */

const envReference = /^env\((.*)\)$/;

/** strconv.ParseBool's spellings, as the CLI accepts them for a boolean written as a string. */
const booleanSpellings: Record<string, boolean> = {
  '1': true,
  t: true,
  T: true,
  true: true,
  TRUE: true,
  True: true,
  '0': false,
  f: false,
  F: false,
  false: false,
  FALSE: false,
  False: false,
};

function refuse(ctx: z.RefinementCtx, expected: string): typeof z.NEVER {
  ctx.addIssue({ code: 'custom', message: expected });
  return z.NEVER;
}

export function bool() {
  return z.unknown().transform((value, ctx): boolean => {
    if (typeof value === 'boolean') return value;
    if (typeof value === 'string' && value in booleanSpellings) return booleanSpellings[value] ?? false;
    return refuse(ctx, 'true or false');
  });
}

/** An integer (a TOML integer, or digits in a string) from `min` to `max`. */
export function int(min = 0, max = Number.MAX_SAFE_INTEGER) {
  const expected = max === Number.MAX_SAFE_INTEGER ? `an integer ≥ ${min}` : `an integer from ${min} to ${max}`;
  return z.unknown().transform((value, ctx): number => {
    const n = typeof value === 'number' ? value : typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : Number.NaN;
    return Number.isSafeInteger(n) && n >= min && n <= max ? n : refuse(ctx, expected);
  });
}

export function str() {
  return z.unknown().transform((value, ctx): string => (typeof value === 'string' ? value : refuse(ctx, 'a string')));
}

export function oneOf<const T extends readonly string[]>(values: T) {
  const expected = `one of ${values.map((v) => JSON.stringify(v)).join(', ')}`;
  return z
    .unknown()
    .transform((value, ctx): T[number] => (typeof value === 'string' && values.includes(value) ? value : refuse(ctx, expected)));
}

export function strings() {
  return z
    .unknown()
    .transform((value, ctx): string[] =>
      Array.isArray(value) && value.every((v): v is string => typeof v === 'string') ? value : refuse(ctx, 'an array of strings'),
    );
}

/** An absolute http(s) URL. */
export function httpUrl() {
  return z.unknown().transform((value, ctx): string => {
    if (typeof value === 'string' && URL.canParse(value) && /^https?:$/.test(new URL(value).protocol)) return value;
    return refuse(ctx, 'an absolute http(s) URL');
  });
}

const byteUnits: Record<string, number> = {
  b: 1,
  kb: 1e3,
  mb: 1e6,
  gb: 1e9,
  tb: 1e12,
  kib: 2 ** 10,
  mib: 2 ** 20,
  gib: 2 ** 30,
  tib: 2 ** 40,
};

/** Sizes as config.toml writes them: "50MiB", "5MB", "2048KB" or a number of bytes. */
export function parseByteSize(value: string | number): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? value : null;
  const match = /^\s*(\d+(?:\.\d+)?)\s*([kmgt]?i?b)?\s*$/i.exec(value);
  if (!match) return null;
  const factor = byteUnits[(match[2] ?? 'b').toLowerCase()];
  return factor === undefined ? null : Math.round(Number(match[1]) * factor);
}

/** A size: kept as written (readers parse it with parseByteSize), refused when it does not parse. */
export function byteSize() {
  return z
    .unknown()
    .transform((value, ctx): string | number =>
      (typeof value === 'string' || typeof value === 'number') && parseByteSize(value) !== null
        ? value
        : refuse(ctx, 'a size like "50MiB" or a number of bytes'),
    );
}

/** A Go duration ("1s", "1m30s") or a number of seconds. */
export function duration() {
  return z.unknown().transform((value, ctx): string | number => {
    if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return value;
    if (typeof value === 'string' && /^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$/.test(value.trim())) return value;
    return refuse(ctx, 'a duration like "1s" or "1m30s"');
  });
}

const table = z.looseObject;

/** Sizes in PostgreSQL's units ("16MB", "512kB") from `min` to `max`, kept as written. */
export function pgMemory(min: string, max: string) {
  const kb = (value: unknown, match = typeof value === 'string' ? /^(\d+)(kB|MB|GB|TB)$/.exec(value) : null) =>
    match ? Number(match[1]) * 1024 ** ['kB', 'MB', 'GB', 'TB'].indexOf(match[2] ?? '') : Number.NaN;
  const [low, high, expected] = [kb(min), kb(max), `a size with PostgreSQL's units (kB, MB, GB) from ${min} to ${max}`];
  return z.unknown().transform((value, ctx): string => (kb(value) >= low && kb(value) <= high ? (value as string) : refuse(ctx, expected)));
}

/** `[db.settings]` (the CLI's pkg/config/db.go) the embedded database starts with (decision 457). */
export const dbSettingsSchema = table({
  effective_cache_size: pgMemory('8kB', '1TB').optional(),
  maintenance_work_mem: pgMemory('1MB', '1GB').optional(),
  max_locks_per_transaction: int(10, 10_000).optional(),
  shared_buffers: pgMemory('128kB', '1GB').optional(),
  work_mem: pgMemory('64kB', '1GB').optional(),
});

const rateLimits = table({
  email_sent: int().optional(),
  sign_in_sign_ups: int().optional(),
  token_refresh: int().optional(),
  token_verifications: int().optional(),
  anonymous_users: int().optional(),
});

const smtp = table({
  enabled: bool().optional(),
  host: str().optional(),
  port: int(1, 65535).optional(),
  user: str().optional(),
  pass: str().optional(),
  admin_email: str().optional(),
  sender_name: str().optional(),
});

const emailTemplate = table({ subject: str().optional(), content_path: str().optional() });

const bucket = table({
  public: bool().optional(),
  file_size_limit: byteSize().optional(),
  allowed_mime_types: strings().optional(),
  objects_path: str().optional(),
});

const edgeFunction = table({
  enabled: bool().optional(),
  verify_jwt: bool().optional(),
  entrypoint: str().optional(),
  import_map: str().optional(),
});

/** `[auth.external.<provider>]` as the CLI reads it (pkg/config/auth.go provider). */
const externalProvider = table({
  enabled: bool().optional(),
  client_id: str().optional(),
  secret: str().optional(),
  redirect_uri: str().optional(),
  url: str().optional(),
  skip_nonce_check: bool().optional(),
  email_optional: bool().optional(),
});

const mfaMethod = table({ enroll_enabled: bool().optional(), verify_enabled: bool().optional() });

export const projectTomlSchema = table({
  // Names the project: the S3 protocol's access key id for a user's session (decision 372).
  project_id: str().optional(),
  api: table({
    port: int(1, 65535).optional(),
    schemas: strings().optional(),
    extra_search_path: strings().optional(),
    max_rows: int(1).optional(),
    auto_expose_new_tables: bool().optional(),
  }).optional(),
  db: table({ seed: table({ enabled: bool().optional() }).optional(), settings: dbSettingsSchema.optional() }).optional(),
  realtime: table({ enabled: bool().optional() }).optional(),
  storage: table({
    file_size_limit: byteSize().optional(),
    image_transformation: table({ enabled: bool().optional() }).optional(),
    s3_protocol: table({ enabled: bool().optional() }).optional(),
    buckets: z.record(z.string(), bucket).optional(),
  }).optional(),
  auth: table({
    site_url: httpUrl().optional(),
    additional_redirect_urls: strings().optional(),
    jwt_expiry: int(1, 604_800).optional(),
    enable_refresh_token_rotation: bool().optional(),
    refresh_token_reuse_interval: int().optional(),
    enable_signup: bool().optional(),
    enable_anonymous_sign_ins: bool().optional(),
    enable_manual_linking: bool().optional(),
    signing_keys_path: z.string().optional(),
    // GoTrue's floor is 6; a lower value would be raised silently there, so it is refused here.
    minimum_password_length: int(6).optional(),
    password_requirements: oneOf(['', 'letters_digits', 'lower_upper_letters_digits', 'lower_upper_letters_digits_symbols']).optional(),
    rate_limit: rateLimits.optional(),
    external: z.record(z.string(), externalProvider).optional(),
    // [auth.passkey] and [auth.webauthn] as the CLI reads them (pkg/config/auth.go Passkey, Webauthn).
    passkey: table({ enabled: bool().optional() }).optional(),
    webauthn: table({
      rp_display_name: str().optional(),
      rp_id: str().optional(),
      rp_origins: strings().optional(),
    }).optional(),
    oauth_server: table({
      enabled: bool().optional(),
      allow_dynamic_registration: bool().optional(),
      authorization_url_path: str().optional(),
    }).optional(),
    mfa: table({
      max_enrolled_factors: int(1).optional(),
      totp: mfaMethod.optional(),
      phone: mfaMethod.optional(),
      web_authn: mfaMethod.optional(),
    }).optional(),
    email: table({
      enable_signup: bool().optional(),
      enable_confirmations: bool().optional(),
      double_confirm_changes: bool().optional(),
      secure_password_change: bool().optional(),
      require_current_password: bool().optional(),
      enabled: bool().optional(),
      max_frequency: duration().optional(),
      otp_length: int(6, 10).optional(),
      otp_expiry: int(1, 86_400).optional(),
      smtp: smtp.optional(),
      template: z.record(z.string(), emailTemplate).optional(),
    }).optional(),
  }).optional(),
  edge_runtime: table({ wall_clock_limit_sec: int(1).optional() }).optional(),
  functions: z.record(z.string(), edgeFunction).optional(),
});

/** A refused config.toml value: names the file, the key, the value and what was expected. */
export class ConfigValueError extends Error {
  readonly file: string;
  readonly problems: Array<{ key: string; value: unknown; expected: string }>;
  constructor(file: string, problems: Array<{ key: string; value: unknown; expected: string }>) {
    const lines = problems.map((p) => {
      const shown =
        p.value === undefined ? '(not set)' : typeof p.value === 'number' && Number.isNaN(p.value) ? 'nan' : JSON.stringify(p.value);
      const unset = typeof p.value === 'string' ? envReference.exec(p.value)?.[1] : undefined;
      return `  ${p.key} = ${shown}: expected ${p.expected}${unset ? ` (the environment variable ${unset} is unset)` : ''}`;
    });
    super(`${file}: invalid value${problems.length > 1 ? 's' : ''}\n${lines.join('\n')}`);
    this.name = 'ConfigValueError';
    this.file = file;
    this.problems = problems;
  }
}

function valueAt(root: unknown, keyPath: readonly PropertyKey[]): unknown {
  let node = root;
  for (const part of keyPath) node = node && typeof node === 'object' ? (node as Record<PropertyKey, unknown>)[part] : undefined;
  return node;
}

/** Validates a parsed config.toml; returns it with string-written values converted, or throws ConfigValueError. */
export function validateProjectToml(file: string, toml: Record<string, unknown>): Record<string, unknown> {
  const result = projectTomlSchema.safeParse(toml);
  if (result.success) {
    const missing = crossKeyProblems(result.data);
    if (missing.length > 0) throw new ConfigValueError(file, missing);
    return result.data;
  }
  throw new ConfigValueError(
    file,
    result.error.issues.map((issue) => ({
      key: issue.path.map(String).join('.'),
      value: valueAt(toml, issue.path),
      expected: issue.code === 'invalid_type' ? `a table` : issue.message,
    })),
  );
}
