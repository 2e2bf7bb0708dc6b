import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, describe, test } from 'node:test';
import { startTestServer, testBackends, type TestServer } from '../support/server.ts';
import { createSlowTable, get, memberToken, probeUrl, startAttackers } from '../support/slow-caller.ts';

/**
 * One slow caller cannot stall the database for everyone: four anonymous clients, each from
 * its own address, loop a regex filter that only a statement timeout stops, and a signed-in
 * member's primary-key read is answered after at most the attacker statement running when
 * it arrived — not after every attacker's turn. Timeouts are short so the attack takes
 * seconds. On PGlite the bound is counted in attacker statements ended while the member
 * waits (the machine's speed decides how long replacing a stopped worker takes, not the
 * order); on PostgreSQL the member's read ends before one attacker statement could.
 */
/** Anonymous statements stop after 300 ms on PGlite (one engine) and 2 s on PostgreSQL (one connection each). */
const anonTimeoutMs = { pglite: 300, postgres: 2000 } as const;

for (const backend of testBackends()) {
  describe(`slow callers on ${backend}`, { timeout: 300_000 }, () => {
    let server: TestServer;
    let token: string;
    before(async () => {
      const statementTimeoutsMs = { anon: anonTimeoutMs[backend], authenticated: 8000, default: 8000 };
      server = await startTestServer(backend, {
        project: new URL('../fixtures/rest', import.meta.url).pathname,
        override: { statementTimeoutsMs },
      });
      await createSlowTable(server.db, server.url, server.anonKey);
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
          if (backend === 'pglite') {
            // One engine: the statement running when the probe arrived, plus one answer
            // possibly already on its way; a queue in arrival order would end all four first.
            assert.ok(ended <= 2, `${ended} attacker statements ended while the member waited ${answer.ms.toFixed(0)} ms`);
          } else {
            // A connection per transaction: the member waits for no attacker statement at all.
            assert.ok(
              answer.ms < anonTimeoutMs.postgres,
              `the member waited ${answer.ms.toFixed(0)} ms (${ended} attacker statements ended)`,
            );
          }
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
