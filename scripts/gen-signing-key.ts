/**
 * `npm run gen:signing-key [-- --algorithm ES256|RS256] [--append] [--project <folder>]`: writes a
 * JWK set for `[auth] signing_keys_path`, as `supabase gen signing-key` does. `--append` rotates:
 * the new key signs from the next start on, the keys already in the file only verify, so tokens
 * they signed stay valid until they expire (decision 180). Without it an existing file is kept.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { readProjectToml, tomlValue } from '../server/src/lib/config.ts';
import { generateSigningJwk, signingAlgorithms, type PrivateJwk, type SigningAlgorithm } from '../server/src/lib/signing-keys.ts';

const { values } = parseArgs({
  options: {
    algorithm: { type: 'string', default: 'ES256' },
    append: { type: 'boolean', default: false },
    project: { type: 'string', default: 'supabase' },
  },
});
const algorithm = values.algorithm.toUpperCase();
if (!(signingAlgorithms as readonly string[]).includes(algorithm)) {
  console.error(`--algorithm must be one of ${signingAlgorithms.join(', ')}, got ${values.algorithm}`);
  process.exit(1);
}
const projectDir = path.resolve(values.project);
const configured = tomlValue(readProjectToml(projectDir), 'auth.signing_keys_path', '');
const file = path.resolve(projectDir, configured || './signing_keys.json');
const existing: PrivateJwk[] = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as PrivateJwk[]) : [];
if (existing.length > 0 && !values.append) {
  console.error(`${file} already holds ${existing.length} key(s); pass --append to rotate to a new signing key`);
  process.exit(1);
}
const retired = existing.map((key) => ({ ...key, key_ops: ['verify'] }));
const next = await generateSigningJwk(algorithm as SigningAlgorithm);
writeFileSync(file, `${JSON.stringify([...retired, next], null, 2)}\n`, { mode: 0o600 });
console.log(`${algorithm} signing key ${next.kid} written to ${file} (${retired.length + 1} key(s); the new one signs)`);
if (!configured) console.log(`Add to ${path.join(projectDir, 'config.toml')} under [auth]:\nsigning_keys_path = "./signing_keys.json"`);
console.log('Restart the server to use it. Keep the file out of version control.');
