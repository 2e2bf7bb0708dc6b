/**
 * The demo data of supabase/seed.sql: real places where they are, reviews over months with
 * exact aggregates, photo files that exist and say they are generated, and demo members who
 * sign in with the passwords the README lists.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { repoRoot, startTestServer, testBackends, type TestServer } from '../support/server.ts';
import { anonClient, sql, withoutSeed } from './support.ts';

// generous boxes around each city centre (lat, lng ranges)
const cities: Record<string, [number, number, number, number]> = {
  Paris: [48.8, 48.92, 2.2, 2.48],
  London: [51.45, 51.57, -0.26, 0.0],
  'New York': [40.55, 40.86, -74.1, -73.9],
  Berlin: [52.44, 52.57, 13.28, 13.5],
  Tokyo: [35.6, 35.76, 139.63, 139.86],
};

for (const backend of testBackends()) {
  describe(`demo data on ${backend}`, () => {
    let server: TestServer;

    before(async () => {
      // test databases on PostgreSQL come from a template, so seed.sql is applied here on both
      server = await startTestServer(backend, withoutSeed);
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

    test('every photo file exists and its alt text says it is generated', async () => {
      const photos = await sql<{ path: string; alt: string }>(server, `select path, alt from review_photos`);
      assert.ok(photos.length >= 20);
      for (const p of photos) {
        assert.ok(existsSync(path.join(repoRoot, 'supabase/seed/place-photos', p.path)), p.path);
        assert.match(p.alt, /^Generated illustration \(not a photo\)/);
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
