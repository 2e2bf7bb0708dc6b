/**
 * The schema lint (tests/data/schema-lint.ts) passes on Pinstar's database and reports each
 * problem of a deliberately flawed fixture project — so it can fail.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, test } from 'node:test';
import { startInProcessTestServer, testBackends } from '../support/server.ts';
import { lintSchema } from './schema-lint.ts';
import { withoutSeed } from './support.ts';

const flawed = path.join(import.meta.dirname, 'fixtures/schema-lint-bad');

for (const backend of testBackends()) {
  describe(`schema lint on ${backend}`, () => {
    test("Pinstar's schema has no advisor problems", async () => {
      const server = await startInProcessTestServer(backend, withoutSeed);
      try {
        const problems = await server.db.transaction({ kind: 'system' }, (tx) => lintSchema(tx), { readOnly: true });
        assert.deepEqual(problems, []);
      } finally {
        await server.close();
      }
    });

    test('a flawed schema gets one report per problem', async () => {
      const server = await startInProcessTestServer(backend, { project: flawed });
      try {
        const problems = await server.db.transaction({ kind: 'system' }, (tx) => lintSchema(tx), { readOnly: true });
        assert.deepEqual(problems, [
          { check: 'auth_rls_initplan', object: 'tags (policy tags_select)' },
          { check: 'function_search_path_mutable', object: 'public.count_lists()' },
          { check: 'rls_disabled_in_public', object: 'public.open_notes' },
          { check: 'unindexed_foreign_key', object: 'items.items_list_id_fkey' },
          { check: 'unindexed_policy_column', object: 'lists.owner (policy lists_select)' },
        ]);
      } finally {
        await server.close();
      }
    });
  });
}
