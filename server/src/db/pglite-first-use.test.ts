import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { PGlite } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { linkedOnFirstUse, untar } from './pglite-first-use.ts';

describe('PGlite extensions linked on first use', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'pinstar-first-use-'));
  after(() => rmSync(root, { recursive: true, force: true }));

  for (const format of ['ustar', 'gnu'] as const)
    test(`untar reads the files of a ${format} archive, long names and empty files included, and no folders`, () => {
      const source = path.join(root, format);
      // Over tar's 100-character name field: ustar splits it into a prefix, GNU writes a long-name entry.
      const deep = `lib/${Array.from({ length: 6 }, (_, i) => `a-folder-with-a-long-name-${i}`).join('/')}`;
      mkdirSync(path.join(source, deep), { recursive: true });
      writeFileSync(path.join(source, deep, 'library.so'), Buffer.alloc(1500, 7));
      writeFileSync(path.join(source, 'lib', 'empty.sql'), '');
      writeFileSync(path.join(source, 'control'), 'comment = x\n');
      const archive = path.join(root, `${format}.tar`);
      execFileSync('tar', [`--format=${format}`, '-cf', archive, '-C', source, 'lib', 'control']);

      const files = untar(readFileSync(archive));
      assert.deepEqual(files.map((f) => f.name).sort(), ['control', `${deep}/library.so`, 'lib/empty.sql'].sort());
      assert.deepEqual(Buffer.from(files.find((f) => f.name.endsWith('library.so'))?.data ?? []), Buffer.alloc(1500, 7));
      assert.equal(files.find((f) => f.name === 'lib/empty.sql')?.data.length, 0);
    });

  test('untar refuses an archive cut short', () => {
    const source = path.join(root, 'short');
    mkdirSync(source);
    writeFileSync(path.join(source, 'big'), Buffer.alloc(5000, 1));
    const archive = path.join(root, 'short.tar');
    execFileSync('tar', ['--format=ustar', '-cf', archive, '-C', source, 'big']);
    assert.throws(() => untar(readFileSync(archive).subarray(0, 2048)), /big runs past the end of the archive/);
  });

  test('PGlite is given no bundle to link at start, and the extension works when SQL first uses it', async () => {
    const wrapped = linkedOnFirstUse(pgcrypto);
    const setup = await wrapped.setup({} as never, { preRun: [] });
    assert.equal(setup.bundlePath, undefined, 'a bundle PGlite would unpack and link before the database opens');
    assert.equal((setup.emscriptenOpts as { preRun: unknown[] }).preRun.length, 1);

    const db = await PGlite.create({ extensions: { pgcrypto: wrapped } });
    try {
      await db.exec('create extension pgcrypto');
      const { rows } = await db.query<{ digest: string; salted: boolean }>(
        `select encode(digest('pinstar', 'sha256'), 'hex') as digest, crypt('pw', gen_salt('bf', 4)) like '$2a$04$%' as salted`,
      );
      assert.deepEqual(rows, [{ digest: createHash('sha256').update('pinstar').digest('hex'), salted: true }]);
    } finally {
      await db.close();
    }
  });
});
