import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { SupabaseClient } from '@supabase/supabase-js';
import { failed, ok, outcome, rest, startRestServer } from '../fixtures/rest/support.ts';
import { conformanceTargets, type ConformanceTarget } from '../support/target.ts';

for (const target of conformanceTargets()) {
  describe(`REST RPC on ${target.name}`, () => {
    let server: ConformanceTarget;
    let db: SupabaseClient;
    before(async () => {
      server = await startRestServer(target);
      db = server.client();
    });
    after(() => server?.close());

    test('a scalar function by POST with named arguments', async () => {
      assert.deepEqual(outcome(await db.rpc('add_numbers', { a: 2, b: 40 })), ok(42));
    });

    test('GET with arguments in the query string; HEAD', async () => {
      assert.deepEqual(outcome(await db.rpc('add_numbers', { a: 1, b: 2 }, { get: true })), ok(3));
      const head = await db.rpc('ratings', {}, { head: true, count: 'exact' });
      assert.deepEqual(outcome(head), ok(null, 200, 5));
    });

    test('defaults fill omitted arguments', async () => {
      assert.deepEqual(outcome(await db.rpc('greet')), ok('hello world'));
      assert.deepEqual(outcome(await db.rpc('greet', { name: 'Ada' })), ok('hello Ada'));
    });

    test('a JSON body reaches the function as sent: a number keeps every digit', async () => {
      // A client with exact integers (not JavaScript's) sends more digits than a double holds.
      const res = await rest(server, '/rpc/greet', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{"name": 12345678901234567890123}',
      });
      assert.equal(res.status, 200);
      assert.equal(await res.json(), 'hello 12345678901234567890123');
    });

    test('a set-returning function takes select, filters, order and limit like a table', async () => {
      const res = await db.rpc('places_in', { cat: 'cafe' }).select('id,name,reviews(stars)').order('id', { ascending: false });
      assert.deepEqual(
        outcome(res),
        ok([
          { id: 4, name: 'Corner Cafe', reviews: [{ stars: 4 }] },
          { id: 1, name: 'Blue Bottle', reviews: [{ stars: 5 }, { stars: 3 }] },
        ]),
      );
      const filtered = await db.rpc('places_in', { cat: 'bar' }, { count: 'exact' }).select('id').lt('rating', 3);
      assert.deepEqual(outcome(filtered), ok([{ id: 5 }], 200, 1));
      const paged = await db.rpc('places_in', { cat: 'cafe' }, { count: 'exact' }).select('id').order('id').range(0, 0);
      assert.deepEqual(outcome(paged), ok([{ id: 1 }], 206, 2));
    });

    test('a function returning a table, filtered', async () => {
      const res = await db.rpc('category_counts').gt('total', 1);
      assert.deepEqual(
        outcome(res),
        ok([
          { category: 'bar', total: 2 },
          { category: 'cafe', total: 2 },
        ]),
      );
    });

    test('a set of scalars is a JSON array', async () => {
      assert.deepEqual(outcome(await db.rpc('ratings')), ok([4.5, 3.9, null, 4.1, 2.5]));
    });

    test('a void function answers 204', async () => {
      assert.deepEqual(outcome(await db.rpc('nothing')), ok(null, 204));
    });

    test('overloaded functions are chosen by argument names', async () => {
      assert.deepEqual(outcome(await db.rpc('describe', { x: 1 })), ok('int 1'));
      assert.deepEqual(outcome(await db.rpc('describe', { x: 1, y: 2 })), ok('two ints 1,2'));
      assert.deepEqual(outcome(await db.rpc('describe', { label: 'a' })), ok('label a'));
    });

    test('ambiguous overloads are PGRST203', async () => {
      assert.deepEqual(
        outcome(await db.rpc('clash', { v: 1 })),
        failed(300, {
          code: 'PGRST203',
          details: null,
          hint: 'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
          message: 'Could not choose the best candidate function between: public.clash(v => integer), public.clash(v => text)',
        }),
      );
    });

    test('an unknown function or arguments is PGRST202', async () => {
      assert.deepEqual(
        outcome(await db.rpc('describe', { z: 1 })),
        failed(404, {
          code: 'PGRST202',
          details:
            'Searched for the function public.describe with parameter z or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
          hint: 'Perhaps you meant to call the function public.describe(x)',
          message: 'Could not find the function public.describe(z) in the schema cache',
        }),
      );
      assert.deepEqual(
        outcome(await db.rpc('add_number', { a: 1, b: 2 })),
        failed(404, {
          code: 'PGRST202',
          details:
            'Searched for the function public.add_number with parameters a, b or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
          hint: 'Perhaps you meant to call the function public.add_numbers',
          message: 'Could not find the function public.add_number(a, b) in the schema cache',
        }),
      );
    });

    test('a single unnamed json parameter takes the whole body', async () => {
      assert.deepEqual(outcome(await db.rpc('echo_json', { any: [1, { b: 2 }] })), ok({ any: [1, { b: 2 }] }));
    });

    test('arrays as JSON by POST and as {a,b} by GET', async () => {
      assert.deepEqual(outcome(await db.rpc('sum_array', { xs: [1, 2, 3] })), ok(6));
      assert.deepEqual(outcome(await db.rpc('sum_array', { xs: [4, 5] }, { get: true })), ok(9));
    });

    test('a function returning a row is an object; volatile functions write by POST only', async () => {
      const admin = server.admin();
      assert.deepEqual(
        outcome(await admin.rpc('add_item', { sku: 'rpc1', name: 'Made' }).select('sku,name')),
        ok({ sku: 'rpc1', name: 'Made' }),
      );
      const viaGet = await admin.rpc('add_item', { sku: 'rpc2', name: 'Nope' }, { get: true });
      assert.deepEqual(
        outcome(viaGet),
        failed(405, { code: '25006', details: null, hint: null, message: 'cannot execute INSERT in a read-only transaction' }),
      );
    });

    test('a call by POST runs read-only unless the function is volatile, as PostgREST runs it', async () => {
      await server.db.transaction({ kind: 'system' }, (tx) =>
        tx.exec(`
          create function public.tx_mode_stable() returns text language sql stable as $$ select current_setting('transaction_read_only') $$;
          create function public.tx_mode_volatile() returns text language sql volatile as $$ select current_setting('transaction_read_only') $$;
          notify pgrst, 'reload schema';`),
      );
      const deadline = Date.now() + 10_000;
      while ((await db.rpc('tx_mode_volatile')).error && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      assert.deepEqual(outcome(await db.rpc('tx_mode_stable')), ok('on'));
      assert.deepEqual(outcome(await db.rpc('tx_mode_volatile')), ok('off'));
      assert.deepEqual(outcome(await db.rpc('tx_mode_volatile', {}, { get: true })), ok('on'));
    });

    test('RAISE becomes a 400 with message, detail and hint', async () => {
      assert.deepEqual(
        outcome(await db.rpc('fail_with', { message: 'boom' })),
        failed(400, { code: 'P0001', details: 'some detail', hint: 'a hint', message: 'boom' }),
      );
    });

    test("RAISE SQLSTATE 'PGRST' controls status and headers", async () => {
      const res = await rest(server, '/rpc/fail_custom', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
      assert.equal(res.status, 402);
      assert.equal(res.headers.get('x-powered-by'), 'Nerd Rage');
      assert.deepEqual(await res.json(), { code: '123', details: 'Quota', hint: 'Upgrade', message: 'Payment Required' });
    });

    test("RAISE SQLSTATE 'PGRST' that does not keep the contract is PGRST121, naming the part", async () => {
      const raise = async (m: string, d?: string) => {
        const res = await rest(server, '/rpc/fail_raw', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(d === undefined ? { m } : { m, d }),
        });
        return { status: res.status, body: (await res.json()) as unknown };
      };
      const parseError = (details: string, part: 'MESSAGE' | 'DETAIL') => ({
        status: 500,
        body: {
          code: 'PGRST121',
          details,
          hint:
            part === 'MESSAGE'
              ? "MESSAGE must be a JSON object with obligatory keys: 'code', 'message' and optional keys: 'details', 'hint'."
              : "DETAIL must be a JSON object with obligatory keys: 'status', 'headers' and optional key: 'status_text'.",
          message: `Could not parse JSON in the "RAISE SQLSTATE 'PGRST'" error`,
        },
      });
      const message = '{"code":"P0002","message":"Not here"}';
      assert.deepEqual(await raise(message, '{"status":404,"headers":{}}'), {
        status: 404,
        body: { code: 'P0002', details: null, hint: null, message: 'Not here' },
      });
      assert.deepEqual(
        await raise('not json', '{"status":404,"headers":{}}'),
        parseError("Invalid JSON value for MESSAGE: 'not json'", 'MESSAGE'),
      );
      assert.deepEqual(
        await raise('{"message":"no code"}', '{"status":404,"headers":{}}'),
        parseError(`Invalid JSON value for MESSAGE: '{"message":"no code"}'`, 'MESSAGE'),
      );
      assert.deepEqual(await raise(message), parseError('DETAIL is missing in the RAISE statement', 'DETAIL'));
      assert.deepEqual(await raise(message, '{"status":404}'), parseError(`Invalid JSON value for DETAIL: '{"status":404}'`, 'DETAIL'));
      assert.deepEqual(
        await raise(message, '{"status":"404","headers":{}}'),
        parseError(`Invalid JSON value for DETAIL: '{"status":"404","headers":{}}'`, 'DETAIL'),
      );
    });

    test('other verbs on /rpc are 405 PGRST101', async () => {
      const res = await rest(server, '/rpc/greet', { method: 'PATCH', headers: { 'Content-Type': 'application/json' }, body: '{}' });
      assert.equal(res.status, 405);
      assert.deepEqual(await res.json(), { code: 'PGRST101', details: null, hint: null, message: 'Cannot use the PATCH method on RPC' });
    });
  });
}
