/**
 * Attack: learn which moderator acted. Visitors and members try every way PostgREST offers
 * (the table, the column, an embed of the moderator's profile, a filter on the column, the
 * public view) and get the log without `moderator_id`; moderators and admins still see it.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { anonClient, createMember, unwrap, withoutSeed, type Member } from '../data/support.ts';
import { startInProcessTestServer, testBackends, type TestServer } from '../support/server.ts';

const embed = 'id, moderator_id, moderator:profiles!moderation_actions_moderator_id_fkey(username)';

for (const backend of testBackends()) {
  describe(`moderation log identity on ${backend}`, () => {
    let server: TestServer;
    let member: Member;
    let moderator: Member;
    let admin: Member;
    let action: string;

    before(async () => {
      server = await startInProcessTestServer(backend, withoutSeed);
      [member, moderator, admin] = await Promise.all([
        createMember(server),
        createMember(server, { role: 'moderator' }),
        createMember(server, { role: 'admin' }),
      ]);
      const place = unwrap(
        await member.client.from('places').insert({ name: 'Spam corner', category: 'other', lat: 1, lng: 1 }).select('id').single(),
      ).id;
      action = unwrap(await moderator.client.rpc('hide_content', { target_type: 'place', target_id: place, reason: 'Spam' })).id;
    });
    after(() => server?.close());

    test('a visitor is refused the table, whatever the columns', async () => {
      const anon = anonClient(server);
      for (const columns of ['moderator_id', '*', 'id', embed]) {
        const { error, status } = await anon.from('moderation_actions').select(columns).eq('id', action);
        assert.equal(error?.code, '42501', columns);
        assert.equal(status, 401, columns);
      }
    });

    test('a member reads no rows of the table: not the column, not an embed, not by a filter on it', async () => {
      assert.deepEqual(unwrap(await member.client.from('moderation_actions').select('moderator_id').eq('id', action)), []);
      assert.deepEqual(unwrap(await member.client.from('moderation_actions').select(embed)), []);
      assert.deepEqual(unwrap(await member.client.from('moderation_actions').select('id').eq('moderator_id', moderator.id)), []);
      const counted = await member.client.from('moderation_actions').select('id', { count: 'exact', head: true });
      assert.equal(counted.count, 0);
    });

    test('the public log has every column but the moderator, for visitors and members alike', async () => {
      for (const client of [anonClient(server), member.client]) {
        const [row] = unwrap(await client.from('moderation_log').select('*').eq('id', action));
        assert.deepEqual(Object.keys(row ?? {}).sort(), ['action', 'created_at', 'details', 'id', 'reason', 'target_id', 'target_type']);
        assert.equal((await client.from('moderation_log').select('moderator_id')).error?.code, '42703');
        assert.equal(
          (
            await client
              .from('moderation_log')
              .select('id')
              .eq('moderator_id' as 'id', moderator.id)
          ).error?.code,
          '42703',
        );
        assert.equal((await client.from('moderation_log').select('id, profiles(username)')).error?.code, 'PGRST200');
      }
    });

    test('the public log cannot be written through', async () => {
      const write = await member.client
        .from('moderation_log')
        .update({ reason: 'Rewritten' } as never)
        .eq('id', action)
        .select('id');
      assert.equal(write.error?.code, '42501');
      const [row] = unwrap(await anonClient(server).from('moderation_log').select('reason').eq('id', action));
      assert.equal(row?.reason, 'Spam');
    });

    test('moderators and admins still see who acted', async () => {
      for (const staff of [moderator, admin]) {
        const rows = unwrap(await staff.client.from('moderation_actions').select(embed).eq('id', action));
        assert.deepEqual(rows, [{ id: action, moderator_id: moderator.id, moderator: { username: moderator.username } }]);
      }
    });
  });
}
