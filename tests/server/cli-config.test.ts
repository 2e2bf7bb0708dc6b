import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { parse } from 'smol-toml';
import type { Logger } from '../../server/src/lib/log.ts';
import { repoRoot, startTestServer, testBackends } from '../support/server.ts';

/**
 * Project folders as `supabase init` writes them, booted unmodified: `cli-2x` is the 2.x CLI's
 * template (apps/cli-go/pkg/config/templates/config.toml, with `[inbucket]`), `cli-3x` the output
 * of `supabase init` of the pinned 3.x CLI (`[local_smtp]`, `[auth.email] enabled`). Keys the
 * server does not use are accepted and listed at start, as the CLI accepts what it does not know.
 */
const fixtures = path.join(repoRoot, 'tests/fixtures');
const scratch = mkdtempSync(path.join(tmpdir(), 'pinstar-cli-config-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

function recordingLogger(lines: string[]): Logger {
  return { info: (m) => lines.push(m), warn: (m) => lines.push(m), error: (m) => lines.push(m) };
}

for (const backend of testBackends())
  describe(`CLI-written project folders boot unmodified (${backend})`, () => {
    for (const version of ['cli-2x', 'cli-3x'])
      test(`${version}: boots, serves auth with the file's settings, and lists the keys it ignores`, async () => {
        const lines: string[] = [];
        const server = await startTestServer(backend, { project: path.join(fixtures, version, 'supabase'), log: recordingLogger(lines) });
        try {
          const settings = (await (await fetch(`${server.url}/auth/v1/settings`, { headers: { apikey: server.anonKey } })).json()) as {
            external: Record<string, boolean>;
            disable_signup: boolean;
          };
          assert.equal(settings.external.email, true);
          assert.equal(settings.disable_signup, false);
          const { data, error } = await server.client().auth.signUp({ email: `${version}@example.test`, password: 'a-long-password' });
          assert.equal(error, null);
          assert.ok(data.session, 'enable_confirmations = false: a session at once');
          const ignored = lines.find((l) => l.startsWith('config.toml: not used by this server, ignored: '));
          assert.ok(ignored, lines.join('\n'));
          for (const key of ['studio', version === 'cli-2x' ? 'inbucket' : 'local_smtp', 'analytics', 'db.pooler'])
            assert.ok(ignored.split(': ')[2]?.split(', ').includes(key), `${key} in: ${ignored}`);
          for (const used of ['auth.site_url', 'auth.jwt_expiry', 'storage.file_size_limit', 'project_id'])
            assert.ok(!ignored.includes(used), `${used} is read, not ignored: ${ignored}`);
        } finally {
          await server.close();
        }
      });

    test('CLI 3.x key names are read: [auth.email] enabled = false turns the email provider off', async () => {
      const project = path.join(scratch, `email-off-${backend}`, 'supabase');
      cpSync(path.join(fixtures, 'cli-3x', 'supabase'), project, { recursive: true });
      const file = path.join(project, 'config.toml');
      writeFileSync(file, readFileSync(file, 'utf8').replace(/(\[auth\.email\]\n(?:#.*\n)*)enabled = true/, '$1enabled = false'));
      assert.equal((parse(readFileSync(file, 'utf8')) as { auth: { email: { enabled: boolean } } }).auth.email.enabled, false);
      const server = await startTestServer(backend, { project });
      try {
        const { error } = await server.client().auth.signUp({ email: 'off@example.test', password: 'a-long-password' });
        assert.equal(error?.code, 'email_provider_disabled');
      } finally {
        await server.close();
      }
    });

    test('a CLI 3.x config.jsonc is read in place of config.toml', async () => {
      const project = path.join(scratch, `jsonc-${backend}`, 'supabase');
      cpSync(path.join(fixtures, 'cli-3x', 'supabase'), project, { recursive: true });
      rmSync(path.join(project, 'config.toml'));
      writeFileSync(
        path.join(project, 'config.jsonc'),
        `{\n  // as the CLI's JSON schema names them\n  "project_id": "jsonc",\n  "auth": { "enable_signup": false, },\n  "studio": { "port": 54323 },\n}\n`,
      );
      const lines: string[] = [];
      const server = await startTestServer(backend, { project, log: recordingLogger(lines) });
      try {
        const { error } = await server.client().auth.signUp({ email: 'jsonc@example.test', password: 'a-long-password' });
        assert.equal(error?.code, 'signup_disabled');
        assert.ok(lines.includes('config.jsonc: not used by this server, ignored: studio'), lines.join('\n'));
      } finally {
        await server.close();
      }
    });

    test('[db.settings]: the embedded database starts with them; PostgreSQL keeps its own and the start says so', async () => {
      const project = path.join(scratch, `db-settings-${backend}`, 'supabase');
      mkdirSync(path.join(project, 'migrations'), { recursive: true });
      writeFileSync(
        path.join(project, 'config.toml'),
        `[db.settings]\nshared_buffers = "32MB"\nwork_mem = "8MB"\nmax_locks_per_transaction = 128\nmax_connections = 50\n`,
      );
      writeFileSync(
        path.join(project, 'migrations/20260101000000_setting.sql'),
        `create function public.setting(name text) returns text language sql stable as $$ select current_setting(name) $$;\n`,
      );
      const lines: string[] = [];
      const server = await startTestServer(backend, { project, log: recordingLogger(lines) });
      try {
        const setting = async (name: string) => {
          const { data, error } = await server.client().rpc('setting', { name });
          assert.equal(error, null);
          return data as string;
        };
        const values = { shared_buffers: await setting('shared_buffers'), work_mem: await setting('work_mem') };
        const locks = await setting('max_locks_per_transaction');
        if (backend === 'pglite') {
          // The project's 32MB, not the 16MB the test harness starts its clusters with.
          assert.deepEqual(values, { shared_buffers: '32MB', work_mem: '8MB' });
          assert.equal(locks, '128');
          assert.ok(!lines.some((l) => l.startsWith('[db.settings]')), lines.join('\n'));
        } else {
          assert.notEqual(values.shared_buffers, '32MB', "PostgreSQL's own shared_buffers");
          assert.ok(
            lines.includes(
              "[db.settings] max_locks_per_transaction, shared_buffers, work_mem: the embedded database's; on PostgreSQL set them in the database server's own configuration",
            ),
            lines.join('\n'),
          );
        }
        // The CLI's settings that have no meaning in an embedded database are listed as ignored.
        assert.ok(lines.includes('config.toml: not used by this server, ignored: db.settings.max_connections'), lines.join('\n'));
      } finally {
        await server.close();
      }
    });
  });
