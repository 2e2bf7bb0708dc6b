import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { authFetch, authFixture, followLink, mailTo, openInBrowser, uniqueEmail, verifyLinkOf } from '../fixtures/auth/helpers.ts';
import { conformanceTargets, type ConformanceTarget } from '../support/target.ts';

const password = 'correct-horse-1';

for (const target of conformanceTargets()) {
  describe(`auth admin API on ${target.name}`, () => {
    let server: ConformanceTarget;
    before(async () => {
      server = await target.start(authFixture('project'));
    });
    after(() => server?.close());

    test('createUser, getUserById, updateUserById as the service role', async () => {
      const admin = server.admin().auth.admin;
      const email = uniqueEmail('admin');
      const created = await admin.createUser({
        email,
        password,
        email_confirm: true,
        user_metadata: { display_name: 'Grace' },
        app_metadata: { plan: 'pro' },
      });
      assert.equal(created.error, null);
      const user = created.data.user;
      assert.ok(user);
      assert.equal(user.email, email);
      assert.ok(user.email_confirmed_at);
      assert.deepEqual(user.app_metadata, { provider: 'email', providers: ['email'], plan: 'pro' });
      assert.deepEqual(user.user_metadata, { display_name: 'Grace' }, 'the admin API keeps the metadata as given');
      const profile = await server.db.transaction({ kind: 'system' }, (tx) =>
        tx.query(`select display_name from public.profiles where id = $1`, [user.id]),
      );
      assert.deepEqual(profile.rows, [{ display_name: 'Grace' }], 'the app trigger ran for an admin-created user');
      const fetched = await admin.getUserById(user.id);
      assert.equal(fetched.data.user?.id, user.id);
      const updated = await admin.updateUserById(user.id, {
        user_metadata: { display_name: 'Grace H.' },
        app_metadata: { plan: null, role: 'editor' },
        password: 'another-pass-2',
      });
      assert.equal(updated.error, null);
      assert.deepEqual(updated.data.user?.user_metadata, { display_name: 'Grace H.' });
      assert.deepEqual(updated.data.user?.app_metadata, { provider: 'email', providers: ['email'], role: 'editor' });
      assert.equal((await server.client().auth.signInWithPassword({ email, password: 'another-pass-2' })).error, null);
      const dup = await admin.createUser({ email, password });
      assert.equal(dup.error?.status, 422);
      assert.equal(dup.error?.code, 'email_exists');
      const missing = await admin.getUserById('00000000-0000-4000-8000-000000000000');
      assert.equal(missing.error?.status, 404);
      assert.equal(missing.error?.code, 'user_not_found');
      const banned = await admin.updateUserById(user.id, { ban_duration: '24h' });
      assert.ok(banned.data.user?.banned_until);
      const refused = await server.client().auth.signInWithPassword({ email, password: 'another-pass-2' });
      assert.equal(refused.error?.code, 'user_banned');
    });

    test('listUsers pages with X-Total-Count and Link as GoTrue does', async () => {
      const admin = server.admin().auth.admin;
      for (let i = 0; i < 3; i++) await admin.createUser({ email: uniqueEmail('list'), password });
      const { data, error } = await admin.listUsers({ page: 1, perPage: 2 });
      assert.equal(error, null);
      assert.equal(data.users.length, 2);
      assert.equal(data.aud, 'authenticated');
      assert.ok(data.total >= 3);
      assert.equal(data.nextPage, 2);
      assert.equal(data.lastPage, Math.ceil(data.total / 2));
      const raw = await authFetch(server, '/admin/users?page=1&per_page=2', {
        headers: { authorization: `Bearer ${server.serviceRoleKey}` },
      });
      assert.equal(raw.headers.get('x-total-count'), String(data.total));
      assert.match(raw.headers.get('link') ?? '', /<http:\/\/localhost:\d+\/auth\/v1\/admin\/users\?page=2&per_page=2>; rel="next"/);
      // supabase-js sends `page=&per_page=` when no paging is asked for: the defaults apply.
      const all = await admin.listUsers();
      assert.equal(all.error, null);
      assert.equal(all.data.users.length, Math.min(50, data.total));
    });

    test('deleteUser removes the user and cascades into app tables; soft delete keeps an unusable row', async () => {
      const client = server.client();
      const email = uniqueEmail('gone');
      const { data } = await client.auth.signUp({ email, password });
      const id = data.user?.id ?? '';
      await server.db.transaction({ kind: 'system' }, (tx) =>
        tx.query(`insert into public.notes (user_id, body) values ($1, 'hello')`, [id]),
      );
      const token = data.session?.access_token ?? '';
      const removed = await server.admin().auth.admin.deleteUser(id);
      assert.equal(removed.error, null);
      const left = await server.db.transaction({ kind: 'system' }, async (tx) => ({
        users: (await tx.query(`select 1 from auth.users where id = $1`, [id])).rowCount,
        profiles: (await tx.query(`select 1 from public.profiles where id = $1`, [id])).rowCount,
        notes: (await tx.query(`select 1 from public.notes where user_id = $1`, [id])).rowCount,
        sessions: (await tx.query(`select 1 from auth.sessions where user_id = $1`, [id])).rowCount,
      }));
      assert.deepEqual(left, { users: 0, profiles: 0, notes: 0, sessions: 0 });
      const stale = await server.client().auth.getUser(token);
      assert.equal(stale.error?.status, 403);
      assert.equal(stale.error?.code, 'user_not_found');
      const again = await server.admin().auth.admin.deleteUser(id);
      assert.equal(again.error?.code, 'user_not_found');
      const soft = (await server.admin().auth.admin.createUser({ email: uniqueEmail('soft'), password })).data.user;
      assert.equal((await server.admin().auth.admin.deleteUser(soft?.id ?? '', true)).error, null);
      const kept = await server.admin().auth.admin.getUserById(soft?.id ?? '');
      assert.ok(kept.data.user?.deleted_at);
      assert.equal(
        (await server.client().auth.signInWithPassword({ email: soft?.email ?? '', password })).error?.code,
        'invalid_credentials',
      );
    });

    test('generateLink returns the link properties; a recovery link signs in with PASSWORD_RECOVERY', async () => {
      const email = uniqueEmail('link');
      await server.admin().auth.admin.createUser({ email, password, email_confirm: true });
      const { data, error } = await server
        .admin()
        .auth.admin.generateLink({ type: 'recovery', email, options: { redirectTo: 'https://app.example.com/reset' } });
      assert.equal(error, null);
      assert.equal(data.user?.email, email);
      assert.equal(data.properties?.verification_type, 'recovery');
      assert.equal(data.properties?.redirect_to, 'https://app.example.com/reset');
      assert.match(data.properties?.email_otp ?? '', /^\d{6}$/);
      assert.match(data.properties?.hashed_token ?? '', /^[0-9a-f]{56}$/);
      const { location } = await followLink(server, data.properties?.action_link ?? '');
      const tab = await openInBrowser(server, location);
      assert.deepEqual(tab.events, ['PASSWORD_RECOVERY']);
      const signup = await server
        .admin()
        .auth.admin.generateLink({ type: 'signup', email: uniqueEmail('link'), password, options: { data: { plan: 'free' } } });
      assert.equal(signup.error, null);
      assert.deepEqual(signup.data.user?.user_metadata, { plan: 'free' }, 'a generated sign-up keeps the metadata as given');
      assert.equal(signup.data.properties?.verification_type, 'signup');
      const verified = await server.client().auth.verifyOtp({ token_hash: signup.data.properties?.hashed_token ?? '', type: 'signup' });
      assert.equal(verified.error, null);
      assert.ok(verified.data.session);
      const unknown = await server.admin().auth.admin.generateLink({ type: 'recovery', email: uniqueEmail('nobody') });
      assert.equal(unknown.error?.status, 404);
      assert.equal(unknown.error?.code, 'user_not_found');
    });

    test('inviteUserByEmail mails an invite whose link signs the new user in; the user then sets a password', async () => {
      const email = uniqueEmail('invited');
      const { data, error } = await server
        .admin()
        .auth.admin.inviteUserByEmail(email, { data: { display_name: 'Guest' }, redirectTo: 'https://app.example.com/welcome' });
      assert.equal(error, null);
      assert.ok(data.user?.invited_at);
      assert.equal(data.user?.email_confirmed_at, undefined);
      const mail = (await mailTo(server, email))[0];
      assert.equal(mail?.subject, 'You have been invited');
      const { location } = await followLink(server, verifyLinkOf(mail));
      assert.equal(new URLSearchParams(location.hash.slice(1)).get('type'), 'invite');
      const tab = await openInBrowser(server, location);
      assert.deepEqual(tab.events, ['SIGNED_IN']);
      assert.equal((await tab.client.auth.updateUser({ password })).error, null);
      assert.equal((await server.client().auth.signInWithPassword({ email, password })).error, null);
      const again = await server.admin().auth.admin.inviteUserByEmail(email);
      assert.equal(again.error?.code, 'email_exists');
      const byUser = await authFetch(server, '/invite', {
        method: 'POST',
        body: JSON.stringify({ email: uniqueEmail() }),
        headers: { authorization: `Bearer ${server.anonKey}` },
        version: true,
      });
      assert.equal(byUser.status, 403);
      assert.equal((byUser.body as { code: string }).code, 'not_admin');
    });

    test('admin routes refuse anon and user tokens with not_admin, and a missing bearer with no_authorization', async () => {
      const { data } = await server.client().auth.signUp({ email: uniqueEmail(), password });
      for (const token of [server.anonKey, data.session?.access_token ?? '']) {
        const { data: list, error } = await server.client(token).auth.admin.listUsers();
        assert.deepEqual(list.users, []);
        assert.equal(error?.status, 403);
        assert.equal(error?.code, 'not_admin');
        assert.equal(error?.message, 'User not allowed');
      }
      const none = await authFetch(server, '/admin/users', { version: true, headers: { apikey: '' } });
      assert.equal(none.status, 401);
      assert.deepEqual(none.body, { code: 'no_authorization', message: 'This endpoint requires a valid Bearer token' });
      const secret = await authFetch(server, '/admin/users?per_page=1', { headers: { authorization: `Bearer ${server.keys.secretKey}` } });
      assert.equal(secret.status, 200, 'the opaque secret key is a service-role key');
      const badId = await authFetch(server, '/admin/users/not-a-uuid', {
        headers: { authorization: `Bearer ${server.serviceRoleKey}` },
        version: true,
      });
      assert.equal(badId.status, 400);
      assert.equal((badId.body as { code: string }).code, 'validation_failed');
    });
  });
}
