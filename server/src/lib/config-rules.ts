/** Rules across config.toml keys, checked once every key has its type (config-schema.ts). */

export interface ConfigProblem {
  key: string;
  value: unknown;
  expected: string;
}

function valueAt(root: unknown, keyPath: readonly string[]): unknown {
  let node = root;
  for (const part of keyPath) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  return node;
}

/**
 * GoTrue refuses to start when passkeys or WebAuthn factors are on without the relying party
 * (conf.WebAuthnConfiguration.Validate: GOTRUE_WEBAUTHN_RP_ID, _RP_DISPLAY_NAME, _RP_ORIGINS).
 */
function missingRelyingParty(toml: Record<string, unknown>): ConfigProblem[] {
  const on = (keyPath: string[]) => valueAt(toml, keyPath) === true;
  const needed =
    on(['auth', 'passkey', 'enabled']) ||
    on(['auth', 'mfa', 'web_authn', 'enroll_enabled']) ||
    on(['auth', 'mfa', 'web_authn', 'verify_enabled']);
  if (!needed) return [];
  const why = 'required when [auth.passkey] or [auth.mfa.web_authn] is enabled';
  const problems: ConfigProblem[] = [];
  for (const [key, what] of [
    ['rp_id', 'the relying party id, a host name such as "localhost"'],
    ['rp_display_name', 'a display name'],
  ] as const) {
    const value = valueAt(toml, ['auth', 'webauthn', key]);
    if (typeof value !== 'string' || value.trim() === '')
      problems.push({ key: `auth.webauthn.${key}`, value, expected: `${what}, ${why}` });
  }
  const origins = valueAt(toml, ['auth', 'webauthn', 'rp_origins']);
  if (!Array.isArray(origins) || origins.length === 0)
    problems.push({ key: 'auth.webauthn.rp_origins', value: origins, expected: `the origins passkeys are used from, ${why}` });
  return problems;
}

/** Every problem across keys, in the order the checks run. */
export function crossKeyProblems(toml: Record<string, unknown>): ConfigProblem[] {
  return missingRelyingParty(toml);
}
