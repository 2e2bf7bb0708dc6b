import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { rawSocket, realtimeProject } from '../fixtures/realtime/helpers.ts';
import { startTestServer, testBackends, type TestServer } from '../support/server.ts';

type Msg = unknown[];
const isReply = (ref: string) => (m: unknown) => Array.isArray(m) && m[1] === ref && m[3] === 'phx_reply';

// The socket limits this server reads from its process environment (REALTIME_*), set small here so the
// cases run in well under a second. The protocol itself is in tests/conformance/realtime-socket.test.ts.
for (const backend of testBackends()) {
  describe(`realtime socket limits on ${backend}`, () => {
    let server: TestServer;
    before(async () => {
      process.env.REALTIME_HEARTBEAT_TIMEOUT_MS = '600';
      process.env.REALTIME_MAX_PAYLOAD_BYTES = '10000';
      server = await startTestServer(backend, { project: realtimeProject });
    });
    after(async () => {
      delete process.env.REALTIME_HEARTBEAT_TIMEOUT_MS;
      delete process.env.REALTIME_MAX_PAYLOAD_BYTES;
      await server?.close();
    });

    test('drops a client that stops sending heartbeats', async () => {
      const s = await rawSocket(server, { apikey: server.anonKey, vsn: '2.0.0' });
      const started = Date.now();
      const closed = await s.closed;
      assert.ok(Date.now() - started >= 500, 'not before the timeout');
      assert.equal(closed.code, 1000);
    });

    test('garbage frames close the socket; oversized payloads are refused; the server carries on', async () => {
      const garbage = await rawSocket(server, { apikey: server.anonKey, vsn: '2.0.0' });
      garbage.send('this is not json');
      assert.equal((await garbage.closed).code, 1007);
      const binary = await rawSocket(server, { apikey: server.anonKey, vsn: '2.0.0' });
      binary.send(Buffer.from([9, 9, 9]));
      assert.equal((await binary.closed).code, 1007);
      const big = await rawSocket(server, { apikey: server.anonKey, vsn: '2.0.0' });
      big.send(['1', '1', 'realtime:big', 'phx_join', { config: { broadcast: { ack: true } } }]);
      await big.next(isReply('1'));
      big.send(['1', '2', 'realtime:big', 'broadcast', { type: 'broadcast', event: 'e', payload: { s: 'x'.repeat(15_000) } }]);
      assert.deepEqual(((await big.next(isReply('2'))) as Msg)[4], { status: 'error', response: 'payload_size_exceeded' });
      big.send(['1', '3', 'realtime:big', 'no_such_event', {}]);
      assert.deepEqual(((await big.next(isReply('3'))) as Msg)[4], {
        status: 'error',
        response: { reason: 'Unexpected message from client of type `no_such_event`' },
      });
      big.send([null, '4', 'phoenix', 'heartbeat', {}]);
      await big.next(isReply('4'));
      big.send(Buffer.alloc(100_000, 1).toString());
      assert.ok([1007, 1009].includes((await big.closed).code));
      const fine = await rawSocket(server, { apikey: server.anonKey, vsn: '2.0.0' });
      fine.send([null, '1', 'phoenix', 'heartbeat', {}]);
      await fine.next(isReply('1'));
      fine.ws.close();
    });
  });
}
