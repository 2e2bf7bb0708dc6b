import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ada, brian, rest, startRestServer, userToken } from '../fixtures/rest/support.ts';
import { eventually } from '../support/eventually.ts';
import { conformanceTargets, type ConformanceTarget } from '../support/target.ts';

/**
 * The same request shapes, over and over, from different callers: whatever a server keeps
 * between requests on its database connections (prepared statements, plans, settings), each
 * request sees its own role, claims and rows, and a schema change is followed.
 */
for (const target of conformanceTargets()) {
  describe(`REST repeated request shapes on ${target.name}`, () => {
    let server: ConformanceTarget;
    let tokens: Record<'ada' | 'brian', string>;
    before(async () => {
      server = await startRestServer(target);
      tokens = { ada: await userToken(server, ada), brian: await userToken(server, brian) };
    });
    after(() => server?.close());

    const as = (who: 'ada' | 'brian' | 'anon'): Record<string, string> =>
      who === 'anon' ? {} : { Authorization: `Bearer ${tokens[who]}` };

    test('row-level security and claims stay per request when one query shape repeats across callers, in parallel', async () => {
      const expected = { ada: [1, 2], brian: [1, 3], anon: [1] };
      const callers = ['ada', 'brian', 'anon'] as const;
      // 20 rounds of the three callers at once: more uses than PostgreSQL needs to switch a
      // prepared statement to a generic plan, spread over several pooled connections.
      for (let round = 0; round < 20; round++) {
        const answers = await Promise.all(
          callers.flatMap((who) => [
            rest(server, '/notes?select=id&order=id', { headers: as(who) }).then(async (res) => ({
              who,
              kind: 'rows' as const,
              status: res.status,
              body: (await res.json()) as Array<{ id: number }>,
            })),
            rest(server, '/rpc/who_am_i', { method: 'POST', headers: { 'Content-Type': 'application/json', ...as(who) }, body: '{}' }).then(
              async (res) => ({
                who,
                kind: 'who' as const,
                status: res.status,
                body: (await res.json()) as { role: string; sub: string | null },
              }),
            ),
          ]),
        );
        for (const answer of answers) {
          assert.equal(answer.status, 200, `${answer.who} ${answer.kind}`);
          if (answer.kind === 'rows') {
            assert.deepEqual(
              answer.body.map((r) => r.id),
              expected[answer.who],
              `round ${round}: ${answer.who} sees only the notes its policy allows`,
            );
          } else {
            const { role, sub } = answer.body;
            assert.deepEqual(
              { role, sub: sub ?? null },
              answer.who === 'anon' ? { role: 'anon', sub: null } : { role: 'authenticated', sub: answer.who === 'ada' ? ada : brian },
              `round ${round}: ${answer.who}'s claims`,
            );
          }
        }
      }
    });

    test('a column whose type changed is filtered by its new type after the schema reloads', async () => {
      await server.db.transaction({ kind: 'system' }, (tx) =>
        tx.exec(`
          create table public.shape_probe (id int primary key, code int not null);
          insert into public.shape_probe values (1, 7), (2, 8);
          grant select on public.shape_probe to anon;
          notify pgrst, 'reload schema';`),
      );
      const read = (code: string) => rest(server, `/shape_probe?select=id&code=eq.${code}`);
      await eventually(async () => ((await read('7')).status === 200 ? true : null));
      for (let i = 0; i < 8; i++) assert.deepEqual(await (await read(i % 2 ? '7' : '8')).json(), [{ id: i % 2 ? 1 : 2 }]);

      await server.db.transaction({ kind: 'system' }, (tx) =>
        tx.exec(`
          alter table public.shape_probe alter column code type text using 'c' || code;
          notify pgrst, 'reload schema';`),
      );
      // The same request shape, now with a value only a text column takes.
      const res = await eventually(async () => {
        const r = await read('c7');
        return r.status === 200 ? r : null;
      });
      assert.deepEqual(await res.json(), [{ id: 1 }]);
      for (let i = 0; i < 4; i++) assert.deepEqual(await (await read('c8')).json(), [{ id: 2 }]);
    });

    test("a function's overloads are resolved anew after each schema reload", async () => {
      const call = (args: Record<string, number>) =>
        rest(server, '/rpc/overload_probe', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(args),
        });
      const answer = async (args: Record<string, number>) => {
        const res = await call(args);
        const body = (await res.json()) as unknown;
        return { status: res.status, body: res.status === 200 ? body : (body as { code: string }).code };
      };
      const reloaded = (args: Record<string, number>, expected: { status: number; body: unknown }) =>
        eventually(async () => {
          const got = await answer(args);
          return got.status === expected.status && got.body === expected.body ? got : null;
        });
      for (let i = 0; i < 3; i++) assert.deepEqual(await answer({ a: 1 }), { status: 404, body: 'PGRST202' });
      await server.db.transaction({ kind: 'system' }, (tx) =>
        tx.exec(`
          create function public.overload_probe(a int) returns text language sql immutable as $$ select 'one' $$;
          notify pgrst, 'reload schema';`),
      );
      await reloaded({ a: 1 }, { status: 200, body: 'one' });
      for (let i = 0; i < 6; i++) {
        assert.deepEqual(await answer({ a: 1 }), { status: 200, body: 'one' });
        assert.deepEqual(await answer({ a: 1, b: 2 }), { status: 404, body: 'PGRST202' });
      }
      await server.db.transaction({ kind: 'system' }, (tx) =>
        tx.exec(`
          create function public.overload_probe(a int, b int) returns text language sql immutable as $$ select 'two' $$;
          notify pgrst, 'reload schema';`),
      );
      await reloaded({ a: 1, b: 2 }, { status: 200, body: 'two' });
      for (let i = 0; i < 6; i++) {
        assert.deepEqual(await answer({ a: 1 }), { status: 200, body: 'one' });
        assert.deepEqual(await answer({ a: 1, b: 2 }), { status: 200, body: 'two' });
      }
      await server.db.transaction({ kind: 'system' }, (tx) =>
        tx.exec(`
          drop function public.overload_probe(int);
          notify pgrst, 'reload schema';`),
      );
      await reloaded({ a: 1 }, { status: 404, body: 'PGRST202' });
      for (let i = 0; i < 6; i++) {
        assert.deepEqual(await answer({ a: 1 }), { status: 404, body: 'PGRST202' });
        assert.deepEqual(await answer({ a: 1, b: 2 }), { status: 200, body: 'two' });
      }
    });

    test('hundreds of distinct query shapes, each repeated, all answer correctly', async () => {
      // Distinct aliases give distinct statements: more than a connection keeps prepared.
      for (let k = 0; k < 300; k++) {
        for (let repeat = 0; repeat < 2; repeat++) {
          const res = await rest(server, `/numbers?select=v${k}:n&n=eq.${(k % 1500) + 1}`);
          assert.equal(res.status, 200);
          assert.deepEqual(await res.json(), [{ [`v${k}`]: (k % 1500) + 1 }]);
        }
      }
    });
  });
}
