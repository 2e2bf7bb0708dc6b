/**
 * The committed web/src/lib/database.types.ts is what `npm run gen:types` makes from the
 * migrations; the database of each backend yields the same file.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { renderDatabaseTypes, typesFile } from '../../scripts/gen-types.ts';
import { startInProcessTestServer, testBackends } from '../support/server.ts';
import { withoutSeed } from './support.ts';

for (const backend of testBackends()) {
  describe(`generated types on ${backend}`, () => {
    test('the committed database types match the migrated schema (run `npm run gen:types` when this fails)', async () => {
      const server = await startInProcessTestServer(backend, withoutSeed);
      try {
        const fresh = await server.db.transaction({ kind: 'system' }, (tx) => renderDatabaseTypes(tx), { readOnly: true });
        assert.equal(readFileSync(typesFile, 'utf8'), fresh);
      } finally {
        await server.close();
      }
    });
  });
}
