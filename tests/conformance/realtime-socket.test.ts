import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import WebSocket from 'ws';
import { Inbox, rawSocket, realtimeProject, refusedUpgrade, socketUrl, subscribe, userToken } from '../fixtures/realtime/helpers.ts';
import { conformanceTargets, type ConformanceTarget } from '../support/target.ts';

type Msg = unknown[];
const isReply = (ref: string) => (m: unknown) => Array.isArray(m) && m[1] === ref && m[3] === 'phx_reply';

for (const target of conformanceTargets({ listen: true })) {
  describe(`realtime socket protocol on ${target.name}`, () => {
    let server: ConformanceTarget;
    before(async () => {
      server = await target.start(realtimeProject);
    });
    after(() => server?.close());

    test('refuses the upgrade without a valid key, with the real status and body', async () => {
      assert.deepEqual(await refusedUpgrade(socketUrl(server, { vsn: '2.0.0' })), { status: 401, body: '{"error":"API key is missing"}' });
      assert.deepEqual(await refusedUpgrade(socketUrl(server, { apikey: 'garbage', vsn: '2.0.0' })), {
        status: 401,
        body: '{"error":"The token provided is not a valid JWT"}',
      });
      const expired = await userToken(server, undefined, -60);
      assert.deepEqual(await refusedUpgrade(socketUrl(server, { apikey: expired, vsn: '2.0.0' })), {
        status: 401,
        body: '{"error":"Token has expired"}',
      });
      const noExp = await new SignJWT({ role: 'anon' }).setProtectedHeader({ alg: 'HS256' }).sign(server.keys.secret);
      assert.deepEqual(await refusedUpgrade(socketUrl(server, { apikey: noExp, vsn: '2.0.0' })), {
        status: 401,
        body: '{"error":"Fields `role` and `exp` are required in JWT"}',
      });
      const wrongKey = await new SignJWT({ role: 'anon', exp: 2e9 })
        .setProtectedHeader({ alg: 'HS256' })
        .sign(new TextEncoder().encode('x'.repeat(40)));
      assert.deepEqual(await refusedUpgrade(socketUrl(server, { apikey: wrongKey, vsn: '2.0.0' })), {
        status: 401,
        body: '{"error":"Failed to validate JWT signature"}',
      });
    });

    test('accepts the opaque publishable key, answers heartbeats and echoes join_ref (vsn 2.0.0)', async () => {
      const s = await rawSocket(server, { apikey: server.keys.publishableKey, vsn: '2.0.0' });
      s.send([null, '1', 'phoenix', 'heartbeat', {}]);
      assert.deepEqual(await s.next(isReply('1')), [null, '1', 'phoenix', 'phx_reply', { status: 'ok', response: {} }]);
      s.send([
        '7',
        '8',
        'realtime:lobby',
        'phx_join',
        { config: { broadcast: { self: true }, presence: { key: '' }, private: false }, access_token: server.anonKey },
      ]);
      assert.deepEqual(await s.next(isReply('8')), [
        '7',
        '8',
        'realtime:lobby',
        'phx_reply',
        { status: 'ok', response: { postgres_changes: [] } },
      ]);
      s.send(['7', '9', 'realtime:lobby', 'broadcast', { type: 'broadcast', event: 'ping', payload: { a: 1 } }]);
      assert.deepEqual(await s.next((m) => Array.isArray(m) && m[3] === 'broadcast'), [
        null,
        null,
        'realtime:lobby',
        'broadcast',
        { type: 'broadcast', event: 'ping', payload: { a: 1 } },
      ]);
      s.send(['99', '10', 'realtime:nowhere', 'broadcast', {}]);
      assert.deepEqual(await s.next(isReply('10')), [
        '99',
        '10',
        'realtime:nowhere',
        'phx_reply',
        { status: 'error', response: { reason: 'unmatched topic' } },
      ]);
      s.send(['7', '11', 'realtime:lobby', 'phx_leave', {}]);
      assert.deepEqual(await s.next(isReply('11')), ['7', '11', 'realtime:lobby', 'phx_reply', { status: 'ok', response: {} }]);
      assert.deepEqual(await s.next((m) => Array.isArray(m) && m[3] === 'phx_close'), ['7', '7', 'realtime:lobby', 'phx_close', {}]);
      s.send(['1', '12', 'realtime:', 'phx_join', { config: {} }]);
      assert.deepEqual(await s.next(isReply('12')), [
        '1',
        '12',
        'realtime:',
        'phx_reply',
        { status: 'error', response: { reason: 'TopicNameRequired: You must provide a topic name' } },
      ]);
      s.ws.close();
    });

    test('speaks vsn 1.0.0 JSON objects', async () => {
      const s = await rawSocket(server, { apikey: server.anonKey, vsn: '1.0.0' });
      s.send({ topic: 'realtime:v1room', event: 'phx_join', payload: { config: { broadcast: { self: true } } }, ref: '1', join_ref: '1' });
      assert.deepEqual(await s.next((m) => (m as { ref?: string }).ref === '1'), {
        topic: 'realtime:v1room',
        event: 'phx_reply',
        payload: { status: 'ok', response: { postgres_changes: [] } },
        ref: '1',
      });
      s.send({
        topic: 'realtime:v1room',
        event: 'broadcast',
        payload: { type: 'broadcast', event: 'e', payload: { v: 1 } },
        ref: '2',
        join_ref: '1',
      });
      assert.deepEqual(await s.next((m) => (m as { event?: string }).event === 'broadcast'), {
        topic: 'realtime:v1room',
        event: 'broadcast',
        payload: { type: 'broadcast', event: 'e', payload: { v: 1 } },
        ref: null,
      });
      s.ws.close();
    });

    test('supabase-js on vsn 1.0.0 sends and receives broadcasts', async () => {
      const make = () =>
        createClient(server.url, server.anonKey, {
          global: { fetch: server.fetch },
          auth: { persistSession: false },
          realtime: { transport: WebSocket as never, vsn: '1.0.0', heartbeatIntervalMs: 200 },
        });
      const [a, b] = [make(), make()];
      const inbox = new Inbox<unknown>();
      const receiver = a.channel('v1-js').on('broadcast', { event: 'e' }, (m) => inbox.push(m.payload));
      const sender = b.channel('v1-js', { config: { broadcast: { ack: true } } });
      assert.equal((await subscribe(receiver)).status, 'SUBSCRIBED');
      assert.equal((await subscribe(sender)).status, 'SUBSCRIBED');
      assert.equal(await sender.send({ type: 'broadcast', event: 'e', payload: { over: 'v1' } }), 'ok');
      assert.deepEqual(await inbox.waitFor(1), [{ over: 'v1' }]);
      await a.removeAllChannels();
      await b.removeAllChannels();
    });

    test('refuses a join with an expired or malformed access_token', async () => {
      const s = await rawSocket(server, { apikey: server.anonKey, vsn: '2.0.0' });
      s.send(['1', '1', 'realtime:a', 'phx_join', { config: {}, access_token: await userToken(server, undefined, -30) }]);
      const reply = (await s.next(isReply('1'))) as Msg;
      assert.match(
        String((reply[4] as { response: { reason: string } }).response.reason),
        /^InvalidJWTToken: Token has expired \d+ seconds ago$/,
      );
      s.send(['2', '2', 'realtime:b', 'phx_join', { config: {}, access_token: 'abc.def' }]);
      assert.deepEqual(((await s.next(isReply('2'))) as Msg)[4], {
        status: 'error',
        response: { reason: 'MalformedJWT: The token provided is not a valid JWT' },
      });
      s.ws.close();
    });

    test('an access_token that expires closes the channel with a system message', async () => {
      const s = await rawSocket(server, { apikey: server.anonKey, vsn: '2.0.0' });
      s.send(['1', '1', 'realtime:exp', 'phx_join', { config: {}, access_token: await userToken(server) }]);
      await s.next(isReply('1'));
      s.send(['1', null, 'realtime:exp', 'access_token', { access_token: await userToken(server, undefined, 1) }]);
      const beat = setInterval(() => s.send([null, 'hb', 'phoenix', 'heartbeat', {}]), 150);
      const system = (await s.next((m) => Array.isArray(m) && m[3] === 'system', 4000).finally(() => clearInterval(beat))) as Msg;
      assert.equal((system[4] as { extension: string }).extension, 'system');
      assert.match((system[4] as { message: string }).message, /^Token has expired \d+ seconds ago$/);
      assert.deepEqual(await s.next((m) => Array.isArray(m) && m[3] === 'phx_close'), ['1', '1', 'realtime:exp', 'phx_close', {}]);
      s.ws.close();
    });

    test('an invalid access_token swap closes the channel at once', async () => {
      const s = await rawSocket(server, { apikey: server.anonKey, vsn: '2.0.0' });
      s.send(['1', '1', 'realtime:swap', 'phx_join', { config: {} }]);
      await s.next(isReply('1'));
      s.send(['1', null, 'realtime:swap', 'access_token', { access_token: 'not.a.jwt' }]);
      assert.deepEqual(await s.next((m) => Array.isArray(m) && m[3] === 'system'), [
        null,
        null,
        'realtime:swap',
        'system',
        { extension: 'system', status: 'error', message: 'The token provided is not a valid JWT', channel: 'swap' },
      ]);
      s.ws.close();
    });
  });
}
