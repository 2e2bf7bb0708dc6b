import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, describe, test } from 'node:test';
import { startTestServer, type TestServer, testBackends } from '../support/server.ts';
import { createSlowTable, get, memberToken, probeUrl, startAttackers } from '../support/slow-caller.ts';

/**
 * One slow caller cannot stall the database for everyone: four anonymous clients, each from
 * its own address, loop a regex filter that only a statement timeout stops, and a signed-in
 * member's primary-key read is answered after at most the attacker statement running when
 * it arrived — not after every attacker's turn. Timeouts are short so the attack takes
 * seconds; the bound is counted in attacker statements ended while the member waits (the
 * machine's speed decides how long a restart of the embedded database takes, not the order).
 */
const timeouts = { anon: 300, authenticated: 8000, default: 8000 };

for (const backend of testBackends()) {
  describe(`slow callers on ${backend}`, { timeout: 300_000 }, () => {
    let server: TestServer;
    let token: string;
    before(async () => {
      server = await startTestServer(backend, {
        project: new URL('../fixtures/rest', import.meta.url).pathname,
        override: { statementTimeoutsMs: timeouts },
      });
      await createSlowTable(server.db);
      token = await memberToken(server.url, server.anonKey, server.serviceRoleKey);
    });
    after(() => server?.close());

    test("a member's read waits for at most the attacker statement running now", async () => {
      const attack = startAttackers(server.url, server.anonKey, 4);
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      try {
        await attack.firstRound;
        for (const id of [1, 2]) {
          const before = attack.answered();
          const answer = await get(probeUrl(server.url, id), { apikey: server.anonKey, authorization: `Bearer ${token}` }, agent);
          const ended = attack.answered() - before;
          assert.equal(answer.status, 200, answer.body);
          assert.deepEqual(JSON.parse(answer.body), [{ id }]);
          // The statement running when the probe arrived, plus one answer possibly already
          // on its way; a queue in arrival order would end all four first.
          assert.ok(ended <= 2, `${ended} attacker statements ended while the member waited ${answer.ms.toFixed(0)} ms`);
        }
      } finally {
        agent.destroy();
        const answers = await attack.stop();
        assert.ok(answers.length >= 4);
        for (const a of answers) {
          assert.equal(a.status, 500, a.body);
          assert.equal((JSON.parse(a.body) as { code: string }).code, '57014');
        }
      }
    });
  });
}
