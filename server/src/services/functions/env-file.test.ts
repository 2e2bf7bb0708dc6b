import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseEnvFile } from './env-file.ts';

test('dotenv files: quotes, export, comments, escapes', () => {
  const env = parseEnvFile(
    [
      '# comment',
      'A=1',
      'export B="two words"',
      "C='single # not a comment'",
      'D=plain # trailing',
      'E="line\\nbreak"',
      'not a pair',
      '',
    ].join('\n'),
  );
  assert.deepEqual(env, { A: '1', B: 'two words', C: 'single # not a comment', D: 'plain', E: 'line\nbreak' });
});
