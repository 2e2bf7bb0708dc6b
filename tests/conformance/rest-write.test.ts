import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { SupabaseClient } from '@supabase/supabase-js';
import { ada, failed, ok, outcome, rest, startRestServer, userClient } from '../fixtures/rest/support.ts';
import { conformanceTargets, type ConformanceTarget } from '../support/target.ts';

for (const target of conformanceTargets()) {
  describe(`REST writes on ${target.name}`, () => {
    let server: ConformanceTarget;
    let db: SupabaseClient;
    before(async () => {
      server = await startRestServer(target);
      db = server.admin();
    });
    after(() => server?.close());

    test('insert an object: 201, minimal by default', async () => {
      const res = await db.from('items').insert({ sku: 'w1', name: 'Widget' });
      assert.deepEqual(outcome(res), ok(null, 201));
      const raw = await rest(server, '/items', {
        method: 'POST',
        headers: { Authorization: `Bearer ${server.serviceRoleKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ sku: 'w0', name: 'Zero' }),
      });
      assert.equal(raw.status, 201);
      assert.equal(raw.headers.get('content-range'), '*/*');
      assert.equal(await raw.text(), '');
    });

    test('insert with select() returns the rows, defaults applied', async () => {
      const res = await db.from('items').insert({ sku: 'w2', name: 'Gadget', qty: 3 }).select('sku,name,qty,note,updated_by');
      assert.deepEqual(outcome(res), ok([{ sku: 'w2', name: 'Gadget', qty: 3, note: 'none', updated_by: 'POST' }], 201));
    });

    test('insert an array: missing keys are null, or defaults with defaultToNull: false', async () => {
      const nulls = await db
        .from('items')
        .insert([
          { sku: 'w3', name: 'A' },
          { sku: 'w4', name: 'B', note: 'x' },
        ])
        .select('sku,note');
      assert.deepEqual(
        outcome(nulls),
        ok(
          [
            { sku: 'w3', note: null },
            { sku: 'w4', note: 'x' },
          ],
          201,
        ),
      );
      const defaults = await db
        .from('items')
        .insert(
          [
            { sku: 'w5', name: 'A' },
            { sku: 'w6', name: 'B', note: 'y' },
          ],
          { defaultToNull: false },
        )
        .select('sku,note,qty');
      assert.deepEqual(
        outcome(defaults),
        ok(
          [
            { sku: 'w5', note: 'none', qty: 1 },
            { sku: 'w6', note: 'y', qty: 1 },
          ],
          201,
        ),
      );
    });

    test('insert with count and embedded select', async () => {
      const res = await db
        .from('reviews')
        .insert({ place_id: 2, author_id: 3, body: 'Lovely', stars: 5 }, { count: 'exact' })
        .select('body,place:places(name),author:authors!author_id(name)');
      assert.deepEqual(outcome(res), ok([{ body: 'Lovely', place: { name: 'Green Leaf' }, author: { name: 'Chloé' } }], 201, 1));
    });

    test('insert with select() as CSV has the selected columns only', async () => {
      const res = await db.from('items').insert({ sku: 'csv1', name: 'Comma, "quoted"' }).select('sku,name').csv();
      assert.deepEqual(outcome(res), ok('sku,name\ncsv1,"Comma, ""quoted"""', 201));
    });

    test('insert with single() returns the object', async () => {
      const res = await db.from('labels').insert({ id: 10, label: 'quiet' }).select().single();
      assert.deepEqual(outcome(res), ok({ id: 10, label: 'quiet' }, 201));
    });

    test('a unique violation is 409 with the database error', async () => {
      const res = await db.from('items').insert({ sku: 'w1', name: 'Dup' });
      assert.deepEqual(
        outcome(res),
        failed(409, {
          code: '23505',
          details: 'Key (sku)=(w1) already exists.',
          hint: null,
          message: 'duplicate key value violates unique constraint "items_sku_key"',
        }),
      );
    });

    test('a foreign key violation is 409, a check violation 400', async () => {
      const fk = await db.from('reviews').insert({ place_id: 999, author_id: 1, body: 'x', stars: 3 });
      assert.equal(fk.status, 409);
      assert.equal(fk.error?.code, '23503');
      const check = await db.from('reviews').insert({ place_id: 1, author_id: 1, body: 'x', stars: 9 });
      assert.equal(check.status, 400);
      assert.equal(check.error?.code, '23514');
    });

    test('an unknown column is PGRST204; bad JSON is PGRST102', async () => {
      const res = await db.from('items').insert({ sku: 'w9', nope: 1 });
      assert.deepEqual(
        outcome(res),
        failed(400, {
          code: 'PGRST204',
          details: null,
          hint: null,
          message: "Could not find the 'nope' column of 'items' in the schema cache",
        }),
      );
      const raw = await rest(server, '/items', {
        method: 'POST',
        headers: { Authorization: `Bearer ${server.serviceRoleKey}`, 'Content-Type': 'application/json' },
        body: '{nope',
      });
      assert.deepEqual(await raw.json(), { code: 'PGRST102', details: null, hint: null, message: 'Empty or invalid json' });
    });

    test('upsert merges duplicates on the primary key (200 when nothing was inserted)', async () => {
      const updated = await db.from('labels').upsert({ id: 1, label: 'very cozy' }).select();
      assert.deepEqual(outcome(updated), ok([{ id: 1, label: 'very cozy' }], 200));
      const mixed = await db
        .from('labels')
        .upsert([
          { id: 2, label: 'noisy' },
          { id: 11, label: 'new' },
        ])
        .select();
      assert.deepEqual(
        outcome(mixed),
        ok(
          [
            { id: 2, label: 'noisy' },
            { id: 11, label: 'new' },
          ],
          201,
        ),
      );
    });

    test('upsert with onConflict and ignoreDuplicates', async () => {
      const merged = await db.from('items').upsert({ sku: 'w1', name: 'Widget 2' }, { onConflict: 'sku' }).select('sku,name');
      assert.deepEqual(outcome(merged), ok([{ sku: 'w1', name: 'Widget 2' }], 200));
      const ignored = await db
        .from('items')
        .upsert(
          [
            { sku: 'w1', name: 'Ignored' },
            { sku: 'w7', name: 'Seven' },
          ],
          { onConflict: 'sku', ignoreDuplicates: true },
        )
        .select('sku,name');
      assert.deepEqual(outcome(ignored), ok([{ sku: 'w7', name: 'Seven' }], 201));
      const raw = await rest(server, '/items?on_conflict=sku', {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${server.serviceRoleKey}`,
          'Content-Type': 'application/json',
          Prefer: 'resolution=merge-duplicates,return=minimal',
        },
        body: JSON.stringify({ sku: 'w7', name: 'Seven!' }),
      });
      assert.equal(raw.status, 200);
      assert.equal(raw.headers.get('preference-applied'), 'resolution=merge-duplicates, return=minimal');
    });

    test('update with filters: 204 minimal, 200 with select(), count', async () => {
      const minimal = await db.from('items').update({ qty: 7 }).eq('sku', 'w2');
      assert.deepEqual(outcome(minimal), ok(null, 204));
      const rows = await db
        .from('items')
        .update({ note: 'bulk' }, { count: 'exact' })
        .in('sku', ['w3', 'w4'])
        .select('sku,note,qty,updated_by')
        .order('sku');
      assert.deepEqual(
        outcome(rows),
        ok(
          [
            { sku: 'w3', note: 'bulk', qty: 1, updated_by: 'POST' },
            { sku: 'w4', note: 'bulk', qty: 1, updated_by: 'POST' },
          ],
          200,
          2,
        ),
      );
      const raw = await rest(server, '/items?sku=eq.w2', {
        method: 'PATCH',
        headers: { Authorization: `Bearer ${server.serviceRoleKey}`, 'Content-Type': 'application/json', Prefer: 'count=exact' },
        body: JSON.stringify({ qty: 8 }),
      });
      assert.equal(raw.status, 204);
      assert.equal(raw.headers.get('content-range'), '0-0/1');
    });

    test('update and delete without a filter are refused as hosted (safeupdate)', async () => {
      assert.deepEqual(
        outcome(await db.from('items').update({ qty: 0 })),
        failed(400, { code: '21000', details: null, hint: null, message: 'UPDATE requires a WHERE clause' }),
      );
      assert.deepEqual(
        outcome(await db.from('items').delete()),
        failed(400, { code: '21000', details: null, hint: null, message: 'DELETE requires a WHERE clause' }),
      );
      const { count } = await db.from('items').select('*', { count: 'exact', head: true }).eq('qty', 0);
      assert.equal(count, 0);
    });

    test('delete: 204, 200 with select(), Content-Range with count', async () => {
      const res = await db.from('items').delete({ count: 'exact' }).eq('sku', 'w7').select('sku');
      assert.deepEqual(outcome(res), ok([{ sku: 'w7' }], 200, 1));
      const none = await db.from('items').delete().eq('sku', 'missing');
      assert.deepEqual(outcome(none), ok(null, 204));
    });

    test('single() on an update touching several rows is 406 and rolls back', async () => {
      const res = await db.from('items').update({ note: 'one' }).in('sku', ['w3', 'w4']).select().single();
      assert.equal(res.status, 406);
      assert.equal(res.error?.code, 'PGRST116');
      const after = await db.from('items').select('note').in('sku', ['w3', 'w4']);
      assert.deepEqual(after.data, [{ note: 'bulk' }, { note: 'bulk' }]);
    });

    test('max-affected with handling=strict rolls back past the limit', async () => {
      const res = await rest(server, '/items?sku=in.(w3,w4)', {
        method: 'PATCH',
        headers: {
          Authorization: `Bearer ${server.serviceRoleKey}`,
          'Content-Type': 'application/json',
          Prefer: 'handling=strict, max-affected=1',
        },
        body: JSON.stringify({ note: 'many' }),
      });
      assert.equal(res.status, 400);
      assert.deepEqual(await res.json(), {
        code: 'PGRST124',
        details: 'The query affects 2 rows',
        hint: null,
        message: 'Query result exceeds max-affected preference constraint',
      });
      const after = await db.from('items').select('note').in('sku', ['w3', 'w4']);
      assert.deepEqual(after.data, [{ note: 'bulk' }, { note: 'bulk' }]);
    });

    test('PUT upserts one row addressed by its whole primary key', async () => {
      const put = (query: string, body: unknown, prefer = 'return=representation') =>
        rest(server, `/labels${query}`, {
          method: 'PUT',
          headers: { Authorization: `Bearer ${server.serviceRoleKey}`, 'Content-Type': 'application/json', Prefer: prefer },
          body: JSON.stringify(body),
        });
      const created = await put('?id=eq.20', { id: 20, label: 'airy' });
      assert.equal(created.status, 201);
      assert.deepEqual(await created.json(), [{ id: 20, label: 'airy' }]);
      const replaced = await put('?id=eq.20', { id: 20, label: 'breezy' });
      assert.equal(replaced.status, 200);
      assert.deepEqual(await replaced.json(), [{ id: 20, label: 'breezy' }]);
      const minimal = await put('?id=eq.20', { id: 20, label: 'calm' }, 'return=minimal');
      assert.equal(minimal.status, 204);
      const mismatch = await put('?id=eq.20', { id: 21, label: 'x' });
      assert.deepEqual(
        [mismatch.status, await mismatch.json()],
        [400, { code: 'PGRST115', details: null, hint: null, message: 'Payload values do not match URL in primary key column(s)' }],
      );
      const notKey = await put('?label=eq.calm', { id: 20, label: 'x' });
      assert.deepEqual(
        [notKey.status, await notKey.json()],
        [
          405,
          {
            code: 'PGRST105',
            details: null,
            hint: null,
            message: "Filters must include all and only primary key columns with 'eq' operators",
          },
        ],
      );
    });

    test('return=headers-only gives Location for one inserted row', async () => {
      const raw = await rest(server, '/labels', {
        method: 'POST',
        headers: { Authorization: `Bearer ${server.serviceRoleKey}`, 'Content-Type': 'application/json', Prefer: 'return=headers-only' },
        body: JSON.stringify({ id: 12, label: 'sunny' }),
      });
      assert.equal(raw.status, 201);
      assert.equal(raw.headers.get('location'), '/labels?id=eq.12');
      assert.equal(await raw.text(), '');
    });

    test('RLS decides writes: own rows succeed, others are filtered or 42501', async () => {
      const user = await userClient(server, ada);
      const mine = await user.from('notes').insert({ body: 'new note' }).select('owner,body');
      assert.deepEqual(outcome(mine), ok([{ owner: ada, body: 'new note' }], 201));
      const forged = await user.from('notes').insert({ owner: '22222222-2222-2222-2222-222222222222', body: 'forged' });
      assert.deepEqual(
        outcome(forged),
        failed(403, { code: '42501', details: null, hint: null, message: 'new row violates row-level security policy for table "notes"' }),
      );
      const others = await user.from('notes').update({ body: 'hijacked' }).eq('id', 3).select();
      assert.deepEqual(outcome(others), ok([], 200));
      const anon = await server.client().from('notes').insert({ body: 'anon' });
      assert.equal(anon.status, 401);
      assert.equal(anon.error?.code, '42501');
    });
  });
}
