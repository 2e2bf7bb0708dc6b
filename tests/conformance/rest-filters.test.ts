import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { SupabaseClient } from '@supabase/supabase-js';
import { failed, ok, outcome, rest, startRestServer } from '../fixtures/rest/support.ts';
import { conformanceTargets, type ConformanceTarget } from '../support/target.ts';

const ids = (...values: number[]) => values.map((id) => ({ id }));

for (const target of conformanceTargets()) {
  describe(`REST filters on ${target.name}`, () => {
    let server: ConformanceTarget;
    let db: SupabaseClient;
    before(async () => {
      server = await startRestServer(target);
      db = server.client();
    });
    after(() => server?.close());
    const places = () => db.from('places').select('id');

    test('eq, neq', async () => {
      assert.deepEqual(outcome(await places().eq('category', 'bar').order('id')), ok(ids(3, 5)));
      assert.deepEqual(outcome(await places().neq('category', 'bar').order('id')), ok(ids(1, 2, 4)));
    });

    test('gt, gte, lt, lte', async () => {
      assert.deepEqual(outcome(await places().gt('rating', 4.1).order('id')), ok(ids(1)));
      assert.deepEqual(outcome(await places().gte('rating', 4.1).order('id')), ok(ids(1, 4)));
      assert.deepEqual(outcome(await places().lt('rating', 3.9).order('id')), ok(ids(5)));
      assert.deepEqual(outcome(await places().lte('rating', 3.9).order('id')), ok(ids(2, 5)));
    });

    test('like and ilike with * as wildcard', async () => {
      assert.deepEqual(outcome(await places().like('name', '*Cafe*')), ok(ids(4)));
      assert.deepEqual(outcome(await places().ilike('name', '%cafe%')), ok(ids(4)));
      assert.deepEqual(outcome(await places().ilike('name', 'blue*')), ok(ids(1)));
    });

    test('like(any) and ilike(all)', async () => {
      assert.deepEqual(outcome(await places().likeAnyOf('name', ['*Bottle', 'Night*']).order('id')), ok(ids(1, 3)));
      assert.deepEqual(outcome(await places().ilikeAllOf('name', ['*e*', '*c*']).order('id')), ok(ids(4)));
    });

    test('match and imatch (POSIX regular expressions)', async () => {
      assert.deepEqual(outcome(await places().filter('name', 'match', '^[BG]').order('id')), ok(ids(1, 2)));
      assert.deepEqual(outcome(await places().filter('name', 'imatch', '^night').order('id')), ok(ids(3)));
    });

    test('is null, is true/false/unknown, not.is.null', async () => {
      assert.deepEqual(outcome(await places().is('rating', null)), ok(ids(3)));
      assert.deepEqual(outcome(await places().not('rating', 'is', null).order('id')), ok(ids(1, 2, 4, 5)));
      const truth = await db.from('notes').select('id').is('is_public', true);
      assert.deepEqual(outcome(truth), ok(ids(1)));
      const unknown = await rest(server, '/places?select=id&mood=is.unknown');
      assert.equal(unknown.status, 400);
    });

    test('isdistinct', async () => {
      assert.deepEqual(outcome(await places().filter('category', 'isdistinct', 'bar').order('id')), ok(ids(1, 2, 4)));
    });

    test('in with quoted values, and not.in', async () => {
      assert.deepEqual(outcome(await places().in('name', ['Blue Bottle', 'O\'Brien\'s "Pub"', 'a,b']).order('id')), ok(ids(1, 5)));
      assert.deepEqual(outcome(await places().not('id', 'in', '(1,2,3)').order('id')), ok(ids(4, 5)));
      assert.deepEqual(outcome(await places().in('id', [])), ok([]));
    });

    test('cs, cd, ov on arrays', async () => {
      assert.deepEqual(outcome(await places().contains('tags', ['coffee'])), ok(ids(1)));
      assert.deepEqual(outcome(await places().containedBy('tags', ['coffee', 'wifi', 'vegan']).order('id')), ok(ids(1, 2, 4)));
      assert.deepEqual(outcome(await places().overlaps('tags', ['music', 'beer']).order('id')), ok(ids(3, 5)));
    });

    test('cs on jsonb', async () => {
      assert.deepEqual(outcome(await places().contains('details', { price: 2 }).order('id')), ok(ids(1, 5)));
    });

    test('range operators sl, sr, nxl, nxr, adj, ov', async () => {
      assert.deepEqual(outcome(await places().rangeLt('open_hours', '[16,30)').order('id')), ok(ids(4)));
      assert.deepEqual(outcome(await places().rangeGt('open_hours', '[0,10)').order('id')), ok(ids(2, 3)));
      assert.deepEqual(outcome(await places().rangeGte('open_hours', '[8,9)').order('id')), ok(ids(1, 2, 3)));
      assert.deepEqual(outcome(await places().rangeLte('open_hours', '[0,18)').order('id')), ok(ids(1, 4)));
      assert.deepEqual(outcome(await places().rangeAdjacent('open_hours', '[18,20)').order('id')), ok(ids(1)));
      assert.deepEqual(outcome(await places().overlaps('open_hours', '[20,21)').order('id')), ok(ids(2, 3)));
    });

    test('full-text search: fts, plfts, phfts, wfts with a config', async () => {
      assert.deepEqual(outcome(await places().textSearch('search', 'cafe', { config: 'english' }).order('id')), ok(ids(1, 4)));
      assert.deepEqual(outcome(await places().textSearch('search', 'blue bottle', { type: 'plain', config: 'english' })), ok(ids(1)));
      assert.deepEqual(outcome(await places().textSearch('search', 'corner cafe', { type: 'phrase', config: 'english' })), ok(ids(4)));
      assert.deepEqual(outcome(await places().textSearch('search', 'cafe -corner', { type: 'websearch', config: 'english' })), ok(ids(1)));
      assert.deepEqual(outcome(await places().textSearch('name', 'owl')), ok(ids(3)));
    });

    test('filters on JSON paths', async () => {
      assert.deepEqual(outcome(await places().eq('details->>price', '2').order('id')), ok(ids(1, 5)));
      assert.deepEqual(outcome(await places().eq('details->owner->>name', 'Kim')), ok(ids(1)));
    });

    test('or, and, not nested', async () => {
      const res = await places().or('category.eq.bar,and(rating.gte.4,name.ilike.*corner*)').order('id');
      assert.deepEqual(outcome(res), ok(ids(3, 4, 5)));
      const negated = await rest(server, '/places?select=id&not.or=(category.eq.bar,category.eq.cafe)');
      assert.deepEqual(await negated.json(), ids(2));
      const and = await rest(server, '/places?select=id&and=(rating.gt.3,or(category.eq.bar,tags.cs.{vegan}))');
      assert.deepEqual(await and.json(), ids(2));
      const deep = await places().or('id.eq.1,not.and(id.gt.1,category.neq.bar)').order('id');
      assert.deepEqual(outcome(deep), ok(ids(1, 3, 5)));
    });

    test('repeated keys combine with and; + decodes as a space; quoted values', async () => {
      const res = await rest(server, '/places?select=id&id=gt.1&id=lt.4&order=id');
      assert.deepEqual(await res.json(), ids(2, 3));
      const plus = await rest(server, '/places?select=id&name=eq.Night+Owl');
      assert.deepEqual(await plus.json(), ids(3));
      const quoted = await rest(server, `/places?select=id&or=(name.eq.${encodeURIComponent('"O\'Brien\'s \\"Pub\\""')},id.eq.2)&order=id`);
      assert.deepEqual(await quoted.json(), ids(2, 5));
    });

    test('match() turns an object into eq filters', async () => {
      assert.deepEqual(outcome(await places().match({ category: 'cafe', mood: 'happy' }).order('id')), ok(ids(1, 4)));
    });

    test('enums compare by label', async () => {
      assert.deepEqual(outcome(await places().eq('mood', 'sad')), ok(ids(3)));
    });

    test('an unknown operator is PGRST100', async () => {
      const res = await rest(server, '/places?id=foo.1');
      assert.equal(res.status, 400);
      const body = (await res.json()) as Record<string, unknown>;
      assert.equal(body.code, 'PGRST100');
      assert.equal(body.message, '"failed to parse filter (foo.1)" (line 1, column 1)');
      assert.equal(body.details, 'unexpected "f" expecting "not" or operator (eq, gt, ...)');
    });

    test('a value of the wrong type is the database error, 400', async () => {
      const res = await places().eq('id', 'abc');
      assert.deepEqual(
        outcome(res),
        failed(400, { code: '22P02', details: null, hint: null, message: 'invalid input syntax for type bigint: "abc"' }),
      );
    });
  });
}
