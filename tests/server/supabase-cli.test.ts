import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { promisify } from 'node:util';
import pg from 'pg';
import { createTestDatabase } from '../support/databases.ts';
import { childEnv, repoRoot, testBackends } from '../support/server.ts';

const run = promisify(execFile);
const cli = path.join(repoRoot, 'node_modules/.bin/supabase');
// The CLI writes its state under supabase/.temp: it works on a copy of config.toml, migrations/,
// the mail templates and the signing key set config.toml names (written by `npm install`, as a
// fresh clone has it): the CLI reads every file config.toml names before it runs any command.
const workdir = mkdtempSync(path.join(tmpdir(), 'pinstar-cli-'));
for (const entry of ['config.toml', 'migrations', 'templates', 'signing_keys.json'])
  cpSync(path.join(repoRoot, 'supabase', entry), path.join(workdir, 'supabase', entry), { recursive: true });
after(() => rmSync(workdir, { recursive: true, force: true }));

/** The real Supabase CLI (the `supabase` npm package, pinned) on this repository's `supabase/`. */
async function supabase(...args: string[]): Promise<string> {
  const { stdout, stderr } = await run(cli, [...args, '--workdir', workdir], {
    env: childEnv({ SUPABASE_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1' }),
    timeout: 120_000,
    maxBuffer: 16 * 2 ** 20,
  });
  return `${stdout}\n${stderr}`;
}

// `db push` needs a real PostgreSQL: this runs with the postgres backend.
for (const backend of testBackends().filter((b) => b === 'postgres'))
  test(`the Supabase CLI pushes the migrations into a database the server bootstrapped, and lists them applied (${backend})`, async () => {
    const local = readdirSync(path.join(repoRoot, 'supabase/migrations'))
      .flatMap((f) => /^(\d+)_.*\.sql$/.exec(f)?.[1] ?? [])
      .sort();
    assert.ok(local.length > 0);
    // A new database copied from the server's bootstrap (roles, auth, storage, realtime schemas), no app migration yet.
    const database = await createTestDatabase();
    // The test cluster listens without TLS; the CLI asks for it unless told.
    const dbUrl = `${database.url}?sslmode=disable`;
    try {
      const pushed = await supabase('db', 'push', `--remote=${dbUrl}`, '--yes');
      assert.match(pushed, /Finished supabase db push/, pushed);

      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        const { rows } = await client.query<{ version: string }>(
          'select version from supabase_migrations.schema_migrations order by version',
        );
        assert.deepEqual(
          rows.map((r) => r.version),
          local,
        );
      } finally {
        await client.end();
      }

      const listed = await supabase('migration', 'list', `--remote=${dbUrl}`);
      for (const version of local)
        assert.match(
          listed,
          new RegExp(`^\\s*\`?${version}\`?\\s*\\|\\s*\`?${version}\`?\\s*\\|`, 'm'),
          `${version} local and remote:\n${listed}`,
        );
    } finally {
      await database.drop();
    }
  });
