/**
 * The demo data of supabase/seed.sql: real places where they are, reviews over months with
 * exact aggregates and no sentence said twice, photo and avatar files that exist and say they
 * are generated, and demo members with bios who sign in with the passwords the README lists.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import sharp from 'sharp';
import { avatarSize, thumbHashOf } from '../../scripts/make-seed-photos.ts';
import { repoRoot, startInProcessTestServer, testBackends, type TestServer } from '../support/server.ts';
import { anonClient, sql, withoutSeed } from './support.ts';

// generous boxes around each city centre (lat, lng ranges)
const cities: Record<string, [number, number, number, number]> = {
  Paris: [48.8, 48.92, 2.2, 2.48],
  London: [51.45, 51.57, -0.26, 0.0],
  'New York': [40.55, 40.86, -74.1, -73.9],
  Berlin: [52.44, 52.57, 13.28, 13.5],
  Tokyo: [35.6, 35.76, 139.63, 139.86],
};

const segmenter = new Intl.Segmenter('en', { granularity: 'sentence' });

/** A segment ending in an initial or a short abbreviation ("R.", "St.", "e.g.") goes on. */
const abbreviation = /(?:^|[\s(])(?:[A-Z]|St|Mt|Mr|Mrs|Ms|Dr|No|vs|e\.g|i\.e|approx)\.$/;

/** The sentences of a text as a reader sees them (case and spacing aside). */
export function sentences(text: string): string[] {
  const out: string[] = [];
  let carry = '';
  for (const { segment } of segmenter.segment(text)) {
    const sentence = (carry + segment).trim().replace(/\s+/g, ' ');
    if (abbreviation.test(sentence)) carry = sentence + ' ';
    else {
      carry = '';
      if (sentence !== '') out.push(sentence.toLowerCase());
    }
  }
  if (carry.trim() !== '') out.push(carry.trim().toLowerCase());
  return out;
}

test('sentences are split where a reader would split them', () => {
  assert.deepEqual(
    sentences(
      "Go early!  It is calm then. Is it worth it? Yes: book on the 5th. St. Paul's is next door. The Solomon R. Guggenheim is uptown.",
    ),
    [
      'go early!',
      'it is calm then.',
      'is it worth it?',
      'yes: book on the 5th.',
      "st. paul's is next door.",
      'the solomon r. guggenheim is uptown.',
    ],
  );
});

for (const backend of testBackends()) {
  describe(`demo data on ${backend}`, () => {
    let server: TestServer;

    before(async () => {
      // test databases on PostgreSQL come from a template, so seed.sql is applied here on both
      server = await startInProcessTestServer(backend, withoutSeed);
      const seed = readFileSync(path.join(repoRoot, 'supabase/seed.sql'), 'utf8');
      await server.db.transaction({ kind: 'system' }, (tx) => tx.exec(seed));
    });
    after(() => server?.close());

    test('at least 60 real places across five cities, each inside its city', async () => {
      const places = await sql<{ name: string; lat: number; lng: number }>(server, `select name, lat, lng from places`);
      assert.ok(places.length >= 60, `${places.length} places`);
      const perCity = new Map<string, number>();
      for (const p of places) {
        const city = Object.entries(cities).find(([, [a, b, c, d]]) => p.lat >= a && p.lat <= b && p.lng >= c && p.lng <= d)?.[0];
        assert.ok(city, `${p.name} (${p.lat}, ${p.lng}) is in none of the cities`);
        perCity.set(city, (perCity.get(city) ?? 0) + 1);
      }
      assert.deepEqual([...perCity.keys()].sort(), Object.keys(cities).sort());
      for (const [city, n] of perCity) assert.ok(n >= 10, `${city}: ${n}`);
    });

    test('reviews spread over months, with exact aggregates and a hidden spam review', async () => {
      const [stats] = await sql<{ reviews: number; months: number; authors: number; wrong: number; hidden: number }>(
        server,
        `select
        (select count(*)::int from reviews) as reviews,
        (select count(distinct date_trunc('month', created_at))::int from reviews) as months,
        (select count(distinct author_id)::int from reviews) as authors,
        (select count(*)::int from places p where p.rating_count <> (select count(*) from reviews r where r.place_id = p.id and r.hidden_at is null)
            or p.rating_avg <> (select coalesce(round(avg(r.rating), 2), 0) from reviews r where r.place_id = p.id and r.hidden_at is null)) as wrong,
        (select count(*)::int from reviews where hidden_at is not null) as hidden`,
      );
      assert.ok((stats?.reviews ?? 0) >= 150);
      assert.ok((stats?.months ?? 0) >= 4);
      assert.ok((stats?.authors ?? 0) >= 8);
      assert.equal(stats?.wrong, 0);
      assert.equal(stats?.hidden, 1);
      const log = await anonClient(server).from('moderation_log').select('action, reason');
      assert.deepEqual(log.data?.map((a) => a.action).sort(), ['hide', 'role_change']);
    });

    test('no sentence appears in two demo reviews, ratings vary and dates spread naturally', async () => {
      const reviews = await sql<{ id: string; place: string; body: string; rating: number; created: string; visited: string | null }>(
        server,
        `select r.id, p.name as place, r.body, r.rating, r.created_at::text as created, r.visited_on::text as visited
           from reviews r join places p on p.id = r.place_id`,
      );
      assert.ok(reviews.length >= 160, `${reviews.length} reviews`);
      const seen = new Map<string, string>();
      const repeated: string[] = [];
      for (const review of reviews) {
        for (const sentence of new Set(sentences(review.body))) {
          const first = seen.get(sentence);
          if (first !== undefined) repeated.push(`"${sentence}" (${first} and ${review.place})`);
          else seen.set(sentence, review.place);
        }
      }
      assert.deepEqual(repeated, []);
      const perRating = new Map<number, number>();
      for (const r of reviews) perRating.set(r.rating, (perRating.get(r.rating) ?? 0) + 1);
      assert.ok(perRating.size >= 4, `ratings ${[...perRating.keys()].join(', ')}`);
      for (const [rating, n] of perRating) assert.ok(n <= reviews.length / 2, `${n} reviews rated ${rating}`);
      const days = new Set(reviews.map((r) => r.created.slice(0, 10)));
      assert.ok(days.size >= reviews.length / 2, `${days.size} distinct days for ${reviews.length} reviews`);
      for (const r of reviews) if (r.visited) assert.ok(r.visited <= r.created.slice(0, 10), `${r.place}: visited after reviewing`);
    });

    test('photos on at least 50 places, every file exists and its alt text says it is generated', async () => {
      const photos = await sql<{ path: string; alt: string }>(server, `select path, alt from review_photos`);
      const [withPhotos] = await sql<{ n: number }>(server, `select count(distinct place_id)::int as n from review_photos`);
      assert.ok((withPhotos?.n ?? 0) >= 50, `${withPhotos?.n} places with photos`);
      for (const p of photos) {
        assert.ok(existsSync(path.join(repoRoot, 'supabase/seed/place-photos', p.path)), p.path);
        assert.match(p.alt, /^Generated illustration \(not a photo\)/);
      }
    });

    test('every photo is stored as an upload is (1600 px WebP) with its size and the ThumbHash of its file', async () => {
      const photos = await sql<{ path: string; width: number; height: number; thumbhash: string | null }>(
        server,
        `select path, width, height, thumbhash from review_photos`,
      );
      assert.ok(photos.length >= 50);
      for (const p of photos) {
        // objects_path files take their content type from the extension
        assert.match(p.path, /\.webp$/);
        const file = readFileSync(path.join(repoRoot, 'supabase/seed/place-photos', p.path));
        const meta = await sharp(file).metadata();
        assert.equal(meta.format, 'webp', p.path);
        assert.deepEqual([p.width, p.height], [meta.width, meta.height], `${p.path}: width and height are the file's`);
        assert.equal(Math.max(p.width, p.height), 1600, `${p.path}: as large as an upload gets`);
        assert.equal(p.thumbhash, await thumbHashOf(file), `${p.path}: the ThumbHash of the file`);
      }
    });

    test('every member has a bio and a generated avatar file of the size the app stores', async () => {
      const profiles = await sql<{ username: string; bio: string | null; avatar_path: string | null }>(
        server,
        `select username, bio, avatar_path from profiles`,
      );
      assert.ok(profiles.length >= 10);
      for (const p of profiles) {
        assert.ok((p.bio ?? '').trim().length >= 10, `${p.username} has no bio`);
        const file = path.join(repoRoot, 'supabase/seed/avatars', p.avatar_path ?? '-');
        assert.ok(existsSync(file), `${p.username}: ${p.avatar_path}`);
        const meta = await sharp(readFileSync(file)).metadata();
        assert.deepEqual(
          [meta.format, meta.width, meta.height],
          ['webp', avatarSize, avatarSize],
          `${p.username}: stored as the avatar editor stores one`,
        );
      }
    });

    test('demo members sign in with their passwords and have their roles', async () => {
      const accounts: [string, string, string][] = [
        ['ada@pinstar.local', 'pinstar-demo-1', 'member'],
        ['mina@pinstar.local', 'pinstar-moderator', 'moderator'],
        ['sam@pinstar.local', 'pinstar-admin', 'admin'],
      ];
      for (const [email, password, role] of accounts) {
        const client = anonClient(server);
        const { data, error } = await client.auth.signInWithPassword({ email, password });
        assert.equal(error, null, email);
        const profile = await client
          .from('profiles')
          .select('role')
          .eq('id', data.user?.id ?? '')
          .single();
        assert.equal(profile.data?.role, role);
      }
      const wrong = await anonClient(server).auth.signInWithPassword({ email: 'ada@pinstar.local', password: 'not-the-password' });
      assert.equal(wrong.error?.code, 'invalid_credentials');
    });
  });
}
