/**
 * Moderating lists as clients see it through supabase-js: public lists and the notes on their
 * places are reported, hidden and restored like other content; while hidden they reach their
 * owner (the note: its author) and moderators only, and every action is in the public log.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { RealtimeChannel } from '@supabase/supabase-js';
import { startInProcessTestServer, testBackends, type TestServer } from '../support/server.ts';
import { listModerationMatrix, listRoles } from './list-matrix.ts';
import { anonClient, createMember, outcome, serviceClient, sql, unwrap, withoutSeed, type Client, type Member } from './support.ts';

type Actor = (typeof listRoles)[number];

interface Fixture {
  owner: Member;
  editor: Member;
  viewer: Member;
  member: Member;
  list: string;
  privateList: string;
  entry: string;
}

for (const backend of testBackends()) {
  describe(`list moderation on ${backend}`, () => {
    let server: TestServer;
    let moderator: Member;
    let modAal1: Member;
    let place: string;
    const channels: Client[] = [];

    before(async () => {
      server = await startInProcessTestServer(backend, { ...withoutSeed, listen: true });
      moderator = await createMember(server, { role: 'moderator' });
      modAal1 = await createMember(server, { role: 'moderator', mfa: 'aal1' });
      place =
        (await sql<{ id: string }>(server, `insert into places (name, category, lat, lng) values ('Listed', 'cafe', 1, 1) returning id`))[0]
          ?.id ?? '';
    });
    after(async () => {
      for (const client of channels) await client.removeAllChannels();
      await server?.close();
    });

    const one = async (text: string, params: unknown[]) => (await sql<{ id: string }>(server, text, params))[0]?.id ?? '';

    /** A public list owned by "owner" with an accepted editor and viewer; the editor wrote a note on it. */
    async function fixture(): Promise<Fixture> {
      const [owner, editor, viewer, member] = await Promise.all([
        createMember(server),
        createMember(server),
        createMember(server),
        createMember(server),
      ]);
      const list = await one(`insert into lists (owner_id, name, visibility) values ($1, 'Public', 'public') returning id`, [owner.id]);
      const privateList = await one(`insert into lists (owner_id, name) values ($1, 'Private') returning id`, [owner.id]);
      await sql(
        server,
        `insert into list_members (list_id, user_id, role, invited_by, accepted_at) values ($1, $2, 'editor', $4, now()), ($1, $3, 'viewer', $4, now())`,
        [list, editor.id, viewer.id, owner.id],
      );
      const entry = await one(
        `insert into list_places (list_id, place_id, added_by, note) values ($1, $2, $3, 'Rude words') returning id`,
        [list, place, editor.id],
      );
      return { owner, editor, viewer, member, list, privateList, entry };
    }

    async function hide(type: 'list' | 'list_note', id: string) {
      unwrap(await moderator.client.rpc('hide_content', { target_type: type, target_id: id, reason: 'Abusive' }));
    }

    const reported = async (type: string, id: string, reporter: string) =>
      (await sql(server, `select 1 from reports where target_type = $1 and target_id = $2 and reporter_id = $3`, [type, id, reporter]))
        .length === 1;

    async function run(name: string, actor: Actor, f: Fixture): Promise<string> {
      const clients: Record<Actor, [Client, string]> = {
        anon: [anonClient(server), f.member.id],
        member: [f.member.client, f.member.id],
        owner: [f.owner.client, f.owner.id],
        editor: [f.editor.client, f.editor.id],
        viewer: [f.viewer.client, f.viewer.id],
        moderator: [moderator.client, moderator.id],
        mod_aal1: [modAal1.client, modAal1.id],
        service: [serviceClient(server), f.member.id],
      };
      const [client, self] = clients[actor];
      const allow = (yes: boolean) => (yes ? 'allow' : 'deny');
      const report = async (type: 'list' | 'list_note', id: string) => {
        await client.from('reports').insert({ reporter_id: self, target_type: type, target_id: id, reason: 'offensive' });
        return allow(await reported(type, id, self));
      };
      const opened = async () => {
        const { data } = await client.rpc('open_list', { list_id: f.list });
        return data as { places: { note: string; note_hidden: boolean }[] } | null;
      };
      switch (name) {
        case 'note_column': {
          const { data } = await client.from('list_places').select('note').eq('id', f.entry);
          return allow((data as { note: string }[] | null)?.[0]?.note === 'Rude words');
        }
        case 'report_list':
          return report('list', f.list);
        case 'report_private':
          return report('list', f.privateList);
        case 'report_note':
          return report('list_note', f.entry);
        case 'hide_list':
          await client.rpc('hide_content', { target_type: 'list', target_id: f.list, reason: 'Spam list' });
          return allow((await sql(server, `select 1 from lists where id = $1 and hidden_at is not null`, [f.list])).length === 1);
        case 'hide_note':
          await client.rpc('hide_content', { target_type: 'list_note', target_id: f.entry, reason: 'Abusive note' });
          return allow(
            (await sql(server, `select 1 from list_places where id = $1 and note_hidden_at is not null`, [f.entry])).length === 1,
          );
        case 'hidden_list':
          return allow(((await client.from('lists').select('id').eq('id', f.list)).data?.length ?? 0) === 1);
        case 'hidden_open':
          return allow((await opened()) !== null);
        default: {
          const entry = (await opened())?.places[0];
          return allow(entry?.note === 'Rude words' && entry.note_hidden);
        }
      }
    }

    const rows = listModerationMatrix.trim().split('\n').slice(1);
    test('the moderation matrix: every case for every role', async () => {
      const observed: string[] = [];
      const expected: string[] = [];
      let f = await fixture();
      for (const row of rows) {
        const [name = '', ...cells] = row.trim().split(/\s+/);
        assert.equal(cells.length, listRoles.length);
        for (const [i, cell] of cells.entries()) {
          const actor = listRoles[i] ?? 'anon';
          // reports and hides change the fixture, so each of their cells gets its own; reading cells share one per row
          if (i === 0 || name.startsWith('report') || name.startsWith('hide')) {
            f = await fixture();
            if (name === 'hidden_list' || name === 'hidden_open') await hide('list', f.list);
            if (name === 'hidden_note') await hide('list_note', f.entry);
          }
          observed.push(`${name} ${actor}: ${await run(name, actor, f)}`);
          expected.push(`${name} ${actor}: ${cell}`);
        }
      }
      assert.deepEqual(observed, expected);
    });

    test('hiding a reported list resolves its reports, logs it publicly, and restoring brings it back', async () => {
      const f = await fixture();
      await f.member.client.from('list_follows').insert({ list_id: f.list, user_id: f.member.id });
      assert.equal(
        outcome(
          await f.member.client
            .from('reports')
            .insert({ reporter_id: f.member.id, target_type: 'list', target_id: f.list, reason: 'spam' }),
        ),
        'ok',
      );
      const queue = unwrap(await moderator.client.from('reports').select('target_type, status').eq('target_id', f.list));
      assert.deepEqual(queue, [{ target_type: 'list', status: 'open' }]);
      await hide('list', f.list);

      const visitor = anonClient(server);
      const log = unwrap(
        await visitor.from('moderation_log').select('action, target_type, reason').eq('target_type', 'list').eq('target_id', f.list),
      );
      assert.deepEqual(log, [{ action: 'hide', target_type: 'list', reason: 'Abusive' }]);
      assert.deepEqual(unwrap(await f.member.client.from('reports').select('status').eq('target_id', f.list)), [{ status: 'resolved' }]);
      // gone for the follower, the visitor and the owner's public profile listing; the owner still has it
      assert.equal(outcome(await visitor.rpc('open_list', { list_id: f.list })), 'P0002');
      assert.deepEqual(unwrap(await f.member.client.from('lists').select('id').eq('owner_id', f.owner.id)), []);
      const mine = unwrap(await f.owner.client.from('lists').select('id, hidden_at').eq('id', f.list));
      assert.equal(mine.length === 1 && mine[0]?.hidden_at !== null, true);
      // an editor of a hidden list no longer opens it
      assert.equal(outcome(await f.editor.client.rpc('open_list', { list_id: f.list })), 'P0002');
      assert.equal(
        outcome(await moderator.client.rpc('hide_content', { target_type: 'list', target_id: f.list, reason: 'Again' })),
        'P0001',
      );

      unwrap(await moderator.client.rpc('restore_content', { target_type: 'list', target_id: f.list, reason: 'Fixed by the owner' }));
      assert.equal(outcome(await visitor.rpc('open_list', { list_id: f.list })), 'ok');
      const actions = unwrap(
        await visitor.from('moderation_log').select('action').eq('target_type', 'list').eq('target_id', f.list).order('created_at'),
      );
      assert.deepEqual(
        actions.map((a) => a.action),
        ['hide', 'restore'],
      );
    });

    test('a hidden note is blanked for others, kept for its author and the export, and its log entry names its list', async () => {
      const f = await fixture();
      await hide('list_note', f.entry);
      const log = unwrap(await anonClient(server).from('moderation_log').select('target_type, details').eq('target_id', f.entry));
      assert.deepEqual(log, [{ target_type: 'list_note', details: { list_id: f.list } }]);
      const seen = unwrap(await f.viewer.client.rpc('open_list', { list_id: f.list })) as {
        places: { note: string; note_hidden: boolean }[];
      };
      assert.deepEqual(seen.places, [{ ...seen.places[0], note: '', note_hidden: false }]);
      const notes = unwrap(await f.editor.client.rpc('my_list_notes'));
      assert.deepEqual(notes, [{ id: f.entry, note: 'Rude words' }]);

      // the functions ask the auth service who calls, so the author of this note signs in for a real session
      const email = `noter_${Date.now().toString(36)}@test.pinstar.local`;
      const password = 'correct horse battery';
      assert.equal((await server.admin().auth.admin.createUser({ email, password, email_confirm: true })).error, null);
      const author = server.client() as Client;
      const signedIn = await author.auth.signInWithPassword({ email, password });
      const authorId = signedIn.data.user?.id ?? assert.fail(signedIn.error?.message);
      await sql(server, `insert into list_members (list_id, user_id, role, invited_by, accepted_at) values ($1, $2, 'editor', $3, now())`, [
        f.list,
        authorId,
        f.owner.id,
      ]);
      const other = await one(`insert into places (name, category, lat, lng) values ('Second', 'bar', 2, 2) returning id`, []);
      assert.equal(
        outcome(await author.from('list_places').insert({ list_id: f.list, place_id: other, added_by: authorId, note: 'Mine' })),
        'ok',
      );
      const entry = await one(`select id from list_places where place_id = $1`, [other]);
      await hide('list_note', entry);
      const exported = unwrap(await author.functions.invoke('export-my-data')) as { list_places: { id: string; note: string }[] };
      assert.deepEqual(
        exported.list_places.map((p) => [p.id, p.note]),
        [[entry, 'Mine']],
      );
    });

    test('a change on a list does not announce a hidden note to its members', async () => {
      const f = await fixture();
      await hide('list_note', f.entry);
      channels.push(f.viewer.client);
      const channel: RealtimeChannel = f.viewer.client.channel(`list:${f.list}`, { config: { private: true } });
      // The hiding itself is an UPDATE of the row, committed before the join: on a busy machine
      // the server can hear of it after the join and announce it then (its position still 1).
      // The change under test is the move to position 5.
      const announced: { note?: string; position?: number }[] = [];
      const arrived = new Promise<{ note?: string; position?: number }>((resolve) =>
        channel.on('broadcast', { event: 'UPDATE' }, (m) => {
          const record = (m.payload as { record: { note?: string; position?: number } }).record;
          announced.push(record);
          if (record.position === 5) resolve(record);
        }),
      );
      const status = await new Promise<string>((resolve) => {
        channel.subscribe((s) => {
          if (s === 'SUBSCRIBED' || s === 'CHANNEL_ERROR' || s === 'TIMED_OUT') resolve(s);
        });
      });
      assert.equal(status, 'SUBSCRIBED');
      assert.equal(outcome(await f.editor.client.from('list_places').update({ position: 5 }).eq('id', f.entry)), 'ok');
      const record = await arrived;
      assert.deepEqual([record?.position, record?.note], [5, '']);
      assert.deepEqual(
        announced.map((r) => r.note),
        announced.map(() => ''),
        'no announcement carries the hidden note',
      );
    });
  });
}
