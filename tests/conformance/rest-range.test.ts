import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { SupabaseClient } from '@supabase/supabase-js';
import { failed, ok, outcome, rest, startRestServer } from '../fixtures/rest/support.ts';
import { conformanceTargets, type ConformanceTarget } from '../support/target.ts';

const ids = (...values: number[]) => values.map((id) => ({ id }));

for (const target of conformanceTargets()) {
  describe(`REST order, ranges, counts and media types on ${target.name}`, () => {
    let server: ConformanceTarget;
    let db: SupabaseClient;
    before(async () => {
      server = await startRestServer(target);
      db = server.client();
    });
    after(() => server?.close());

    test('order with direction and nulls first/last, several columns', async () => {
      const first = await db.from('places').select('id').order('rating', { ascending: false, nullsFirst: true });
      assert.deepEqual(outcome(first), ok(ids(3, 1, 4, 2, 5)));
      const last = await db.from('places').select('id').order('rating', { ascending: false, nullsFirst: false });
      assert.deepEqual(outcome(last), ok(ids(1, 4, 2, 5, 3)));
      const multi = await db.from('places').select('id').order('category').order('id', { ascending: false });
      assert.deepEqual(outcome(multi), ok(ids(5, 3, 4, 1, 2)));
    });

    test('limit and offset through range(), with Content-Range', async () => {
      const res = await rest(server, '/places?select=id&order=id&offset=1&limit=2');
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('content-range'), '1-2/*');
      assert.deepEqual(outcome(await db.from('places').select('id').order('id').range(1, 2)), ok(ids(2, 3)));
    });

    test('count=exact gives the total and 206 for a partial page', async () => {
      const res = await db.from('places').select('id', { count: 'exact' }).order('id').range(0, 1);
      assert.deepEqual(outcome(res), ok(ids(1, 2), 206, 5));
      const raw = await rest(server, '/places?select=id&order=id&limit=2', { headers: { Prefer: 'count=exact' } });
      assert.equal(raw.headers.get('content-range'), '0-1/5');
      assert.equal(raw.headers.get('preference-applied'), 'count=exact');
      const full = await db.from('places').select('id', { count: 'exact' }).gt('id', 3).order('id');
      assert.deepEqual(outcome(full), ok(ids(4, 5), 200, 2));
    });

    test('count respects !inner embeds', async () => {
      const res = await db.from('places').select('id,reviews!inner(id)', { count: 'exact' }).eq('reviews.stars', 4).order('id').limit(1);
      assert.deepEqual(outcome(res), ok([{ id: 2, reviews: [{ id: 3 }] }], 206, 2));
    });

    test('count=planned and count=estimated', async () => {
      const planned = await db.from('places').select('id', { count: 'planned' }).limit(1);
      assert.equal(planned.error, null);
      assert.equal(typeof planned.count, 'number');
      const estimated = await db.from('places').select('id', { count: 'estimated' }).order('id').limit(2);
      assert.deepEqual(outcome(estimated), ok(ids(1, 2), 206, 5));
    });

    test('an offset past the end is 416 PGRST103', async () => {
      const res = await db.from('places').select('id', { count: 'exact' }).range(10, 12);
      assert.deepEqual(
        outcome(res),
        failed(416, {
          code: 'PGRST103',
          details: 'An offset of 10 was requested, but there are only 5 rows.',
          hint: null,
          message: 'Requested range not satisfiable',
        }),
      );
    });

    test('an empty page reads */total', async () => {
      const res = await rest(server, '/places?select=id&id=gt.100', { headers: { Prefer: 'count=exact' } });
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('content-range'), '*/0');
      assert.deepEqual(await res.json(), []);
    });

    test('HEAD answers headers and the count without a body', async () => {
      const res = await db.from('places').select('*', { count: 'exact', head: true }).eq('category', 'cafe');
      assert.deepEqual(outcome(res), ok(null, 200, 2));
      const raw = await rest(server, '/places?id=eq.1', { method: 'HEAD' });
      assert.equal(raw.status, 200);
      assert.equal(await raw.text(), '');
    });

    test('every response is capped at 1000 rows (db-max-rows)', async () => {
      const res = await db.from('numbers').select('n', { count: 'exact' });
      assert.equal(res.status, 206);
      assert.equal(res.count, 1500);
      assert.equal((res.data ?? []).length, 1000);
      const limited = await db.from('numbers').select('n').range(1490, 2000);
      assert.deepEqual(outcome(limited), ok([1491, 1492, 1493, 1494, 1495, 1496, 1497, 1498, 1499, 1500].map((n) => ({ n }))));
    });

    test('single() returns the object, or 406 PGRST116', async () => {
      assert.deepEqual(outcome(await db.from('places').select('id,name').eq('id', 2).single()), ok({ id: 2, name: 'Green Leaf' }));
      assert.deepEqual(
        outcome(await db.from('places').select('id').eq('category', 'cafe').single()),
        failed(406, {
          code: 'PGRST116',
          details: 'The result contains 2 rows',
          hint: null,
          message: 'Cannot coerce the result to a single JSON object',
        }),
      );
      assert.deepEqual(
        outcome(await db.from('places').select('id').eq('id', 99).single()),
        failed(406, {
          code: 'PGRST116',
          details: 'The result contains 0 rows',
          hint: null,
          message: 'Cannot coerce the result to a single JSON object',
        }),
      );
    });

    test('maybeSingle() returns the object or null', async () => {
      assert.deepEqual(outcome(await db.from('places').select('id').eq('id', 3).maybeSingle()), ok({ id: 3 }));
      assert.deepEqual(outcome(await db.from('places').select('id').eq('id', 99).maybeSingle()), ok(null));
    });

    test('csv()', async () => {
      const res = await db.from('places').select('id,name,tags').lt('id', 4).order('id').csv();
      assert.deepEqual(
        outcome(res),
        ok('id,name,tags\n1,"Blue Bottle","{coffee,wifi}"\n2,"Green Leaf",{vegan}\n3,"Night Owl","{cocktails,music}"'),
      );
      const raw = await rest(server, '/places?select=id&id=eq.1', { headers: { Accept: 'text/csv' } });
      assert.equal(raw.headers.get('content-type'), 'text/csv; charset=utf-8');
    });

    test('geojson() builds Point features from lat/lng columns', async () => {
      const res = await db.from('places').select('id,name,lat,lng').in('id', [1, 3]).order('id').geojson();
      assert.deepEqual(
        outcome(res),
        ok({
          type: 'FeatureCollection',
          features: [
            { type: 'Feature', geometry: { type: 'Point', coordinates: [2.35, 48.85] }, properties: { id: 1, name: 'Blue Bottle' } },
            { type: 'Feature', geometry: null, properties: { id: 3, name: 'Night Owl' } },
          ],
        }),
      );
      const none = await db.from('authors').select('name').geojson();
      assert.deepEqual(
        outcome(none),
        failed(406, {
          code: 'PGRST107',
          details: null,
          hint: null,
          message: 'None of these media types are available: application/geo+json',
        }),
      );
    });

    test('stripNulls() drops null fields', async () => {
      const res = await db.from('places').select('id,rating').eq('id', 3).stripNulls();
      assert.deepEqual(outcome(res), ok([{ id: 3 }]));
    });

    test('an unsupported Accept is 406 PGRST107', async () => {
      const res = await rest(server, '/places', { headers: { Accept: 'text/html' } });
      assert.equal(res.status, 406);
      assert.deepEqual(await res.json(), {
        code: 'PGRST107',
        details: null,
        hint: null,
        message: 'None of these media types are available: text/html',
      });
    });

    test('Accept-Profile selects an exposed schema; others are 406 PGRST106', async () => {
      const stock = await server.client().schema('inventory').from('stock').select('item,amount');
      assert.deepEqual(outcome(stock), ok([{ item: 'bolts', amount: 10 }]));
      const hidden = await server.client().schema('hidden').from('vault').select();
      assert.deepEqual(
        outcome(hidden),
        failed(406, {
          code: 'PGRST106',
          details: null,
          hint: 'Only the following schemas are exposed: public, graphql_public, inventory',
          message: 'Invalid schema: hidden',
        }),
      );
    });
  });
}
