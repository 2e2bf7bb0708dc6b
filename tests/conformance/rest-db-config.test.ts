import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { SupabaseClient } from '@supabase/supabase-js';
import { failed, ok, outcome, rest, startRestServer } from '../fixtures/rest/support.ts';
import { conformanceTargets, type ConformanceTarget } from '../support/target.ts';

const configProject = path.resolve(import.meta.dirname, '../fixtures/rest-config');
const invalidProject = path.resolve(import.meta.dirname, '../fixtures/rest-config-invalid');

const aggregatesOff = { code: 'PGRST123', details: null, hint: null, message: 'Use of aggregate functions is not allowed' };

/** `ALTER ROLE authenticator IN DATABASE <this one> SET|RESET pgrst.<name>`, then `NOTIFY pgrst, 'reload config'`. */
async function setRoleConfig(server: ConformanceTarget, values: Record<string, string | null>): Promise<void> {
  const statements = Object.entries(values).map(([name, value]) =>
    value === null
      ? `execute format('alter role authenticator in database %I reset pgrst.${name}', current_database());`
      : `execute format('alter role authenticator in database %I set pgrst.${name} = %L', current_database(), '${value.replaceAll("'", "''")}');`,
  );
  await server.db.transaction({ kind: 'system' }, (tx) =>
    tx.exec(`do $$ begin ${statements.join(' ')} end $$; notify pgrst, 'reload config';`),
  );
}

/** Polls until the reloaded configuration answers (notifications arrive asynchronously). */
async function until(check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('the configuration was not reloaded in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const aggregatesOn = (db: SupabaseClient) => async () => (await db.from('places').select('count()')).status === 200;

/** The rows of a table, as the service role sees them. */
async function rows(server: ConformanceTarget, table: string): Promise<unknown> {
  return (await server.admin().from(table).select('*').order('id')).data;
}

function findNode(plan: unknown, predicate: (node: Record<string, unknown>) => boolean): Record<string, unknown> | null {
  if (Array.isArray(plan)) {
    for (const item of plan) {
      const found = findNode(item, predicate);
      if (found) return found;
    }
    return null;
  }
  if (typeof plan !== 'object' || plan === null) return null;
  const node = plan as Record<string, unknown>;
  if (predicate(node)) return node;
  for (const value of Object.values(node)) {
    const found = findNode(value, predicate);
    if (found) return found;
  }
  return null;
}

for (const target of conformanceTargets()) {
  describe(`REST in-database configuration, hosted defaults, on ${target.name}`, () => {
    let server: ConformanceTarget;
    let db: SupabaseClient;
    before(async () => {
      server = await startRestServer(target);
      db = server.client();
    });
    after(() => server?.close());

    test('aggregates answer PGRST123 once the table and relationships resolve', async () => {
      assert.deepEqual(outcome(await db.from('places').select('count()')), failed(400, aggregatesOff));
      assert.deepEqual(outcome(await db.from('reviews').select('stars.avg()')), failed(400, aggregatesOff));
      assert.deepEqual(outcome(await db.from('places').select('name,reviews(total:count())')), failed(400, aggregatesOff));
      const missing = outcome(await db.from('nowhere').select('count()'));
      assert.equal(missing.status, 404);
      assert.equal((missing.error as { code: string }).code, 'PGRST205');
    });

    test('explain() is not an available media type', async () => {
      const res = await db.from('places').select('id').explain({ analyze: true, format: 'json' });
      assert.deepEqual(
        outcome(res),
        failed(406, {
          code: 'PGRST107',
          details: null,
          hint: null,
          message: 'None of these media types are available: application/vnd.pgrst.plan+json; for="application/json"; options=analyze',
        }),
      );
      const text = await rest(server, '/places?select=id', { headers: { Accept: 'application/vnd.pgrst.plan' } });
      assert.equal(text.status, 406);
      assert.deepEqual(await text.json(), {
        code: 'PGRST107',
        details: null,
        hint: null,
        message: 'None of these media types are available: application/vnd.pgrst.plan+text; for="application/json"',
      });
    });

    test('Prefer: tx=rollback is accepted and ignored: the write is kept', async () => {
      const res = await server.admin().from('labels').insert({ id: 40, label: 'kept' }).select().rollback();
      assert.deepEqual(outcome(res), ok([{ id: 40, label: 'kept' }], 201));
      const strict = await rest(server, '/labels', {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${server.serviceRoleKey}`,
          apikey: server.serviceRoleKey,
          'Content-Type': 'application/json',
          Prefer: 'handling=strict, tx=rollback',
        },
        body: JSON.stringify({ id: 41, label: 'strict' }),
      });
      assert.equal(strict.status, 201);
      assert.equal(strict.headers.get('preference-applied'), 'handling=strict');
      const kept = await server.admin().from('labels').select('id,label').in('id', [40, 41]).order('id');
      assert.deepEqual(kept.data, [
        { id: 40, label: 'kept' },
        { id: 41, label: 'strict' },
      ]);
    });
  });

  describe(`REST in-database configuration switched on, on ${target.name}`, () => {
    let server: ConformanceTarget;
    let db: SupabaseClient;
    before(async () => {
      server = await target.start(configProject);
      db = server.client();
    });
    after(() => server?.close());

    test('count() and its alias', async () => {
      assert.deepEqual(outcome(await db.from('places').select('count()')), ok([{ count: 4 }]));
      assert.deepEqual(outcome(await db.from('places').select('total:count()').eq('category', 'cafe')), ok([{ total: 2 }]));
    });

    test('sum, avg, min, max and count of a column', async () => {
      const res = await db.from('reviews').select('stars.sum(),stars.avg(),stars.min(),stars.max(),stars.count()');
      assert.deepEqual(outcome(res), ok([{ sum: 18, avg: 3.6, min: 2, max: 5, count: 5 }]));
    });

    test('groups by every column that is not aggregated, with filters, order and limit', async () => {
      const res = await db.from('reviews').select('author,stars.sum(),reviews:count()').gte('stars', 3).order('author').limit(2);
      assert.deepEqual(
        outcome(res),
        ok([
          { author: 'ada', sum: 13, reviews: 3 },
          { author: 'brian', sum: 3, reviews: 1 },
        ]),
      );
      const categories = await db.from('places').select('category,best:rating.max()').order('category');
      assert.deepEqual(
        outcome(categories),
        ok([
          { category: 'bar', best: null },
          { category: 'cafe', best: 4.5 },
          { category: 'restaurant', best: 3.5 },
        ]),
      );
    });

    test('casts the input and the output of an aggregate', async () => {
      const res = await db.from('places').select('rating::int.sum(),rating.avg()::text,id.max()::text');
      assert.deepEqual(outcome(res), ok([{ sum: 13, avg: '4.0000000000000000', max: '4' }]));
    });

    test('aggregates inside an embedded resource, per parent row', async () => {
      const res = await db.from('places').select('name,reviews(count(),stars.avg())').order('id');
      assert.deepEqual(
        outcome(res),
        ok([
          { name: 'Blue Bottle', reviews: [{ count: 2, avg: 4 }] },
          { name: 'Green Leaf', reviews: [{ count: 1, avg: 4 }] },
          { name: 'Corner Cafe', reviews: [{ count: 2, avg: 3 }] },
          { name: 'Night Owl', reviews: [{ count: 0, avg: null }] },
        ]),
      );
    });

    test('a to-one spread hands its aggregate up to the parent (grouped by the parent columns)', async () => {
      const res = await db.from('reviews').select('author,...places(rating.max())').order('author');
      assert.deepEqual(
        outcome(res),
        ok([
          { author: 'ada', max: 4.5 },
          { author: 'brian', max: 4.5 },
          { author: 'chloe', max: 4 },
        ]),
      );
      const counted = await db.from('reviews').select('author,...places(places:count())').order('author');
      assert.deepEqual(
        outcome(counted),
        ok([
          { author: 'ada', places: 3 },
          { author: 'brian', places: 1 },
          { author: 'chloe', places: 1 },
        ]),
      );
      const byCategory = await db.from('reviews').select('stars.avg(),...places(category)').order('places(category)');
      assert.deepEqual(
        outcome(byCategory),
        ok([
          { avg: 3.5, category: 'cafe' },
          { avg: 4, category: 'restaurant' },
        ]),
      );
    });

    test('an aggregate in a one-to-many spread is not implemented (PGRST127)', async () => {
      const res = await db.from('places').select('name,...reviews(stars.sum())');
      assert.deepEqual(
        outcome(res),
        failed(400, {
          code: 'PGRST127',
          details: 'Aggregates are not implemented for one-to-many or many-to-many spreads.',
          hint: null,
          message: 'Feature not implemented',
        }),
      );
    });

    test('explain() answers the JSON plan of the read', async () => {
      const res = await db.from('places').select('name').eq('category', 'cafe').explain({ format: 'json' });
      assert.equal(res.status, 200);
      assert.equal(res.error, null);
      const plan = res.data as unknown as Array<{ Plan: Record<string, unknown> }>;
      assert.equal(plan.length, 1);
      assert.equal(plan[0]?.Plan['Node Type'], 'Aggregate');
      assert.ok(
        findNode(plan, (n) => n['Relation Name'] === 'places'),
        'the plan scans places',
      );
      assert.equal(
        findNode(plan, (n) => 'Actual Rows' in n),
        null,
        'without analyze nothing runs',
      );
      const raw = await rest(server, '/places?select=name', {
        headers: { Accept: 'application/vnd.pgrst.plan+json; for="application/json"; options=analyze|verbose;' },
      });
      assert.equal(raw.status, 200);
      assert.equal(
        raw.headers.get('content-type'),
        'application/vnd.pgrst.plan+json; for="application/json"; options=analyze|verbose; charset=utf-8',
      );
      assert.equal(raw.headers.get('content-range'), null);
      const analyzed = (await raw.json()) as unknown;
      assert.ok(
        findNode(analyzed, (n) => n['Relation Name'] === 'places' && n['Actual Rows'] === 4),
        'analyze counts the rows read',
      );
    });

    test('explain() in text, for a singular object and for an RPC', async () => {
      const res = await db.from('places').select('name').eq('id', 1).explain();
      assert.equal(res.status, 200);
      assert.equal(typeof res.data, 'string');
      assert.match(res.data as unknown as string, /^Aggregate .*\n/);
      assert.match(res.data as unknown as string, /places/);
      const raw = await rest(server, '/places?id=eq.1', {
        headers: { Accept: 'application/vnd.pgrst.plan; for="application/vnd.pgrst.object+json"' },
      });
      assert.equal(
        raw.headers.get('content-type'),
        'application/vnd.pgrst.plan+text; for="application/vnd.pgrst.object+json"; charset=utf-8',
      );
      const body = await raw.text();
      assert.ok(body.endsWith('\n'));
      const rpc = await db.rpc('top_places', { min_stars: 4 }).explain({ format: 'json', analyze: true });
      assert.equal(rpc.status, 200);
      assert.ok(
        findNode(rpc.data, (n) => n['Node Type'] === 'Function Scan' || typeof n['Function Name'] === 'string'),
        'the plan calls the function',
      );
    });

    test('explain(analyze) of a write runs it, as EXPLAIN ANALYZE does; with rollback() nothing is kept', async () => {
      const kept = await db.from('places').insert({ id: 50, name: 'Planned', category: 'bar' }).explain({ analyze: true, format: 'json' });
      assert.equal(kept.status, 200);
      assert.ok(
        findNode(kept.data, (n) => n.Operation === 'Insert'),
        'an Insert node',
      );
      const gone = await db
        .from('places')
        .insert({ id: 51, name: 'Rolled back', category: 'bar' })
        .rollback()
        .explain({ analyze: true, format: 'json' });
      assert.equal(gone.status, 200);
      const planOnly = await db.from('places').insert({ id: 52, name: 'Only planned', category: 'bar' }).explain({ format: 'json' });
      assert.equal(planOnly.status, 200);
      const names = await server.admin().from('places').select('id,name').gte('id', 50).order('id');
      assert.deepEqual(names.data, [{ id: 50, name: 'Planned' }]);
      await server.admin().from('places').delete().eq('id', 50);
    });

    test('rollback() answers what the write would have returned and keeps nothing', async () => {
      const before = await rows(server, 'reviews');
      const inserted = await db
        .from('reviews')
        .insert({ id: 60, place_id: 4, author: 'dan', stars: 5 })
        .select('id,author,stars')
        .rollback();
      assert.deepEqual(outcome(inserted), ok([{ id: 60, author: 'dan', stars: 5 }], 201));
      const updated = await db.from('reviews').update({ stars: 1 }).eq('author', 'ada').select('id,stars').order('id').rollback();
      assert.deepEqual(
        outcome(updated),
        ok([
          { id: 1, stars: 1 },
          { id: 3, stars: 1 },
          { id: 5, stars: 1 },
        ]),
      );
      const deleted = await db.from('reviews').delete().eq('place_id', 3).select('id').order('id').rollback();
      assert.deepEqual(outcome(deleted), ok([{ id: 4 }, { id: 5 }]));
      const called = await db.rpc('add_review', { place: 4, who: 'eve', n: 2 }).select('author,stars').rollback();
      assert.deepEqual(outcome(called), ok({ author: 'eve', stars: 2 }));
      assert.deepEqual(await rows(server, 'reviews'), before);
    });

    test('a transaction that ends in ROLLBACK still reports deferred constraint violations', async () => {
      const orphan = {
        code: '23503',
        details: 'Key (place_id)=(999) is not present in table "places".',
        hint: null,
        message: 'insert or update on table "visits" violates foreign key constraint "visits_place_id_fkey"',
      };
      assert.deepEqual(outcome(await db.from('visits').insert({ id: 1, place_id: 999 }).rollback()), failed(409, orphan));
      assert.deepEqual(outcome(await db.from('visits').insert({ id: 1, place_id: 999 })), failed(409, orphan));
      assert.deepEqual(
        outcome(await db.from('visits').insert({ id: 1, place_id: 1 }).select().rollback()),
        ok([{ id: 1, place_id: 1 }], 201),
      );
      assert.deepEqual(await rows(server, 'visits'), []);
    });

    test('Preference-Applied names the tx preference it honoured', async () => {
      const post = (prefer: string, id: number) =>
        rest(server, '/places', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Prefer: prefer },
          body: JSON.stringify({ id, name: `P${id}`, category: 'bar' }),
        });
      const rolled = await post('tx=rollback, return=minimal', 70);
      assert.equal(rolled.status, 201);
      assert.equal(rolled.headers.get('preference-applied'), 'return=minimal, tx=rollback');
      const committed = await post('tx=commit', 71);
      assert.equal(committed.status, 201);
      assert.equal(committed.headers.get('preference-applied'), 'tx=commit');
      const read = await rest(server, '/places?select=id&id=gte.70', { headers: { Prefer: 'count=exact, tx=rollback' } });
      assert.equal(read.headers.get('preference-applied'), 'count=exact, tx=rollback');
      assert.deepEqual(await read.json(), [{ id: 71 }]);
      await server.admin().from('places').delete().eq('id', 71);
    });

    test('db_tx_end = rollback ends every transaction in ROLLBACK; the override decides tx=commit', async () => {
      try {
        await setRoleConfig(server, { db_tx_end: 'rollback' });
        await until(
          async () =>
            (await rest(server, '/places?select=id&limit=1', { headers: { Prefer: 'tx=commit' } })).headers.get('preference-applied') ===
            null,
        );
        const dropped = await db.from('places').insert({ id: 80, name: 'dropped', category: 'bar' }).select('id,name');
        assert.deepEqual(outcome(dropped), ok([{ id: 80, name: 'dropped' }], 201));
        const ignored = await rest(server, '/places', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Prefer: 'tx=commit' },
          body: JSON.stringify({ id: 81, name: 'x', category: 'bar' }),
        });
        assert.equal(ignored.status, 201);
        assert.equal(ignored.headers.get('preference-applied'), null);
        assert.equal(((await rows(server, 'places')) as unknown[]).length, 4);

        await setRoleConfig(server, { db_tx_end: 'rollback-allow-override' });
        await until(
          async () =>
            (await rest(server, '/places?select=id&limit=1', { headers: { Prefer: 'tx=commit' } })).headers.get('preference-applied') ===
            'tx=commit',
        );
        const alsoDropped = await db.from('places').insert({ id: 82, name: 'dropped', category: 'bar' }).select('id');
        assert.deepEqual(outcome(alsoDropped), ok([{ id: 82 }], 201));
        const overridden = await rest(server, '/places', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Prefer: 'tx=commit' },
          body: JSON.stringify({ id: 83, name: 'kept', category: 'bar' }),
        });
        assert.equal(overridden.headers.get('preference-applied'), 'tx=commit');
        const kept = await server.admin().from('places').select('id').gte('id', 80);
        assert.deepEqual(kept.data, [{ id: 83 }]);
      } finally {
        await setRoleConfig(server, { db_tx_end: 'commit-allow-override' });
        // Back to commit once a write without a preference is kept (both override modes echo tx=…).
        await until(async () => {
          await db.from('visits').upsert({ id: 99, place_id: 1 });
          return ((await rows(server, 'visits')) as unknown[]).length === 1;
        });
        await db.from('visits').delete().eq('id', 99);
        await rest(server, '/places?id=gte.80', { method: 'DELETE', headers: { Prefer: 'tx=commit' } });
      }
    });

    test('NOTIFY pgrst, reload config switches settings off and on; invalid booleans count as false', async () => {
      try {
        await setRoleConfig(server, { db_aggregates_enabled: 'yes', db_plan_enabled: null });
        await until(async () => (await db.from('places').select('id').explain()).status === 406);
        assert.deepEqual(outcome(await db.from('places').select('count()')), failed(400, aggregatesOff));
        await setRoleConfig(server, { db_aggregates_enabled: '1' });
        await until(aggregatesOn(db));
        await setRoleConfig(server, { db_aggregates_enabled: 'FALSE' });
        await until(async () => !(await aggregatesOn(db)()));
        // An empty db_tx_end is unset (commit), not invalid: the rest of the configuration applies.
        await setRoleConfig(server, { db_aggregates_enabled: "'True'", db_plan_enabled: 'true', db_tx_end: '' });
        await until(aggregatesOn(db));
        assert.equal((await db.from('places').select('id').explain()).status, 200);
        const ignored = await rest(server, '/places?select=id&id=eq.1', { headers: { Prefer: 'tx=rollback' } });
        assert.equal(ignored.headers.get('preference-applied'), null);
      } finally {
        await setRoleConfig(server, { db_aggregates_enabled: 'true', db_plan_enabled: 'true', db_tx_end: 'commit-allow-override' });
        await until(
          async () =>
            (await rest(server, '/places?select=id&limit=1', { headers: { Prefer: 'tx=rollback' } })).headers.get('preference-applied') ===
            'tx=rollback',
        );
        await until(aggregatesOn(db));
      }
    });

    test('db_pre_request runs before the statement of every request', async () => {
      const blocked = () => rest(server, '/places?select=id&id=eq.1', { headers: { 'x-block': 'yes' } });
      try {
        await setRoleConfig(server, { db_pre_request: 'public.check_request' });
        await until(async () => (await blocked()).status === 402);
        const res = await blocked();
        assert.deepEqual(await res.json(), {
          code: 'PT402',
          details: 'blocked by the pre-request',
          hint: null,
          message: 'Payment required',
        });
        const write = await rest(server, '/places', {
          method: 'POST',
          headers: { 'x-block': 'yes', 'Content-Type': 'application/json' },
          body: JSON.stringify({ id: 90, name: 'x', category: 'bar' }),
        });
        assert.equal(write.status, 402);
        assert.deepEqual(outcome(await db.from('places').select('id').eq('id', 1)), ok([{ id: 1 }]));
        assert.deepEqual(await rows(server, 'places').then((r) => (r as Array<{ id: number }>).map((p) => p.id)), [1, 2, 3, 4]);
      } finally {
        await setRoleConfig(server, { db_pre_request: null });
        await until(async () => (await blocked()).status === 200);
      }
    });

    test('db_max_rows from the database caps responses', async () => {
      try {
        await setRoleConfig(server, { db_max_rows: '2' });
        await until(async () => ((await db.from('places').select('id')).data ?? []).length === 2);
        assert.deepEqual(outcome(await db.from('places').select('id').order('id')), ok([{ id: 1 }, { id: 2 }]));
      } finally {
        await setRoleConfig(server, { db_max_rows: null });
        await until(async () => ((await db.from('places').select('id')).data ?? []).length === 4);
      }
    });
  });

  describe(`REST in-database configuration that PostgREST rejects, on ${target.name}`, () => {
    let server: ConformanceTarget;
    let db: SupabaseClient;
    before(async () => {
      server = await target.start(invalidProject);
      db = server.client();
    });
    after(() => server?.close());

    test('an invalid db_tx_end rejects the whole configuration until a reload fixes it', async () => {
      assert.deepEqual(outcome(await db.from('items').select('price.sum()')), failed(400, aggregatesOff));
      await setRoleConfig(server, { db_tx_end: 'commit' });
      await until(async () => (await db.from('items').select('price.sum()')).status === 200);
      assert.deepEqual(outcome(await db.from('items').select('price.sum()')), ok([{ sum: 42 }]));
    });
  });
}
