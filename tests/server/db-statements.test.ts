import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { after, before, describe, test } from 'node:test';
import type { TxIdentity } from '../../server/src/db/types.ts';
import { startTestServer, testBackends, type TestServer } from '../support/server.ts';

/**
 * The database layer reuses statements (PGlite: named prepared statements, one buffer per
 * batch). What a caller sees must not change: fresh results after DDL, values bound the
 * same way on both backends, the role check, notifications after commit.
 */
const system: TxIdentity = { kind: 'system' };

for (const backend of testBackends()) {
  describe(`database statements on ${backend}`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(backend, { project: new URL('../fixtures/rest', import.meta.url).pathname });
      await server.db.transaction(system, (tx) =>
        tx.exec(
          `create table public.stmt_shape (id int primary key); insert into public.stmt_shape values (1); grant all on public.stmt_shape to service_role;`,
        ),
      );
    });
    after(() => server?.close());

    const read = () => server.db.transaction(system, async (tx) => (await tx.query('select * from public.stmt_shape order by id')).rows);

    test('a repeated select * sees columns added by DDL run through exec', async () => {
      for (let i = 0; i < 7; i++) assert.deepEqual(await read(), [{ id: 1 }]);
      await server.db.transaction(system, (tx) => tx.exec(`alter table public.stmt_shape add column label text default 'a'`));
      assert.deepEqual(await read(), [{ id: 1, label: 'a' }]);
    });

    test('a repeated select * sees columns changed by DDL run through query', async () => {
      for (let i = 0; i < 7; i++) await read();
      await server.db.transaction(system, (tx) =>
        tx.query(`alter table public.stmt_shape alter column label drop default, alter column label type int using 7`),
      );
      assert.deepEqual(await read(), [{ id: 1, label: 7 }]);
      await server.db.transaction(system, (tx) => tx.query(`alter table public.stmt_shape drop column label`));
      assert.deepEqual(await read(), [{ id: 1 }]);
    });

    test('values are bound by the parameter type the database infers', async () => {
      const row = await server.db.transaction(system, async (tx) => {
        const { rows } = await tx.query(
          `select $1::jsonb as doc, $2::text[] as tags, $3::boolean as flag, $4::int8 as big, $5::numeric as amount, $6::text as nothing, $7::bytea as raw`,
          [JSON.stringify({ a: [1, 'x'] }), ['a', 'b,c'], true, 42, '1.50', null, Buffer.from('hi')],
        );
        return rows[0];
      });
      assert.deepEqual(
        { ...row, raw: Buffer.from(row?.raw as Uint8Array).toString() },
        {
          doc: { a: [1, 'x'] },
          tags: ['a', 'b,c'],
          flag: true,
          big: 42,
          amount: '1.50',
          nothing: null,
          raw: 'hi',
        },
      );
    });

    test('a statement reused across roles follows the role (RLS and grants decided per transaction)', async () => {
      const who = (identity: TxIdentity) =>
        server.db.transaction(identity, async (tx) => (await tx.query<{ u: string }>('select current_user as u')).rows[0]?.u);
      for (let i = 0; i < 7; i++) {
        assert.equal(await who({ kind: 'request', role: 'anon' }), 'anon');
        assert.equal(await who({ kind: 'request', role: 'service_role' }), 'service_role');
      }
      for (const role of ['postgres', 'none', 'NONE', 'no_such_role']) {
        await assert.rejects(
          who({ kind: 'request', role, claims: { role } }),
          (error: unknown) =>
            error instanceof Error && 'code' in error && error.code === '22023' && error.message === `role "${role}" does not exist`,
        );
      }
      assert.equal(await who({ kind: 'request', role: 'anon' }), 'anon');
    });

    test('a role authenticator loses is refused from the next transaction on', async () => {
      const who = () =>
        server.db.transaction(
          { kind: 'request', role: 'stmt_role' },
          async (tx) => (await tx.query<{ u: string }>('select current_user as u')).rows[0]?.u,
          { single: true, readOnly: true },
        );
      await server.db.transaction(system, (tx) =>
        tx.exec(
          `do $$ begin if not exists (select 1 from pg_roles where rolname = 'stmt_role') then create role stmt_role nologin; end if; end $$; grant stmt_role to authenticator;`,
        ),
      );
      for (let i = 0; i < 3; i++) assert.equal(await who(), 'stmt_role');
      await server.db.transaction(system, (tx) => tx.query('revoke stmt_role from authenticator'));
      await assert.rejects(who(), (error: unknown) => error instanceof Error && 'code' in error && error.code === '22023');
      await server.db.transaction(system, (tx) => tx.exec('grant stmt_role to authenticator'));
      assert.equal(await who(), 'stmt_role');
      await server.db.transaction(system, (tx) => tx.exec('revoke stmt_role from authenticator'));
      await assert.rejects(who(), (error: unknown) => error instanceof Error && 'code' in error && error.code === '22023');
    });

    test('many distinct statements stay correct past the statement cache size', async () => {
      const sums = await server.db.transaction(system, async (tx) => {
        const out: number[] = [];
        for (let i = 0; i < 300; i++) out.push(Number((await tx.query<{ n: number }>(`select $1::int + ${i} as n`, [1])).rows[0]?.n));
        return out;
      });
      assert.deepEqual(
        sums,
        Array.from({ length: 300 }, (_, i) => i + 1),
      );
      assert.deepEqual((await server.db.transaction(system, (tx) => tx.query<{ n: number }>('select $1::int + 0 as n', [5]))).rows, [
        { n: 5 },
      ]);
    });

    test('an error rolls the transaction back and the next one starts clean', async () => {
      await assert.rejects(
        server.db.transaction(system, async (tx) => {
          await tx.query(`insert into public.stmt_shape (id) values ($1)`, [2]);
          await tx.query(`insert into public.stmt_shape (id) values ($1)`, [2]);
        }),
        (error: unknown) => typeof error === 'object' && error !== null && 'code' in error && error.code === '23505',
      );
      assert.deepEqual(await read(), [{ id: 1 }]);
    });

    test('a single-statement transaction commits with its statement, rolls back on its error, refuses a second one', async () => {
      const anon: TxIdentity = { kind: 'request', role: 'service_role' };
      const inserted = await server.db.transaction(
        anon,
        async (tx) => (await tx.query(`insert into public.stmt_shape (id) values ($1) returning id`, [10])).rows,
        { single: true },
      );
      assert.deepEqual(inserted, [{ id: 10 }]);
      await assert.rejects(
        server.db.transaction(anon, (tx) => tx.query(`insert into public.stmt_shape (id) values ($1), ($1)`, [11]), { single: true }),
        (error: unknown) => error instanceof Error && 'code' in error && error.code === '23505',
      );
      await assert.rejects(
        server.db.transaction(
          anon,
          async (tx) => {
            await tx.query(`insert into public.stmt_shape (id) values ($1)`, [12]);
            await tx.query('select 1');
          },
          { single: true },
        ),
        /second statement/,
      );
      const readOnly = await server.db.transaction(
        { kind: 'request', role: 'anon' },
        async (tx) => (await tx.query<{ u: string }>('select current_user as u')).rows,
        { single: true, readOnly: true },
      );
      assert.deepEqual(readOnly, [{ u: 'anon' }]);
      await assert.rejects(
        server.db.transaction({ kind: 'request', role: 'postgres' }, (tx) => tx.query('select 1'), { single: true, readOnly: true }),
        (error: unknown) => error instanceof Error && 'code' in error && error.code === '22023',
      );
      assert.deepEqual(
        (await server.db.transaction(system, (tx) => tx.query('select id from public.stmt_shape where id >= 10 order by id'))).rows,
        [{ id: 10 }, { id: 12 }],
      );
      await server.db.transaction(system, (tx) => tx.query('delete from public.stmt_shape where id >= 10'));
    });

    test('a single statement answers the same on a connection that sends it with BEGIN, settings and COMMIT at once', async () => {
      // The first transaction on a connection sends its statements one by one; later ones in one
      // batch (PostgreSQL, decision 262). Several rounds, one at a time, so pooled connections are reused.
      await server.db.transaction(system, (tx) =>
        tx.exec(
          `create table public.stmt_batch (id int primary key, parent int references public.stmt_batch (id) deferrable initially deferred);
           grant all on public.stmt_batch to service_role;`,
        ),
      );
      const service = (sub: string): TxIdentity => ({ kind: 'request', role: 'service_role', claims: { sub } });
      const codeOf = (code: string) => (error: unknown) => error instanceof Error && 'code' in error && error.code === code;
      const ids = async () =>
        (await server.db.transaction(system, (tx) => tx.query<{ id: number }>('select id from public.stmt_batch order by id'))).rows.map(
          (r) => r.id,
        );
      const circular: Record<string, unknown> = {};
      circular.self = circular;
      for (let round = 0; round < 4; round++) {
        const id = 100 + round;
        const claims = await server.db.transaction(
          service(`user-${round}`),
          async (tx) =>
            (
              await tx.query<{ sub: string; who: string }>(
                `select current_setting('request.jwt.claims', true)::json->>'sub' as sub, current_user as who`,
                [],
                { prepare: true },
              )
            ).rows,
          { single: true, readOnly: true },
        );
        assert.deepEqual(claims, [{ sub: `user-${round}`, who: 'service_role' }]);
        const inserted = await server.db.transaction(
          service('writer'),
          async (tx) => (await tx.query(`insert into public.stmt_batch (id) values ($1) returning id`, [id], { prepare: true })).rows,
          { single: true },
        );
        assert.deepEqual(inserted, [{ id }]);
        // An error in the statement, at COMMIT (a deferred foreign key) and in a value that cannot be sent:
        // nothing is kept, and the connection's next transaction starts clean.
        await assert.rejects(
          server.db.transaction(service('writer'), (tx) => tx.query(`insert into public.stmt_batch (id) values ($1), ($1)`, [id + 10]), {
            single: true,
          }),
          codeOf('23505'),
        );
        await assert.rejects(
          server.db.transaction(
            service('writer'),
            (tx) => tx.query(`insert into public.stmt_batch (id, parent) values ($1, 999)`, [id + 20]),
            {
              single: true,
            },
          ),
          codeOf('23503'),
        );
        await assert.rejects(
          server.db.transaction(service('writer'), (tx) => tx.query(`select $1::json as doc`, [circular]), { single: true }),
          /circular/i,
        );
        await assert.rejects(
          server.db.transaction(service('reader'), (tx) => tx.query(`insert into public.stmt_batch (id) values ($1)`, [id + 30]), {
            single: true,
            readOnly: true,
          }),
          codeOf('25006'),
        );
        await assert.rejects(
          server.db.transaction({ kind: 'request', role: 'postgres' }, (tx) => tx.query('select 1', [], { prepare: true }), {
            single: true,
          }),
          (error: unknown) => codeOf('22023')(error) && error instanceof Error && error.message === 'role "postgres" does not exist',
        );
        const mode = await server.db.transaction(
          service('reader'),
          async (tx) => (await tx.query<{ ro: string }>(`select current_setting('transaction_read_only') as ro`)).rows,
          { single: true },
        );
        assert.deepEqual(mode, [{ ro: 'off' }]);
        assert.deepEqual(
          await ids(),
          Array.from({ length: round + 1 }, (_, k) => 100 + k),
        );
      }
      await server.db.transaction(system, (tx) => tx.exec('drop table public.stmt_batch'));
    });

    test('reads and writes queued behind a runaway read are answered once it is stopped, each run once', async () => {
      const anon: TxIdentity = { kind: 'request', role: 'anon' };
      const read = (n: number) =>
        server.db.transaction(anon, async (tx) => (await tx.query<{ n: number }>('select $1::int as n', [n])).rows[0]?.n, {
          single: true,
          readOnly: true,
        });
      const started = performance.now();
      const runaway = server.db.transaction(anon, (tx) => tx.query('select pg_sleep(30)'), {
        single: true,
        readOnly: true,
        timeoutMs: 1000,
      });
      const reads = [1, 2, 3, 4, 5].map(read);
      const write = server.db.transaction(system, (tx) => tx.query(`insert into public.stmt_shape (id) values ($1) returning id`, [20]));
      const singleWrite = server.db.transaction(
        { kind: 'request', role: 'service_role' },
        (tx) => tx.query(`insert into public.stmt_shape (id) values ($1) returning id`, [21]),
        { single: true },
      );
      const more = [6, 7].map(read);
      await assert.rejects(runaway, (error: unknown) => error instanceof Error && 'code' in error && error.code === '57014');
      assert.deepEqual(await Promise.all([...reads, ...more]), [1, 2, 3, 4, 5, 6, 7]);
      assert.deepEqual((await write).rows, [{ id: 20 }]);
      assert.deepEqual((await singleWrite).rows, [{ id: 21 }]);
      // Each write ran exactly once.
      assert.deepEqual(
        (await server.db.transaction(system, (tx) => tx.query('select id from public.stmt_shape where id >= 20 order by id'))).rows,
        [{ id: 20 }, { id: 21 }],
      );
      // Stopped at its 1 s limit, not at the end of its 30 s: on PGlite by the engine time it used,
      // or on a thread starved of CPU by the clock's backstop at four times the limit, and the
      // engine restarted before the queue goes on (6.1 s once on a loaded machine; decision 111).
      const elapsed = performance.now() - started;
      assert.ok(elapsed >= 950 && elapsed < 15_000, `stopped after the 1 s timeout (took ${elapsed.toFixed(0)} ms)`);
      await server.db.transaction(system, (tx) => tx.query('delete from public.stmt_shape where id >= 20'));
    });

    if (backend === 'pglite') {
      test('a statement is timed by the engine time it used: other work on a busy machine does not use up its fair limit', async () => {
        const visitor: TxIdentity = { kind: 'request', role: 'anon', claims: { role: 'anon' } };
        const member: TxIdentity = {
          kind: 'request',
          role: 'authenticated',
          claims: { role: 'authenticated', sub: '0a0a0a0a-0000-4000-8000-000000000001' },
        };
        const spin = (rows: number) =>
          server.db.transaction(
            visitor,
            (tx) => tx.query<{ done: number }>('select count(*)::int as done from generate_series(1, $1::int)', [rows]),
            {
              caller: 'visitor',
              single: true,
            },
          );
        // How many rows make 300 ms of CPU on this machine (the server runs in this process).
        const sample = 300_000;
        await spin(sample); // the first run also compiles the engine's code on other threads
        const before = process.cpuUsage();
        await spin(sample);
        const used = process.cpuUsage(before);
        const rows = Math.round((sample * 300) / ((used.user + used.system) / 1000));
        // Five busy processes per core: the database's thread gets a sixth of a core at most.
        const hogs = Array.from({ length: availableParallelism() * 5 }, () =>
          spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
        );
        try {
          await new Promise((resolve) => setTimeout(resolve, 1000));
          const started = performance.now();
          const slow = spin(rows);
          // another caller waits for the engine all along: past its fair limit (500 ms) by the clock, the visitor's statement would be stopped
          const waiting = server.db.transaction(member, async (tx) => (await tx.query<{ n: number }>('select 2 as n')).rows[0]?.n, {
            caller: 'member',
          });
          assert.deepEqual((await slow).rows, [{ done: rows }]);
          const wall = performance.now() - started;
          assert.equal(await waiting, 2);
          assert.ok(wall > 500, `the busy machine stretched the statement past its fair limit by the clock (${wall.toFixed(0)} ms)`);
        } finally {
          for (const hog of hogs) hog.kill('SIGKILL');
        }
      });
    }

    test('notifications arrive after commit, never after rollback', async () => {
      const received: string[] = [];
      const unlisten = await server.db.listen('stmt_events', (payload) => received.push(payload));
      try {
        await server.db.transaction(system, (tx) => tx.query(`select pg_notify('stmt_events', $1)`, ['committed']));
        await server.db
          .transaction(system, async (tx) => {
            await tx.query(`select pg_notify('stmt_events', $1)`, ['rolled back']);
            throw new Error('abort');
          })
          .catch(() => undefined);
        await server.db.transaction(system, (tx) => tx.query(`select pg_notify('stmt_events', $1)`, ['second']));
        for (let i = 0; i < 50 && received.length < 2; i++) await new Promise((resolve) => setTimeout(resolve, 20));
        assert.deepEqual(received, ['committed', 'second']);
      } finally {
        await unlisten();
      }
    });
  });
}
