import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { SupabaseClient } from '@supabase/supabase-js';
import { failed, ok, outcome, rest, startRestServer } from '../fixtures/rest/support.ts';
import { conformanceTargets, type ConformanceTarget } from '../support/target.ts';

for (const target of conformanceTargets()) {
  describe(`REST reads on ${target.name}`, () => {
    let server: ConformanceTarget;
    let db: SupabaseClient;
    before(async () => {
      server = await startRestServer(target);
      db = server.client();
    });
    after(() => server?.close());

    test('selects columns, aliases and casts', async () => {
      const res = await db.from('places').select('id,title:name,rating::text').lt('id', 3).order('id');
      assert.deepEqual(
        outcome(res),
        ok([
          { id: 1, title: 'Blue Bottle', rating: '4.5' },
          { id: 2, title: 'Green Leaf', rating: '3.9' },
        ]),
      );
    });

    test('selects * with every column type rendered as PostgREST does', async () => {
      const res = await db.from('places').select('*').eq('id', 1);
      assert.deepEqual(
        outcome(res),
        ok([
          {
            id: 1,
            name: 'Blue Bottle',
            category: 'cafe',
            tags: ['coffee', 'wifi'],
            lat: 48.85,
            lng: 2.35,
            rating: 4.5,
            open_hours: '[8,18)',
            mood: 'happy',
            details: { owner: { name: 'Kim' }, price: 2 },
            search: "'blue':1 'bottl':2 'cafe':3",
          },
        ]),
      );
    });

    test('reads JSON paths with -> and ->>', async () => {
      const res = await db.from('places').select('id,details->owner->>name,price:details->price').in('id', [1, 3]).order('id');
      assert.deepEqual(
        outcome(res),
        ok([
          { id: 1, name: 'Kim', price: 2 },
          { id: 3, name: null, price: null },
        ]),
      );
    });

    test('embeds many-to-one as an object and null when absent', async () => {
      const res = await db.from('reviews').select('id,editor:authors!editor_id(name)').order('id');
      assert.deepEqual(
        outcome(res),
        ok([
          { id: 1, editor: { name: 'Brian' } },
          { id: 2, editor: null },
          { id: 3, editor: null },
          { id: 4, editor: { name: 'Ada' } },
        ]),
      );
    });

    test('embeds one-to-many as arrays, nested, with embedded order and limit', async () => {
      const res = await db
        .from('places')
        .select('name,reviews(body,author:authors!author_id(name),photos(url))')
        .eq('id', 1)
        .order('id', { referencedTable: 'reviews' })
        .order('position', { referencedTable: 'reviews.photos' })
        .limit(1, { referencedTable: 'reviews' });
      assert.deepEqual(
        outcome(res),
        ok([
          {
            name: 'Blue Bottle',
            reviews: [{ body: 'Great coffee', author: { name: 'Ada' }, photos: [{ url: 'b.jpg' }, { url: 'a.jpg' }] }],
          },
        ]),
      );
    });

    test('embeds many-to-many through a junction table', async () => {
      const res = await db
        .from('places')
        .select('name,labels(label)')
        .in('id', [1, 2])
        .order('id')
        .order('id', { referencedTable: 'labels' });
      assert.deepEqual(
        outcome(res),
        ok([
          { name: 'Blue Bottle', labels: [{ label: 'cozy' }, { label: 'cheap' }] },
          { name: 'Green Leaf', labels: [] },
        ]),
      );
    });

    test('embeds one-to-one as an object from either side', async () => {
      const res = await db.from('authors').select('name,profiles(bio)').order('id');
      assert.deepEqual(
        outcome(res),
        ok([
          { name: 'Ada', profiles: { bio: 'Writes about coffee' } },
          { name: 'Brian', profiles: { bio: null } },
          { name: 'Chloé', profiles: null },
        ]),
      );
      const back = await db.from('profiles').select('bio,authors(name)').eq('author_id', 1);
      assert.deepEqual(outcome(back), ok([{ bio: 'Writes about coffee', authors: { name: 'Ada' } }]));
    });

    test('embeds through composite foreign keys', async () => {
      const res = await db.from('visits').select('note,visit_photos(url)').order('day');
      assert.deepEqual(
        outcome(res),
        ok([
          { note: 'morning', visit_photos: [{ url: 'v.jpg' }] },
          { note: null, visit_photos: [] },
        ]),
      );
    });

    test('embeds a self-reference by its foreign key column', async () => {
      const res = await db.from('authors').select('name,mentor_id(name)').order('id');
      assert.deepEqual(
        outcome(res),
        ok([
          { name: 'Ada', mentor_id: null },
          { name: 'Brian', mentor_id: { name: 'Ada' } },
          { name: 'Chloé', mentor_id: { name: 'Ada' } },
        ]),
      );
    });

    test('!inner drops parents without a match; !left keeps them', async () => {
      const inner = await db.from('places').select('id,reviews!inner(stars)').eq('reviews.stars', 4).order('id');
      assert.deepEqual(
        outcome(inner),
        ok([
          { id: 2, reviews: [{ stars: 4 }] },
          { id: 4, reviews: [{ stars: 4 }] },
        ]),
      );
      const left = await db.from('places').select('id,reviews!left(stars)').eq('reviews.stars', 5).lt('id', 3).order('id');
      assert.deepEqual(
        outcome(left),
        ok([
          { id: 1, reviews: [{ stars: 5 }] },
          { id: 2, reviews: [] },
        ]),
      );
    });

    test('spreads a to-one embed into the parent', async () => {
      const res = await db.from('reviews').select('id,...authors!author_id(author:name,email)').lt('id', 3).order('id');
      assert.deepEqual(
        outcome(res),
        ok([
          { id: 1, author: 'Ada', email: 'ada@example.com' },
          { id: 2, author: 'Brian', email: 'brian@example.com' },
        ]),
      );
    });

    test('spreads a to-many embed as arrays per column', async () => {
      const res = await db.from('places').select('id,...reviews(stars)').eq('id', 1).order('id', { referencedTable: 'reviews' });
      assert.deepEqual(outcome(res), ok([{ id: 1, stars: [5, 3] }]));
    });

    test('an empty embed filters without appearing in the result', async () => {
      const res = await db.from('places').select('name,labels!inner()').eq('labels.label', 'cozy').order('id');
      assert.deepEqual(outcome(res), ok([{ name: 'Blue Bottle' }, { name: 'Corner Cafe' }]));
    });

    test('null filters on embedded resources', async () => {
      const res = await db.from('places').select('id,reviews(id)').not('reviews', 'is', null).eq('reviews.stars', 3);
      assert.deepEqual(outcome(res), ok([{ id: 1, reviews: [{ id: 2 }] }]));
      const none = await db.from('places').select('id,reviews(id)').is('reviews', null).order('id');
      assert.deepEqual(
        outcome(none),
        ok([
          { id: 3, reviews: [] },
          { id: 5, reviews: [] },
        ]),
      );
    });

    test('or filters on an embedded resource', async () => {
      const res = await db
        .from('places')
        .select('id,reviews(id)')
        .eq('id', 1)
        .or('stars.eq.3,body.eq.Nope', { referencedTable: 'reviews' });
      assert.deepEqual(outcome(res), ok([{ id: 1, reviews: [{ id: 2 }] }]));
    });

    test('orders by a column of a to-one embed', async () => {
      const res = await rest(server, '/reviews?select=id,places(name)&order=places(name).desc,id.asc');
      assert.equal(res.status, 200);
      assert.deepEqual(await res.json(), [
        { id: 3, places: { name: 'Green Leaf' } },
        { id: 4, places: { name: 'Corner Cafe' } },
        { id: 1, places: { name: 'Blue Bottle' } },
        { id: 2, places: { name: 'Blue Bottle' } },
      ]);
    });

    test('embeds through views by their base tables foreign keys', async () => {
      const res = await db
        .from('place_cards')
        .select('name,review_cards(body,writer:authors(name))')
        .eq('id', 1)
        .order('id', { referencedTable: 'review_cards' });
      assert.deepEqual(
        outcome(res),
        ok([
          {
            name: 'Blue Bottle',
            review_cards: [
              { body: 'Great coffee', writer: { name: 'Ada' } },
              { body: 'Too busy', writer: { name: 'Brian' } },
            ],
          },
        ]),
      );
    });

    test('computed fields in select, filters and order', async () => {
      const res = await db.from('places').select('id,label').like('label', '*(bar)').order('label', { ascending: false });
      assert.deepEqual(
        outcome(res),
        ok([
          { id: 5, label: 'O\'Brien\'s "Pub" (bar)' },
          { id: 3, label: 'Night Owl (bar)' },
        ]),
      );
    });

    test('computed relationships: to-one with ROWS 1, to-many, recursive', async () => {
      const best = await db.from('places').select('name,best_review(body,stars)').in('id', [1, 3]).order('id');
      assert.deepEqual(
        outcome(best),
        ok([
          { name: 'Blue Bottle', best_review: { body: 'Great coffee', stars: 5 } },
          { name: 'Night Owl', best_review: null },
        ]),
      );
      const tree = await db.from('authors').select('name,mentees(name,mentees(name))').eq('id', 1);
      assert.deepEqual(
        outcome(tree),
        ok([
          {
            name: 'Ada',
            mentees: [
              { name: 'Brian', mentees: [] },
              { name: 'Chloé', mentees: [] },
            ],
          },
        ]),
      );
    });

    test('answers PGRST200 for an unknown relationship', async () => {
      const res = await db.from('places').select('id,reviewz(id)');
      assert.deepEqual(
        outcome(res),
        failed(400, {
          code: 'PGRST200',
          details:
            "Searched for a foreign key relationship between 'places' and 'reviewz' in the schema 'public', but no matches were found.",
          hint: "Perhaps you meant 'reviews' instead of 'reviewz'.",
          message: "Could not find a relationship between 'places' and 'reviewz' in the schema cache",
        }),
      );
    });

    test('answers PGRST201 for an ambiguous relationship', async () => {
      const res = await db.from('reviews').select('id,authors(name)');
      assert.deepEqual(
        outcome(res),
        failed(300, {
          code: 'PGRST201',
          details: [
            {
              cardinality: 'many-to-one',
              embedding: 'reviews with authors',
              relationship: 'reviews_author_id_fkey using reviews(author_id) and authors(id)',
            },
            {
              cardinality: 'many-to-one',
              embedding: 'reviews with authors',
              relationship: 'reviews_editor_id_fkey using reviews(editor_id) and authors(id)',
            },
          ],
          hint: "Try changing 'authors' to one of the following: 'authors!reviews_author_id_fkey', 'authors!reviews_editor_id_fkey'. Find the desired relationship in the 'details' key.",
          message: "Could not embed because more than one relationship was found for 'reviews' and 'authors'",
        }),
      );
    });

    test('answers PGRST205 for an unknown table, with a suggestion', async () => {
      const res = await db.from('place').select();
      assert.deepEqual(
        outcome(res),
        failed(404, {
          code: 'PGRST205',
          details: null,
          hint: "Perhaps you meant the table 'public.places'",
          message: "Could not find the table 'public.place' in the schema cache",
        }),
      );
    });

    test('answers 42703 for an unknown column', async () => {
      const res = await db.from('places').select('id,nope');
      assert.deepEqual(
        outcome(res),
        failed(400, { code: '42703', details: null, hint: null, message: 'column places.nope does not exist' }),
      );
    });

    test('answers PGRST108 for a filter on a resource that is not embedded', async () => {
      const res = await db.from('places').select('id').eq('reviews.stars', 5);
      assert.deepEqual(
        outcome(res),
        failed(400, {
          code: 'PGRST108',
          details: null,
          hint: "Verify that 'reviews' is included in the 'select' query parameter.",
          message: "'reviews' is not an embedded resource in this request",
        }),
      );
    });

    test('answers PGRST100 for a select that does not parse', async () => {
      const res = await rest(server, '/places?select=id,reviews(id');
      assert.equal(res.status, 400);
      const body = (await res.json()) as { code: string; hint: unknown };
      assert.equal(body.code, 'PGRST100');
      assert.equal(body.hint, null);
    });

    test('aggregates are disabled as on hosted projects', async () => {
      const res = await db.from('places').select('count()');
      assert.deepEqual(
        outcome(res),
        failed(400, { code: 'PGRST123', details: null, hint: null, message: 'Use of aggregate functions is not allowed' }),
      );
    });
  });
}
