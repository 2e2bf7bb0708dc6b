import assert from 'node:assert/strict';
import { test } from 'node:test';
import { boundQueries, keptOffline, mergeKept, type KeptQuery } from './bounds.ts';

const now = 1_000_000_000;
const query = (queryKey: unknown[], data: unknown, age = 0, status = 'success'): KeptQuery => ({
  queryHash: JSON.stringify(queryKey),
  queryKey,
  state: { status, data, dataUpdatedAt: now - age },
});

test('kept offline: stars, lists, opened places and lists, first reviews; not searches, the map or feeds', () => {
  const kept = [
    ['private', 'stars', 'u1', 'ids'],
    ['private', 'stars', 'u1', 'places'],
    ['private', 'lists', 'u1', 'overview'],
    ['private', 'lists', 'u1', 'place', 'p1'],
    ['private', 'my-review', 'p1', 'u1'],
    ['private', 'my-profile', 'u1'],
    ['places', 'detail', 'p1'],
    ['places', 'histogram', 'p1'],
    ['photos', 'place', 'p1'],
    ['reviews', 'place', 'p1', 'newest'],
    ['lists', 'detail', 'l1'],
  ];
  const dropped = [
    ['places', 'in-view', { bounds: 1 }],
    ['places', 'search', 'cafe'],
    ['places', 'nearby', 1, 2],
    ['reviews', 'place', 'p1', 'highest'],
    ['private', 'feed', 'u1', 'following'],
    ['private', 'notifications', 'u1', 'list'],
    ['moderation', 'queue'],
    ['profiles', 'by-username', 'ada'],
  ];
  for (const key of kept) assert.equal(keptOffline(key), true, JSON.stringify(key));
  for (const key of dropped) assert.equal(keptOffline(key), false, JSON.stringify(key));
});

test('only successful answers younger than the age bound are kept, newest first', () => {
  const day = 24 * 3600 * 1000;
  const kept = boundQueries(
    [
      query(['places', 'detail', 'old'], { name: 'old' }, 8 * day),
      query(['places', 'detail', 'a'], { name: 'a' }, 2 * day),
      query(['places', 'detail', 'b'], { name: 'b' }, day),
      query(['places', 'detail', 'failed'], undefined, 0, 'error'),
      query(['places', 'search', 'x'], []),
    ],
    now,
  );
  assert.deepEqual(
    kept.map((q) => q.queryKey[2]),
    ['b', 'a'],
  );
});

test('paged answers keep their first page only', () => {
  const pages = { pages: [{ reviews: [1, 2] }, { reviews: [3] }], pageParams: [0, 20] };
  const [kept] = boundQueries([query(['reviews', 'place', 'p1', 'newest'], pages)], now);
  assert.deepEqual(kept?.state.data, { pages: [{ reviews: [1, 2] }], pageParams: [0] });
  assert.equal(pages.pages.length, 2, 'the cache’s own answer is untouched');
});

test('bounded in count and in size: the newest answers that fit are kept', () => {
  const many = Array.from({ length: 10 }, (_, i) => query(['places', 'detail', `p${i}`], { i }, i));
  assert.equal(boundQueries(many, now, { maxQueries: 3, maxChars: 1e9, maxAgeMs: 1e9 }).length, 3);
  const big = query(['places', 'detail', 'big'], { text: 'x'.repeat(500) }, 0);
  const small = query(['places', 'detail', 'small'], { text: 'y' }, 1);
  assert.deepEqual(
    boundQueries([big, small], now, { maxQueries: 10, maxChars: 100, maxAgeMs: 1e9 }).map((q) => q.queryKey[2]),
    ['small'],
  );
});

test('a save keeps what was kept before and is not in memory, and the newer of two answers', () => {
  const stored = [query(['lists', 'detail', 'l1'], { name: 'kept' }, 50), query(['places', 'detail', 'p1'], { name: 'old' }, 40)];
  const current = [
    query(['places', 'detail', 'p1'], { name: 'new' }, 10),
    query(['places', 'detail', 'p2'], undefined, 0, 'pending'),
    query(['places', 'histogram', 'p1'], [1], 5),
  ];
  const merged = mergeKept(stored, current);
  assert.deepEqual(merged.map((q) => [q.queryHash, q.state.data]).sort(), [
    ['["lists","detail","l1"]', { name: 'kept' }],
    ['["places","detail","p1"]', { name: 'new' }],
    ['["places","detail","p2"]', undefined],
    ['["places","histogram","p1"]', [1]],
  ]);
  const older = mergeKept(
    [query(['places', 'detail', 'p1'], { name: 'newer on disk' }, 1)],
    [query(['places', 'detail', 'p1'], { name: 'older' }, 30)],
  );
  assert.equal((older[0]?.state.data as { name: string }).name, 'newer on disk');
});
