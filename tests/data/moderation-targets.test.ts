/**
 * Every kind of content is moderated by the same functions: a reply, a public list and a note
 * on one, hidden and restored by a moderator through supabase-js in one database, each touching
 * its own row only, each logged with its public context, and each reaching its author (and a
 * reporter) as a notification.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startInProcessTestServer, testBackends, type TestServer } from '../support/server.ts';
import { createMember, serviceClient, sql, unwrap, withoutSeed, type Member } from './support.ts';

for (const backend of testBackends()) {
  describe(`moderating replies, lists and list notes together on ${backend}`, () => {
    let server: TestServer;
    let moderator: Member;
    let reviewer: Member;
    let replier: Member;
    let listOwner: Member;
    let noteAuthor: Member;
    let reporter: Member;
    const ids = { place: '', review: '', reply: '', list: '', note: '' };

    const one = async (text: string, params: unknown[]) => (await sql<{ id: string }>(server, text, params))[0]?.id ?? '';

    before(async () => {
      server = await startInProcessTestServer(backend, withoutSeed);
      [moderator, reviewer, replier, listOwner, noteAuthor, reporter] = await Promise.all([
        createMember(server, { role: 'moderator' }),
        createMember(server),
        createMember(server),
        createMember(server),
        createMember(server),
        createMember(server),
      ]);
      ids.place = await one(`insert into places (name, category, lat, lng) values ('Corner Café', 'cafe', 1, 1) returning id`, []);
      ids.review = await one(
        `insert into reviews (place_id, author_id, rating, body) values ($1, $2, 4, 'Good coffee and a friendly barista who knows the regulars.') returning id`,
        [ids.place, reviewer.id],
      );
      ids.reply = await one(`insert into review_replies (review_id, author_id, body) values ($1, $2, 'Rude reply') returning id`, [
        ids.review,
        replier.id,
      ]);
      ids.list = await one(`insert into lists (owner_id, name, visibility) values ($1, 'Coffee', 'public') returning id`, [listOwner.id]);
      await sql(server, `insert into list_members (list_id, user_id, role, invited_by, accepted_at) values ($1, $2, 'editor', $3, now())`, [
        ids.list,
        noteAuthor.id,
        listOwner.id,
      ]);
      ids.note = await one(`insert into list_places (list_id, place_id, added_by, note) values ($1, $2, $3, 'Rude note') returning id`, [
        ids.list,
        ids.place,
        noteAuthor.id,
      ]);
    });
    after(async () => {
      await server?.close();
    });

    const hiddenNow = async () =>
      (
        await sql<{ kind: string; hidden: boolean }>(
          server,
          `select 'review' as kind, hidden_at is not null as hidden from reviews where id = $1
           union all select 'reply', hidden_at is not null from review_replies where id = $2
           union all select 'list', hidden_at is not null from lists where id = $3
           union all select 'list_note', note_hidden_at is not null from list_places where id = $4`,
          [ids.review, ids.reply, ids.list, ids.note],
        )
      ).reduce<Record<string, boolean>>((all, row) => ({ ...all, [row.kind]: row.hidden }), {});

    test('a report of the list is taken, and hiding each target touches that row only', async () => {
      unwrap(await reporter.client.from('reports').insert({ target_type: 'list', target_id: ids.list, reason: 'offensive' }).select('id'));
      unwrap(await moderator.client.rpc('hide_content', { target_type: 'reply', target_id: ids.reply, reason: 'Insults' }));
      assert.deepEqual(await hiddenNow(), { review: false, reply: true, list: false, list_note: false });
      unwrap(await moderator.client.rpc('hide_content', { target_type: 'list_note', target_id: ids.note, reason: 'Insults' }));
      assert.deepEqual(await hiddenNow(), { review: false, reply: true, list: false, list_note: true });
      unwrap(await moderator.client.rpc('hide_content', { target_type: 'list', target_id: ids.list, reason: 'Spam list' }));
      assert.deepEqual(await hiddenNow(), { review: false, reply: true, list: true, list_note: true });
    });

    test('the public log names each action with its context, never the hidden text', async () => {
      const log = unwrap(
        await serviceClient(server)
          .from('moderation_actions')
          .select('target_type, target_id, action, reason, details')
          .order('created_at'),
      );
      const byType = Object.fromEntries(log.map((row) => [row.target_type, row]));
      assert.deepEqual(byType.reply?.details, { place_id: ids.place, review_id: ids.review });
      assert.deepEqual(byType.list_note?.details, { list_id: ids.list });
      assert.equal(byType.list?.reason, 'Spam list');
      assert.doesNotMatch(JSON.stringify(log), /Rude/);
    });

    test('each author hears of the hide with the public reason, and the reporter of the outcome', async () => {
      const notices = async (member: Member) =>
        unwrap(await member.client.from('notifications').select('kind, target_type, target_id, reason, list_id, review_id'));
      assert.deepEqual(await notices(replier), [
        { kind: 'content_hidden', target_type: 'reply', target_id: ids.reply, reason: 'Insults', list_id: null, review_id: ids.review },
      ]);
      assert.deepEqual(await notices(noteAuthor), [
        { kind: 'content_hidden', target_type: 'list_note', target_id: ids.note, reason: 'Insults', list_id: ids.list, review_id: null },
      ]);
      assert.deepEqual(await notices(listOwner), [
        { kind: 'content_hidden', target_type: 'list', target_id: ids.list, reason: 'Spam list', list_id: ids.list, review_id: null },
      ]);
      assert.deepEqual(await notices(reporter), [
        { kind: 'report_resolved', target_type: 'list', target_id: ids.list, reason: 'Spam list', list_id: ids.list, review_id: null },
      ]);
    });

    test('restoring each brings back that row only, and tells its author', async () => {
      for (const [type, id] of [
        ['reply', ids.reply],
        ['list', ids.list],
        ['list_note', ids.note],
      ] as const) {
        unwrap(await moderator.client.rpc('restore_content', { target_type: type, target_id: id, reason: 'Reviewed again' }));
      }
      assert.deepEqual(await hiddenNow(), { review: false, reply: false, list: false, list_note: false });
      const restored = await sql<{ target_type: string }>(
        server,
        `select target_type from notifications where kind = 'content_restored' order by target_type`,
      );
      assert.deepEqual(
        restored.map((row) => row.target_type),
        ['list', 'list_note', 'reply'],
      );
    });
  });
}
