import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bcryptCost, hashPassword, quickBcryptCost, useQuickPasswordHashes, verifyPassword } from './passwords.ts';

test("a password is hashed at GoTrue's cost 10 with its $2a$ label unless a test process asks for quick hashes, and both verify", async () => {
  const hosted = await hashPassword('correct horse 1');
  assert.match(hosted, /^\$2a\$10\$[./A-Za-z0-9]{53}$/);
  assert.equal(bcryptCost, 10);
  useQuickPasswordHashes();
  const quick = await hashPassword('correct horse 1');
  assert.equal(quickBcryptCost, 4);
  assert.match(quick, /^\$2a\$04\$[./A-Za-z0-9]{53}$/);
  for (const stored of [hosted, quick]) {
    assert.equal(await verifyPassword('correct horse 1', stored), true);
    assert.equal(await verifyPassword('correct horse 2', stored), false);
  }
});
