import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { usage } from './help.ts';

/** Every variable the server's code reads (`env.NAME`, `env['NAME']`, a helper's `(env, 'NAME')`). */
function variablesRead(): Set<string> {
  const names = new Set<string>();
  const root = import.meta.dirname;
  for (const file of readdirSync(root, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
    const source = readFileSync(path.join(root, file), 'utf8');
    for (const match of source.matchAll(/\benv\.([A-Z][A-Z0-9_]{2,})|\benv\[['"]([A-Z][A-Z0-9_]+)['"]\]|\(env, '([A-Z][A-Z0-9_]+)'/g))
      names.add(match[1] ?? match[2] ?? match[3] ?? '');
  }
  names.delete('');
  return names;
}

test('--help names every environment variable the server reads, and every option main.ts parses', () => {
  const variables = variablesRead();
  assert.ok(variables.has('DATABASE_URL') && variables.has('S3_PROTOCOL_ACCESS_KEY_ID'), [...variables].join(' '));
  for (const name of variables) assert.match(usage, new RegExp(`\\b${name}\\b`), `${name} is missing from --help`);
  const main = readFileSync(path.join(import.meta.dirname, 'main.ts'), 'utf8');
  const options = [...main.matchAll(/^\s+'?([a-z][a-z-]*)'?: \{ type: '(?:string|boolean)'/gm)].map((m) => m[1] ?? '');
  assert.ok(options.length >= 6, options.join(' '));
  for (const option of options) assert.match(usage, new RegExp(`--${option}\\b`), `--${option} is missing from --help`);
});
