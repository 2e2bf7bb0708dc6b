import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { SupabaseClient } from '@supabase/supabase-js';
import { failed, ok, outcome } from '../fixtures/rest/support.ts';
import { conformanceTargets, type ConformanceTarget } from '../support/target.ts';

const project = path.resolve(import.meta.dirname, '../fixtures/rest-cli');

/** What postgrest-js's `maxAffected(n)` sends (the untyped client here does not offer the method). */
const maxAffected = (rows: number) => `handling=strict, max-affected=${rows}`;

const ambiguousHint = 'Try renaming the parameters or the function itself in the database so function overloading can be resolved';

for (const target of conformanceTargets()) {
  describe(`REST on a project as the Supabase CLI runs it, on ${target.name}`, () => {
    let server: ConformanceTarget;
    let db: SupabaseClient;
    before(async () => {
      server = await target.start(project);
      db = server.client();
    });
    after(() => server?.close());

    test('tables the migrations never granted are readable by anon (the CLI default privileges)', async () => {
      const res = await db.from('members').select('id, handle').order('id');
      assert.deepEqual(
        outcome(res),
        ok([
          { id: 1, handle: 'Ada' },
          { id: 2, handle: 'Brian' },
          { id: 3, handle: 'Chen' },
        ]),
      );
    });

    test('the seed called gen_salt and crypt unqualified; citext, ltree, hstore and pg_trgm work', async () => {
      const checked = await server.db.transaction({ kind: 'system' }, async (tx) => {
        const { rows } = await tx.query<{ ok: boolean }>(
          `select password_hash = extensions.crypt('ada-password', password_hash) as ok from public.members where id = 1`,
        );
        return rows[0]?.ok;
      });
      assert.equal(checked, true);
      assert.deepEqual(outcome(await db.from('members').select('handle').eq('id', 2)), ok([{ handle: 'Brian' }]));
      const folders = await db.from('folders').select('path, labels').eq('id', 1);
      assert.deepEqual(outcome(folders), ok([{ path: 'root', labels: { colour: 'blue' } }]));
      assert.deepEqual(outcome(await db.rpc('similar_handles', { q: 'Chenn' }).select('handle')), ok([{ handle: 'Chen' }]));
    });

    describe('overloaded functions, as PostgREST resolves them', () => {
      test('a single unnamed text parameter takes the whole body; unnamed other types are not callable', async () => {
        assert.deepEqual(outcome(await db.rpc('describe')), ok('nothing'));
        assert.deepEqual(outcome(await db.rpc('describe', { '': 'hello' })), ok('text'));
        assert.deepEqual(outcome(await db.rpc('describe', { '': 5 })), ok('text'));
        assert.deepEqual(outcome(await db.rpc('describe', { '': true })), ok('text'));
      });

      test('a single unnamed jsonb parameter receives any JSON object', async () => {
        assert.deepEqual(outcome(await db.rpc('payload_keys', { x: 1, y: 2, z: 3 })), ok(3));
      });

      test('an unnamed parameter with a default fits no arguments too: PGRST203, fewer parameters first', async () => {
        assert.deepEqual(
          outcome(await db.rpc('fallback')),
          failed(300, {
            code: 'PGRST203',
            details: null,
            hint: ambiguousHint,
            message: 'Could not choose the best candidate function between: public.fallback(), public.fallback( => text)',
          }),
        );
        assert.deepEqual(outcome(await db.rpc('fallback', { '': 'given' })), ok('text'));
      });

      test('PGRST203 lists same-named candidates by parameter type', async () => {
        assert.deepEqual(
          outcome(await db.rpc('pick', { a: 'x' })),
          failed(300, {
            code: 'PGRST203',
            details: null,
            hint: ambiguousHint,
            message: 'Could not choose the best candidate function between: public.pick(a => integer), public.pick(a => text)',
          }),
        );
      });

      test('a function whose only parameter is an unnamed row is not in the schema cache: PGRST202 without a hint', async () => {
        assert.deepEqual(
          outcome(await db.rpc('summary')),
          failed(404, {
            code: 'PGRST202',
            details:
              'Searched for the function public.summary without parameters or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
            hint: null,
            message: 'Could not find the function public.summary without parameters in the schema cache',
          }),
        );
      });
    });

    describe('embedding', () => {
      test('through a foreign key column: the table, not the views over it', async () => {
        const res = await db.from('notes').select('body, member_id(handle)').order('id').limit(2);
        assert.deepEqual(
          outcome(res),
          ok([
            { body: 'first', member_id: { handle: 'Ada' } },
            { body: 'second', member_id: { handle: 'Ada' } },
          ]),
        );
      });

      test('a self-referencing key: the table name gives the children, the column the parent', async () => {
        const children = await db.from('folders').select('name, folders(name)').eq('id', 1).order('id', { referencedTable: 'folders' });
        assert.deepEqual(outcome(children), ok([{ name: 'root', folders: [{ name: 'work' }, { name: 'home' }] }]));
        const parent = await db.from('folders').select('name, parent_id(name)').eq('id', 4);
        assert.deepEqual(outcome(parent), ok([{ name: 'reports', parent_id: { name: 'work' } }]));
        const hinted = await db.from('folders').select('name, folders!parent_id(name)').eq('id', 2);
        assert.deepEqual(outcome(hinted), ok([{ name: 'work', folders: [{ name: 'reports' }] }]));
      });

      test('a self-reference hinted by its constraint name is PGRST200', async () => {
        const res = await db.from('folders').select('name, folders!folders_parent_id_fkey(name)');
        const { error, status } = outcome(res);
        assert.equal(status, 400);
        assert.deepEqual(
          { code: (error as { code: string }).code, message: (error as { message: string }).message },
          { code: 'PGRST200', message: "Could not find a relationship between 'folders' and 'folders' in the schema cache" },
        );
      });

      test('a bare count inside an embed counts its rows', async () => {
        const res = await db.from('members').select('handle, notes(count)').order('id');
        assert.deepEqual(
          outcome(res),
          ok([
            { handle: 'Ada', notes: [{ count: 3 }] },
            { handle: 'Brian', notes: [{ count: 1 }] },
            { handle: 'Chen', notes: [{ count: 0 }] },
          ]),
        );
      });

      test('an unknown column in an embed is named with the embedded table alias', async () => {
        assert.deepEqual(
          outcome(await db.from('members').select('handle, notes(sum)')),
          failed(400, { code: '42703', details: null, hint: null, message: 'column notes_1.sum does not exist' }),
        );
      });

      test('the same table embedded twice without aliases is 42712; with aliases it works', async () => {
        assert.deepEqual(
          outcome(await db.from('pairings').select('members!lead_member(handle), members!second_member(handle)')),
          failed(400, { code: '42712', details: null, hint: null, message: 'table name "pairings_members_1" specified more than once' }),
        );
        const aliased = await db.from('pairings').select('lead:members!lead_member(handle), second:members!second_member(handle)');
        assert.deepEqual(outcome(aliased), ok([{ lead: { handle: 'Ada' }, second: { handle: 'Brian' } }]));
      });
    });

    describe('max-affected with handling=strict on functions', () => {
      test('a set-returning call over the limit is PGRST124 and changes nothing', async () => {
        const res = await db.rpc('touch_notes', { owner: 1 }).select('id').setHeader('Prefer', maxAffected(2));
        assert.deepEqual(
          outcome(res),
          failed(400, {
            code: 'PGRST124',
            details: 'The query affects 3 rows',
            hint: null,
            message: 'Query result exceeds max-affected preference constraint',
          }),
        );
        const bodies = await db.from('notes').select('body').eq('member_id', 1).order('id');
        assert.deepEqual(outcome(bodies), ok([{ body: 'first' }, { body: 'second' }, { body: 'third' }]));
      });

      test('within the limit the call commits', async () => {
        const res = await db.rpc('touch_notes', { owner: 2 }).select('body').setHeader('Prefer', maxAffected(1));
        assert.deepEqual(outcome(res), ok([{ body: 'fourth!' }]));
      });

      test('a function returning one value is PGRST128', async () => {
        assert.deepEqual(
          outcome(await db.rpc('touch_count', { owner: 2 }).setHeader('Prefer', maxAffected(5))),
          failed(400, {
            code: 'PGRST128',
            details: null,
            hint: null,
            message: 'Function must return SETOF or TABLE when max-affected preference is used with handling=strict',
          }),
        );
      });
    });

    test('bulk insert with column defaults draws an identity value for every row', async () => {
      const res = await db
        .from('members')
        .insert(
          [
            { id: 100, handle: 'Dee', password_hash: '-' },
            { handle: 'Eve', password_hash: '-' },
          ],
          { defaultToNull: false },
        )
        .select('id, handle');
      // The seed used 1–3; the first row draws 4 (and keeps 100), the second gets 5.
      assert.deepEqual(
        outcome(res),
        ok(
          [
            { id: 100, handle: 'Dee' },
            { id: 5, handle: 'Eve' },
          ],
          201,
        ),
      );
    });
  });
}
