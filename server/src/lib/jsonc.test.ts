import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseJsonc } from './jsonc.ts';

test('config.jsonc: comments and trailing commas are read as the CLI reads them, strings kept whole', () => {
  const text = `{
    // the project
    "project_id": "demo", /* inline */
    "api": { "schemas": ["public", "graphql_public",], },
    "auth": { "site_url": "http://localhost:3000//not-a-comment", "note": "a /* b */ c" },
  }`;
  assert.deepEqual(parseJsonc(text), {
    project_id: 'demo',
    api: { schemas: ['public', 'graphql_public'] },
    auth: { site_url: 'http://localhost:3000//not-a-comment', note: 'a /* b */ c' },
  });
  assert.throws(() => parseJsonc('{ "a": }'), SyntaxError);
});
