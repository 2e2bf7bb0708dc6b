import { randomUUID } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';

/** The asymmetric algorithms a signing key may use (the CLI's `gen signing-key --algorithm`). */
export const signingAlgorithms = ['ES256', 'RS256'] as const;
export type SigningAlgorithm = (typeof signingAlgorithms)[number];

/** A private JWK as the Supabase CLI writes it to signing_keys.json. */
export interface PrivateJwk extends JWK {
  kid: string;
  alg: string;
  key_ops?: string[];
}

export interface SigningKey {
  kid: string;
  alg: string;
  key: CryptoKey | Uint8Array;
}

export interface SigningKeySet {
  /** The one key with `sign` in its key_ops: every new token is signed with it. */
  signer: SigningKey;
  /** Every key that verifies, by kid: the signer and the rotated-out keys. */
  verifiers: Map<string, SigningKey>;
  /** The public halves as GET /.well-known/jwks.json publishes them. */
  jwks: JWK[];
}

/**
 * The Supabase CLI's built-in local signing key (pkg/config/config.go): used, as the CLI does,
 * when config.toml names no signing_keys_path. Well known, so only for local development.
 */
export const cliDefaultSigningKey: PrivateJwk = {
  kty: 'EC',
  kid: 'b81269f1-21d8-4f2e-b719-c2240a840d90',
  use: 'sig',
  key_ops: ['sign', 'verify'],
  alg: 'ES256',
  ext: true,
  crv: 'P-256',
  x: 'M5Sjqn5zwC9Kl1zVfUUGvv9boQjCGd45G8sdopBExB4',
  y: 'P6IXMvA2WYXSHSOMTBH2jsw_9rrzGy89FjPf6oOsIxQ',
  d: 'dIhR8wywJlqlua4y_yMq2SLhlFXDZJBCvFrY1DCHyVU',
};

/** A new private JWK in the CLI's shape: a uuid kid, `use: sig`, key_ops sign and verify. */
export async function generateSigningJwk(alg: SigningAlgorithm = 'ES256'): Promise<PrivateJwk> {
  const { privateKey } = await generateKeyPair(alg, { extractable: true, ...(alg === 'RS256' ? { modulusLength: 2048 } : {}) });
  const jwk = await exportJWK(privateKey);
  return { ...jwk, kid: randomUUID(), use: 'sig', key_ops: ['sign', 'verify'], alg, ext: true };
}

function publicHalf(jwk: PrivateJwk): JWK {
  const { kty, crv, x, y, n, e, kid, alg } = jwk;
  const parts: JWK = kty === 'EC' ? { kty, crv, x, y } : kty === 'RSA' ? { kty, n, e } : { kty };
  // GoTrue publishes every public key with use "sig" and key_ops ["verify"] (conf/jwk.go).
  return { ...parts, alg, kid, use: 'sig', key_ops: ['verify'], ext: true };
}

/** Reads a JWK array as GoTrue's GOTRUE_JWT_KEYS takes it: exactly one key signs, the rest verify. */
export async function loadSigningKeySet(jwks: unknown, source: string): Promise<SigningKeySet> {
  if (!Array.isArray(jwks) || jwks.length === 0)
    throw new Error(`${source}: expected a JSON array of JWKs (npm run gen:signing-key writes one)`);
  const verifiers = new Map<string, SigningKey>();
  const published: JWK[] = [];
  const signers: SigningKey[] = [];
  for (const [index, raw] of jwks.entries()) {
    const jwk = raw as PrivateJwk;
    if (!jwk || typeof jwk !== 'object' || typeof jwk.kid !== 'string' || typeof jwk.alg !== 'string')
      throw new Error(`${source}: key ${index} needs a "kid" and an "alg"`);
    if (!['ES256', 'RS256', 'HS256'].includes(jwk.alg))
      throw new Error(`${source}: key ${jwk.kid} has alg ${jwk.alg}; ES256, RS256 or HS256 expected`);
    let signing: SigningKey;
    let verifying: SigningKey;
    try {
      signing = { kid: jwk.kid, alg: jwk.alg, key: await importJWK({ ...jwk, key_ops: undefined, ext: true }, jwk.alg) };
      verifying = jwk.kty === 'oct' ? signing : { kid: jwk.kid, alg: jwk.alg, key: await importJWK(publicHalf({ ...jwk }), jwk.alg) };
    } catch (error: unknown) {
      throw new Error(`${source}: key ${jwk.kid} is not a valid private JWK (${error instanceof Error ? error.message : String(error)})`, {
        cause: error,
      });
    }
    verifiers.set(jwk.kid, verifying);
    if (jwk.kty !== 'oct') published.push(publicHalf(jwk));
    if (jwk.key_ops?.includes('sign')) signers.push(signing);
  }
  const [signer, ...more] = signers;
  if (!signer) throw new Error(`${source}: no signing key detected (one key needs "sign" in its key_ops)`);
  if (more.length > 0) throw new Error(`${source}: multiple signing keys detected, only 1 signing key is supported`);
  return { signer, verifiers, jwks: published };
}

/**
 * Writes a new key set to `file` unless one exists; the file is created exclusively (a link from a
 * temporary file), so servers starting at once on one folder all end up with the same keys.
 */
export async function ensureSigningKeyFile(file: string): Promise<boolean> {
  if (existsSync(file)) return false;
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${randomUUID()}.tmp`;
  writeFileSync(temporary, `${JSON.stringify([await generateSigningJwk('ES256')], null, 2)}\n`, { mode: 0o600 });
  try {
    linkSync(temporary, file);
    return true;
  } catch (error: unknown) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    unlinkSync(temporary);
  }
}

/** The key set config.toml's `[auth] signing_keys_path` names (relative to the project folder), else the CLI's default. */
export async function readSigningKeys(
  projectDir: string,
  signingKeysPath: string,
): Promise<{ set: SigningKeySet; generated: string | null }> {
  if (signingKeysPath === '')
    return { set: await loadSigningKeySet([cliDefaultSigningKey], 'the built-in local signing key'), generated: null };
  const file = path.resolve(projectDir, signingKeysPath);
  const generated = (await ensureSigningKeyFile(file)) ? file : null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error: unknown) {
    throw new Error(`failed to read signing keys: ${file}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  return { set: await loadSigningKeySet(parsed, file), generated };
}
