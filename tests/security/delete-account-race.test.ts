/**
 * Attack: fire `delete-account` several times at once with one session (two tabs, a double
 * click, a script). Exactly one call deletes; the others get 404 `user_not_found` in the
 * function's `{code, message}` shape, never a 500, and so does any later call.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { FunctionsHttpError } from '@supabase/supabase-js';
import pg from 'pg';
import { startInProcessTestServer, testBackends, type TestServer } from '../support/server.ts';

interface Outcome {
  status: number;
  body: unknown;
}

for (const backend of testBackends()) {
  describe(`concurrent delete-account calls on ${backend}`, () => {
    let server: TestServer;

    before(async () => {
      server = await startInProcessTestServer(backend, { override: { seed: false }, listen: true });
    });
    after(() => server?.close());

    /** A member with a session, a place, a review and an avatar file. */
    async function member() {
      const email = `race_${randomUUID().slice(0, 8)}@test.pinstar.local`;
      const password = 'correct horse battery';
      const admin = server.admin();
      const created = await admin.auth.admin.createUser({ email, password, email_confirm: true });
      assert.equal(created.error, null);
      const client = server.client();
      const session = await client.auth.signInWithPassword({ email, password });
      assert.equal(session.error, null);
      const userId = session.data.user?.id ?? '';
      const place = await client.from('places').insert({ name: 'Race track', category: 'park', lat: 3, lng: 3 }).select('id').single();
      assert.equal(place.error, null);
      const review = await client
        .from('reviews')
        .insert({ place_id: place.data?.id, rating: 5, body: 'A review that outlives its author, anonymized.' })
        .select('id')
        .single();
      assert.equal(review.error, null);
      const upload = await client.storage.from('avatars').upload(`${userId}/avatar.png`, pngBytes(), { contentType: 'image/png' });
      assert.equal(upload.error, null);
      return { client, userId, reviewId: review.data?.id ?? '' };
    }

    async function call(client: ReturnType<TestServer['client']>): Promise<Outcome> {
      const { data, error } = await client.functions.invoke('delete-account', { body: { reviews: 'anonymize' } });
      if (!error) return { status: 200, body: data };
      assert.ok(error instanceof FunctionsHttpError, String(error));
      const response = error.context as Response;
      return { status: response.status, body: await response.json() };
    }

    test('four calls at once: one deletes, three are told it is already deleted', async () => {
      const { client, userId, reviewId } = await member();
      const outcomes = await Promise.all([call(client), call(client), call(client), call(client)]);
      const ok = outcomes.filter((o) => o.status === 200);
      assert.equal(ok.length, 1, JSON.stringify(outcomes));
      // files go first and removing them twice is harmless: any of the calls may have removed them
      assert.deepEqual(
        { ...(ok[0]?.body as object), files_removed: 'any' },
        { deleted: true, reviews: 'anonymize', reviews_affected: 1, files_removed: 'any' },
      );
      for (const refused of outcomes.filter((o) => o.status !== 200)) {
        assert.deepEqual(refused, { status: 404, body: { code: 'user_not_found', message: 'This account has already been deleted.' } });
      }

      const admin = server.admin();
      assert.equal((await admin.auth.admin.getUserById(userId)).data.user, null);
      assert.deepEqual((await admin.from('reviews').select('id, author_id').eq('id', reviewId)).data, [{ id: reviewId, author_id: null }]);
      assert.deepEqual((await admin.storage.from('avatars').list(userId)).data, []);
    });

    test('a token whose session ended (signed out everywhere) is refused as signed out, and the account stays', async () => {
      const { client, userId } = await member();
      const { data: session } = await client.auth.getSession();
      const other = server.client();
      await other.auth.setSession({ access_token: session.session!.access_token, refresh_token: session.session!.refresh_token });
      assert.equal((await other.auth.signOut({ scope: 'global' })).error, null);
      assert.deepEqual(await call(client), {
        status: 401,
        body: { code: 'no_authorization', message: 'Sign in to delete your account.' },
      });
      assert.notEqual((await server.admin().auth.admin.getUserById(userId)).data.user, null);
    });

    test('a call after the deletion is the same 404', async () => {
      const { client } = await member();
      assert.equal((await call(client)).status, 200);
      assert.deepEqual(await call(client), {
        status: 404,
        body: { code: 'user_not_found', message: 'This account has already been deleted.' },
      });
    });

    // The interleaving the four calls above hit now and then, made certain: another connection
    // holds auth.sessions, the auth service's /user waits to read the token's session, and the
    // account is deleted (the delete_account call of a concurrent delete-account) before the
    // wait ends. PostgreSQL only: the embedded database runs one transaction at a time.
    if (backend === 'postgres') {
      /** `request` runs while another connection deletes the account under a lock on auth.sessions. */
      async function deletedWhileSessionRead<T>(userId: string, request: () => Promise<T>): Promise<T> {
        const holder = new pg.Client({ connectionString: server.config.databaseUrl ?? '' });
        await holder.connect();
        try {
          await holder.query('begin');
          await holder.query('lock table auth.sessions in access exclusive mode');
          const pending = request();
          pending.catch(() => undefined);
          const waiting = async () =>
            (
              await holder.query<{ n: number }>(
                `select count(*)::int as n from pg_locks where relation = 'auth.sessions'::regclass and not granted`,
              )
            ).rows[0]?.n ?? 0;
          const deadline = Date.now() + 20_000;
          while ((await waiting()) === 0) {
            assert.ok(Date.now() < deadline, 'no request came to read auth.sessions');
            await delay(10);
          }
          await holder.query(`select public.delete_account($1, 'anonymize')`, [userId]);
          await holder.query('commit');
          return await pending;
        } finally {
          await holder.end();
        }
      }

      test('the auth service asked for a user deleted while it reads the session answers user_not_found, not session_not_found', async () => {
        const { client, userId } = await member();
        const token = (await client.auth.getSession()).data.session?.access_token ?? '';
        const { data, error } = await deletedWhileSessionRead(userId, () => server.client().auth.getUser(token));
        assert.equal(data.user, null);
        assert.deepEqual(
          { name: error?.name, status: error?.status, code: error?.code },
          { name: 'AuthApiError', status: 403, code: 'user_not_found' },
        );
      });

      test('a call whose account is deleted while the auth service reads its session is told 404, not to sign in', async () => {
        const { client, userId } = await member();
        assert.deepEqual(await deletedWhileSessionRead(userId, () => call(client)), {
          status: 404,
          body: { code: 'user_not_found', message: 'This account has already been deleted.' },
        });
      });
    }
  });
}

/** A 1×1 PNG. */
function pngBytes(): Uint8Array {
  return Uint8Array.from(
    Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'),
  );
}
