/**
 * A deleted member's username answers "left" to `member_left`, for visitors and members alike;
 * nothing else about the person is kept or readable, strange input answers no, and a username
 * taken again by a new member is no longer a former one (decision 193).
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startInProcessTestServer, testBackends, type TestServer } from '../support/server.ts';
import { anonClient, createMember, serviceClient, sql, withoutSeed } from './support.ts';

for (const backend of testBackends()) {
  describe(`former members on ${backend}`, () => {
    let server: TestServer;
    before(async () => {
      server = await startInProcessTestServer(backend, withoutSeed);
    });
    after(() => server?.close());

    const left = async (username: string | null, client = anonClient(server)) => {
      const { data, error } = await client.rpc('member_left', { username: username as string });
      assert.equal(error, null);
      return data;
    };

    test('a member who deleted their account has left; a living or unknown name has not', async () => {
      const member = await createMember(server, { username: `leaver_${Date.now().toString(36).slice(-6)}` });
      const reader = await createMember(server);
      assert.equal(await left(member.username), false, 'still a member');
      assert.equal((await serviceClient(server).auth.admin.deleteUser(member.id)).error, null);
      assert.equal(await left(member.username), true);
      assert.equal(await left(member.username.toUpperCase()), true, 'usernames are case-insensitive');
      assert.equal(await left(member.username, reader.client), true, 'members see the same');
      assert.equal(await left('never_was_here'), false);
      assert.equal(await left(reader.username), false);
    });

    test('only the username is kept, and no API role can read the table', async () => {
      const member = await createMember(server, { username: `kept_${Date.now().toString(36).slice(-6)}` });
      await serviceClient(server).auth.admin.deleteUser(member.id);
      const columns = await sql<{ column_name: string }>(
        server,
        `select column_name from information_schema.columns where table_schema = 'private' and table_name = 'former_usernames'`,
      );
      assert.deepEqual(
        columns.map((c) => c.column_name),
        ['username'],
      );
      for (const role of ['anon', 'authenticated']) {
        const [row] = await sql<{ can: boolean }>(server, `select has_table_privilege($1, 'private.former_usernames', 'select') as can`, [
          role,
        ]);
        assert.equal(row?.can, false, role);
      }
      const direct = await anonClient(server)
        .from('former_usernames' as 'profiles')
        .select('*');
      assert.notEqual(direct.error, null);
    });

    test('a username taken again belongs to the new member', async () => {
      const name = `again_${Date.now().toString(36).slice(-6)}`;
      const first = await createMember(server, { username: name });
      await serviceClient(server).auth.admin.deleteUser(first.id);
      assert.equal(await left(name), true);
      await createMember(server, { username: name });
      assert.equal(await left(name), false);
    });

    test('hostile input answers no without an error', async () => {
      for (const input of ['', 'x'.repeat(10_000), "a'; drop table public.profiles; --", '%', '_'.repeat(5), null]) {
        assert.equal(await left(input), false, String(input).slice(0, 20));
      }
      const [profiles] = await sql<{ n: number }>(server, `select count(*)::int as n from public.profiles`);
      assert.ok((profiles?.n ?? 0) > 0);
    });
  });
}
