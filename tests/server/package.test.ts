import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { createClient } from '@supabase/supabase-js';
import { childEnv, repoRoot } from '../support/server.ts';

/**
 * The server as another project uses it: `npm pack` of `server/`, installed with npm into an
 * empty folder that holds only a `supabase/` folder made by `supabase init` (the pinned CLI),
 * with a migration, a seed, a bucket in config.toml and the CLI's own edge function template;
 * started with `pinstar-server` on the machine's Node (20 on Debian stable) and on Node 24,
 * then reached through supabase-js: auth, REST, storage, functions and realtime.
 */
const work = mkdtempSync(path.join(tmpdir(), 'pinstar-package-'));
after(() => rmSync(work, { recursive: true, force: true }));

/** PATH with the machine's own node first: no node_modules/.bin, not the test runner's Node 24. */
function machinePath(): string {
  const runnerDir = path.dirname(process.execPath);
  return (process.env.PATH ?? '')
    .split(path.delimiter)
    .filter((dir) => dir !== '' && !dir.endsWith(`node_modules${path.sep}.bin`) && path.resolve(dir) !== runnerDir)
    .join(path.delimiter);
}

const runtimes = [
  { name: "the machine's Node", PATH: machinePath() },
  { name: 'Node 24', PATH: `${path.dirname(process.execPath)}${path.delimiter}${machinePath()}` },
];

function env(PATH: string): NodeJS.ProcessEnv {
  const base = childEnv({ PATH, DATABASE_URL: '', LOG_REQUESTS: '1', SUPABASE_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1' });
  for (const name of ['npm_node_execpath', 'NODE', 'npm_config_prefix', 'INIT_CWD', 'DATA_DIR', 'PORT', 'SUPABASE_PROJECT_DIR'])
    delete base[name];
  for (const name of Object.keys(base)) if (name.startsWith('npm_')) delete base[name];
  return base;
}

let tarball = '';
before(() => {
  execFileSync('npm', ['pack', '--pack-destination', work, '--silent'], {
    cwd: path.join(repoRoot, 'server'),
    env: env(runtimes[1]?.PATH ?? ''),
    stdio: 'pipe',
  });
  tarball = path.join(work, readdirSync(work).find((f) => f.endsWith('.tgz')) ?? '');
});

/** A project as `supabase init` and `supabase functions new` write it, plus what a developer adds. */
function makeProject(dir: string): void {
  const cli = path.join(repoRoot, 'node_modules/.bin/supabase');
  const cliEnv = env(runtimes[1]?.PATH ?? '');
  execFileSync(cli, ['init', '--yes'], { cwd: dir, env: cliEnv, stdio: 'pipe' });
  execFileSync(cli, ['functions', 'new', 'hello'], { cwd: dir, env: cliEnv, input: 'n\n', stdio: 'pipe' });
  mkdirSync(path.join(dir, 'supabase/migrations'));
  writeFileSync(
    path.join(dir, 'supabase/migrations/20260101000000_notes.sql'),
    `create table public.notes (id bigint generated always as identity primary key, body text not null, author uuid default auth.uid());
alter table public.notes enable row level security;
create policy "notes: anyone reads" on public.notes for select to anon, authenticated using (true);
create policy "notes: members write their own" on public.notes for insert to authenticated with check (author = (select auth.uid()));
create policy "docs: anyone reads" on storage.objects for select to anon, authenticated using (bucket_id = 'docs');
create policy "docs: members add" on storage.objects for insert to authenticated with check (bucket_id = 'docs');\n`,
  );
  writeFileSync(path.join(dir, 'supabase/seed.sql'), `insert into public.notes (body) values ('seeded');\n`);
  appendFileSync(path.join(dir, 'supabase/config.toml'), `\n[storage.buckets.docs]\npublic = true\nfile_size_limit = "1MiB"\n`);
}

for (const runtime of runtimes)
  test(`the packed server installs with npm and serves a supabase init project on ${runtime.name}`, { timeout: 300_000 }, async (t) => {
    const dir = path.join(work, runtime.name.replace(/\W+/g, '-'));
    mkdirSync(dir);
    writeFileSync(path.join(dir, 'package.json'), '{ "private": true }\n');
    const runEnv = env(runtime.PATH);
    const version = execFileSync('node', ['--version'], { env: runEnv, encoding: 'utf8' }).trim();
    t.diagnostic(`${runtime.name}: ${version}`);
    execFileSync('npm', ['install', tarball, '--no-audit', '--no-fund', '--prefer-offline'], { cwd: dir, env: runEnv, stdio: 'pipe' });
    makeProject(dir);

    const child = spawn(path.join(dir, 'node_modules/.bin/pinstar-server'), ['--port', '0'], {
      cwd: dir,
      env: runEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    let running = true;
    const exited = new Promise<string>((resolve) =>
      child.on('close', (code, signal) => {
        running = false;
        resolve(String(code ?? signal));
      }),
    );
    try {
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no banner within 200 s:\n${output}`)), 200_000);
        child.stdout.on('data', () => {
          const match = /S3 Region +\S+/.test(output) ? /is running at (http:\/\/\S+)/.exec(output) : null;
          if (match?.[1]) {
            clearTimeout(timer);
            resolve(match[1]);
          }
        });
        void exited.then((code) => reject(new Error(`pinstar-server exited with ${code}:\n${output}`)));
      });
      assert.match(output, /applied migration 20260101000000_notes\.sql/);
      assert.match(output, /config\.toml: not used by this server, ignored: .*\bstudio\b/);
      const anonKey = /anon key +(\S+)/.exec(output)?.[1] ?? '';
      const publishableKey = /publishable key +(\S+)/.exec(output)?.[1] ?? '';
      const supabase = createClient(url, anonKey, { auth: { persistSession: false, autoRefreshToken: false } });

      const signUp = await supabase.auth.signUp({ email: 'dev@example.test', password: 'a-long-password' });
      assert.equal(signUp.error, null);
      assert.equal(signUp.data.session?.expires_in, 3600, "config.toml's jwt_expiry");

      const seeded = await supabase.from('notes').select('body');
      assert.deepEqual(seeded.data, [{ body: 'seeded' }]);
      const written = await supabase.from('notes').insert({ body: 'mine' }).select('body, author').single();
      assert.deepEqual(written.data, { body: 'mine', author: signUp.data.user?.id });

      const upload = await supabase.storage.from('docs').upload('hello.txt', 'stored', { contentType: 'text/plain' });
      assert.equal(upload.error, null);
      const tooBig = await supabase.storage.from('docs').upload('big.bin', new Uint8Array(2 * 1024 * 1024));
      assert.equal((tooBig.error as { statusCode?: string } | null)?.statusCode, '413', "the bucket's file_size_limit from config.toml");
      const publicFile = await fetch(supabase.storage.from('docs').getPublicUrl('hello.txt').data.publicUrl);
      assert.equal(await publicFile.text(), 'stored');

      const hello = await createClient(url, publishableKey).functions.invoke('hello', { body: { name: 'Functions' } });
      assert.equal(hello.error, null, String(hello.error));
      assert.deepEqual(hello.data, { message: 'Hello Functions!' });

      const received = new Promise<unknown>((resolve) => {
        const channel = supabase.channel('room', { config: { broadcast: { self: true } } });
        channel.on('broadcast', { event: 'ping' }, ({ payload }) => resolve(payload));
        channel.subscribe((status) => {
          if (status === 'SUBSCRIBED') void channel.send({ type: 'broadcast', event: 'ping', payload: { n: 1 } });
        });
      });
      assert.deepEqual(await received, { n: 1 });
      await supabase.removeAllChannels();
    } finally {
      // a server that already stopped has its failure in the error above: nothing to stop
      if (running && child.pid !== undefined) process.kill(-child.pid, 'SIGTERM');
    }
    assert.equal(await exited, '0', output);
  });
