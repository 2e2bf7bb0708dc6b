/**
 * One anonymous caller looping a regex filter with back-references
 * (`body=match.(.*)(.*)(.*)(.*)(.*)\5\4\3\2\1x`) held a member's reads at p95 4 s on the
 * embedded database: back-references make PostgreSQL's regex engine try every split of every
 * row, and PGlite runs one statement at a time. On PGlite such filters are refused before any
 * SQL runs, wherever a filter can stand (a column, `not.`, `any`/`all`, `or=(…)`, an embedded
 * resource, a write's filter, an RPC's), with PostgreSQL's answer to a regex it refuses (2201B,
 * 400) and a hint naming DATABASE_URL. Regexes without back-references work as before; on
 * PostgreSQL back-references work as on hosted (one backend per caller, statement_timeout).
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { hasBackReference } from '../../server/src/lib/regex-back-reference.ts';
import { withoutSeed } from '../data/support.ts';
import { startInProcessTestServer, testBackends, type TestServer } from '../support/server.ts';

const attack = String.raw`(.*)(.*)(.*)(.*)(.*)\5\4\3\2\1x`;

test('back-references are told apart from other escapes', () => {
  for (const pattern of [attack, String.raw`(a)\1`, String.raw`[\1]`, String.raw`x\\\1`, String.raw`(a)\12`]) {
    assert.equal(hasBackReference(pattern), true, pattern);
  }
  for (const pattern of [String.raw`a\.b`, String.raw`\\1`, String.raw`\d+\s\w`, String.raw`\0`, 'plain (.*) text', String.raw`x\\`]) {
    assert.equal(hasBackReference(pattern), false, pattern);
  }
});

for (const backend of testBackends()) {
  describe(`regex filters with back-references on ${backend}`, () => {
    let server: TestServer;
    before(async () => {
      // listening too: realtime's WebSocket needs the socket
      server = await startInProcessTestServer(backend, { ...withoutSeed, listen: true });
    });
    after(() => server?.close());

    const anon = () => server.client();

    function assertRefused(result: { error: unknown; status: number }): void {
      if (backend === 'pglite') {
        assert.equal(result.status, 400);
        const error = result.error as { code: string; message: string; details: unknown; hint: string };
        assert.equal(error.code, '2201B');
        assert.equal(error.message, 'invalid regular expression: back-references are not available on the embedded database');
        assert.equal(error.details, null);
        assert.match(error.hint, /DATABASE_URL/);
      } else {
        assert.equal(result.error, null, JSON.stringify(result.error));
        assert.equal(result.status, 200);
      }
    }

    test("the attack as sent: refused at once on PGlite, PostgreSQL's answer on PostgreSQL", async () => {
      const started = performance.now();
      const result = await anon().from('reviews').select('id').filter('body', 'match', attack);
      assertRefused(result);
      if (backend === 'pglite') assert.ok(performance.now() - started < 1000, 'refused before any SQL ran');
    });

    test('every place a filter can stand: not, imatch, any/all, or=(…), an embedded resource', async () => {
      const client = anon();
      const cases = [
        client
          .from('reviews')
          .select('id')
          .not('body', 'match', String.raw`(a)\1`),
        client
          .from('reviews')
          .select('id')
          .filter('body', 'imatch', String.raw`(a)\1`),
        client
          .from('reviews')
          .select('id')
          .filter('body', 'match(any)', String.raw`{x,(a)\1}`),
        client
          .from('reviews')
          .select('id')
          .filter('body', 'imatch(all)', String.raw`{x,(a)\1}`),
        // In a logic tree a value with parentheses is quoted, and a backslash in quotes escapes the next character.
        client
          .from('reviews')
          .select('id')
          .or(String.raw`body.eq.x,body.match."(a)\\1"`),
        client
          .from('reviews')
          .select('id')
          .or(String.raw`and(id.not.is.null,not.or(body.imatch."(b)\\1"))`),
        client
          .from('places')
          .select('id, reviews(id)')
          .filter('reviews.body', 'match', String.raw`(a)\1`),
      ];
      for (const result of await Promise.all(cases)) assertRefused(result);
    });

    test('a write filtered by a back-reference is refused too (PGlite), before it touches a row', async () => {
      const result = await anon()
        .from('reviews')
        .delete()
        .filter('body', 'match', String.raw`(a)\1`);
      if (backend === 'pglite') {
        assert.equal(result.status, 400);
        assert.equal((result.error as { code: string } | null)?.code, '2201B');
      } else {
        // anon may not delete reviews: PostgreSQL's own refusal, not the regex's.
        assert.notEqual((result.error as { code: string } | null)?.code, '2201B');
      }
    });

    test('regexes without back-references work as before', async () => {
      const result = await anon()
        .from('reviews')
        .select('id')
        .filter('body', 'imatch', String.raw`^(great|good)\s\w+`);
      assert.equal(result.error, null, JSON.stringify(result.error));
      assert.equal(result.status, 200);
      assert.deepEqual(result.data, []);
    });

    test('a live subscription filtered by a back-reference is refused at join on PGlite, joined on PostgreSQL', async () => {
      await server.db.transaction({ kind: 'system' }, async (tx) => {
        await tx.query('create table public.regex_watch (id serial primary key, body text)');
        await tx.query('grant select on public.regex_watch to anon');
        await tx.query('alter publication supabase_realtime add table public.regex_watch');
      });
      const client = anon();
      const system = await new Promise<Record<string, unknown>>((resolve) => {
        client
          .channel(`regex-${backend}`)
          .on(
            'postgres_changes',
            { event: 'INSERT', schema: 'public', table: 'regex_watch', filter: `body=match.${attack}` },
            () => undefined,
          )
          .on('system', {}, (message: Record<string, unknown>) => resolve(message))
          .subscribe();
      });
      await client.removeAllChannels();
      if (backend === 'pglite') {
        assert.equal(system.status, 'error');
        assert.match(
          String(system.message),
          /Exception: invalid regular expression: back-references are not available on the embedded database/,
        );
        assert.match(String(system.message), /DATABASE_URL/);
      } else {
        assert.equal(system.status, 'ok', JSON.stringify(system));
      }
    });
  });
}
