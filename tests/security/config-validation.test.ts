import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { describeBootError } from '../../server/src/db/migrate.ts';
import { silentLogger } from '../../server/src/lib/log.ts';
import { bootServer } from '../../server/src/server.ts';
import { testProcessFlags } from '../support/process-flags.ts';
import { childEnv, repoRoot } from '../support/server.ts';

const work = mkdtempSync(path.join(tmpdir(), 'pinstar-config-'));
after(() => rmSync(work, { recursive: true, force: true }));

let projects = 0;
/** A project folder whose config.toml is `toml`. */
function projectWith(toml: string): { project: string; file: string } {
  const project = path.join(work, `project-${++projects}`);
  const file = path.join(project, 'config.toml');
  mkdirSync(project, { recursive: true });
  writeFileSync(file, toml);
  return { project, file };
}

/** `npm start`'s server on a project whose config.toml is `toml`; resolves with its exit code and output. */
async function startWith(toml: string, env: NodeJS.ProcessEnv = {}): Promise<{ code: number | null; output: string; file: string }> {
  const { project, file } = projectWith(toml);
  const child = spawn(process.execPath, [...testProcessFlags, 'server/src/main.ts', '--no-web', '--port', '0', '--project', project], {
    cwd: repoRoot,
    env: childEnv({ DATA_DIR: path.join(project, 'data'), DATABASE_URL: '', LOG_REQUESTS: '0', ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    // A config that should have been refused booted: stop it so the test reports instead of hanging.
    if (output.includes('service_role key')) child.kill('SIGTERM');
  });
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', (status) => resolve(status)));
  return { code, output, file };
}

/**
 * The start's refusal of a project whose config.toml is `toml`, in this process: `bootServer`,
 * what `npm start` runs before it listens, must fail, and `describeBootError` words its error as
 * `npm start` prints it after "The server could not start:". The tests that spawn `npm start`
 * (`startWith`) show that it prints that message and exits non-zero; a process for each refusal
 * cost about 0.6 s of CPU apiece.
 */
async function refusalOf(toml: string, env: NodeJS.ProcessEnv = {}): Promise<{ message: string; file: string }> {
  const { project, file } = projectWith(toml);
  const outcome = await bootServer({
    projectDir: project,
    env: { ...process.env, DATA_DIR: path.join(project, 'data'), DATABASE_URL: '', LOG_REQUESTS: '0', ...env },
    log: silentLogger,
  }).then(
    (booted) => ({ booted }),
    (error: unknown) => ({ error }),
  );
  if ('booted' in outcome) {
    await outcome.booted.close();
    assert.fail(`the server started with ${file}:\n${toml}`);
  }
  return { message: describeBootError(outcome.error), file };
}

async function assertRefused(toml: string, key: string, shownValue: string, expected: string, env: NodeJS.ProcessEnv = {}): Promise<void> {
  const { message, file } = await refusalOf(toml, env);
  assert.ok(message.includes(file), `the message names the file ${file}:\n${message}`);
  const line = message.split('\n').find((l) => l.includes(`${key} = ${shownValue}`));
  assert.ok(line, `the message names ${key} = ${shownValue}:\n${message}`);
  assert.ok(line.includes(`expected ${expected}`), `the message says what was expected (${expected}):\n${line}`);
}

describe('a wrong value in config.toml stops the start', () => {
  test('npm start prints the refusal, naming the file, the key, its value and what was expected, and exits non-zero', async () => {
    const { code, output, file } = await startWith('[auth]\nenable_signup = "yes"\n');
    assert.notEqual(code, 0, `the server started with auth.enable_signup = "yes":\n${output}`);
    assert.doesNotMatch(output, /anon key/, 'nothing was served');
    const line = output.split('\n').find((l) => l.includes('auth.enable_signup = "yes"'));
    assert.ok(line?.includes('expected true or false'), output);
    assert.ok(output.includes(`The server could not start: ${file}`), output);
  });

  test('enable_signup as a word that is not a boolean', () =>
    assertRefused('[auth]\nenable_signup = "yes"\n', 'auth.enable_signup', '"yes"', 'true or false'));

  test('enable_signup as a number (a wrong TOML type)', () =>
    assertRefused('[auth]\nenable_signup = 1\n', 'auth.enable_signup', '1', 'true or false'));

  test('[auth.email] enable_signup and enable_confirmations', async () => {
    await assertRefused('[auth.email]\nenable_signup = "off"\n', 'auth.email.enable_signup', '"off"', 'true or false');
    await assertRefused('[auth.email]\nenable_confirmations = []\n', 'auth.email.enable_confirmations', '[]', 'true or false');
  });

  test("minimum_password_length below GoTrue's floor, as nan and as text", async () => {
    await assertRefused('[auth]\nminimum_password_length = 4\n', 'auth.minimum_password_length', '4', 'an integer ≥ 6');
    await assertRefused('[auth]\nminimum_password_length = nan\n', 'auth.minimum_password_length', 'nan', 'an integer ≥ 6');
    await assertRefused('[auth]\nminimum_password_length = "eight"\n', 'auth.minimum_password_length', '"eight"', 'an integer ≥ 6');
  });

  test('rate limits: negative, fractional, nan', async () => {
    await assertRefused('[auth.rate_limit]\nemail_sent = -1\n', 'auth.rate_limit.email_sent', '-1', 'an integer ≥ 0');
    await assertRefused('[auth.rate_limit]\nsign_in_sign_ups = 2.5\n', 'auth.rate_limit.sign_in_sign_ups', '2.5', 'an integer ≥ 0');
    await assertRefused('[auth.rate_limit]\ntoken_verifications = nan\n', 'auth.rate_limit.token_verifications', 'nan', 'an integer ≥ 0');
  });

  test('file size limits, global and per bucket', async () => {
    await assertRefused(
      '[storage]\nfile_size_limit = "lots"\n',
      'storage.file_size_limit',
      '"lots"',
      'a size like "50MiB" or a number of bytes',
    );
    await assertRefused(
      '[storage.buckets.avatars]\nfile_size_limit = -5\n',
      'storage.buckets.avatars.file_size_limit',
      '-5',
      'a size like "50MiB" or a number of bytes',
    );
  });

  test('an enum and a table of the wrong type', async () => {
    await assertRefused('[auth]\npassword_requirements = "strong"\n', 'auth.password_requirements', '"strong"', 'one of ""');
    await assertRefused('auth = 5\n', 'auth', '5', 'a table');
  });

  test('[db.settings]: a value that would carry another setting, a unit PostgreSQL does not read, out of range', async () => {
    const expected = (range: string) => `a size with PostgreSQL's units (kB, MB, GB) from ${range}`;
    await assertRefused(
      '[db.settings]\nshared_buffers = "16MB -c fsync=off"\n',
      'db.settings.shared_buffers',
      '"16MB -c fsync=off"',
      expected('128kB to 1GB'),
    );
    await assertRefused('[db.settings]\nwork_mem = "8mb"\n', 'db.settings.work_mem', '"8mb"', expected('64kB to 1GB'));
    await assertRefused('[db.settings]\nshared_buffers = "64kB"\n', 'db.settings.shared_buffers', '"64kB"', expected('128kB to 1GB'));
    await assertRefused(
      '[db.settings]\nmax_locks_per_transaction = 100000\n',
      'db.settings.max_locks_per_transaction',
      '100000',
      'an integer from 10 to 10000',
    );
  });

  test('[auth.external.<provider>]: a switch that is not a boolean, a client id that is not a string', async () => {
    await assertRefused('[auth.external.google]\nenabled = "yes"\n', 'auth.external.google.enabled', '"yes"', 'true or false');
    await assertRefused('[auth.external.github]\nenabled = true\nclient_id = 42\n', 'auth.external.github.client_id', '42', 'a string');
  });

  test('real credentials for a provider this server has no endpoints for', async () => {
    const { code, output } = await startWith('[auth.external.discord]\nenabled = true\nclient_id = "id"\nsecret = "s"\n');
    assert.notEqual(code, 0, output);
    assert.match(output, /\[auth\.external\.discord\]: real sign-in is available for google, github, apple, keycloak/);
  });

  test("passkeys or WebAuthn factors without [auth.webauthn]'s relying party, as GoTrue refuses them", async () => {
    const why = 'required when [auth.passkey] or [auth.mfa.web_authn] is enabled';
    await assertRefused(
      '[auth.passkey]\nenabled = true\n',
      'auth.webauthn.rp_id',
      '(not set)',
      `the relying party id, a host name such as "localhost", ${why}`,
    );
    await assertRefused(
      '[auth.mfa.web_authn]\nverify_enabled = true\n[auth.webauthn]\nrp_id = "localhost"\nrp_display_name = "Pinstar"\nrp_origins = []\n',
      'auth.webauthn.rp_origins',
      '[]',
      `the origins passkeys are used from, ${why}`,
    );
  });

  test('env(VAR) of an unset variable where a number is needed names the variable', async () => {
    const { code, output } = await startWith('[auth]\nminimum_password_length = "env(PINSTAR_TEST_UNSET_LENGTH)"\n');
    assert.notEqual(code, 0);
    assert.match(
      output,
      /auth\.minimum_password_length = "env\(PINSTAR_TEST_UNSET_LENGTH\)": expected an integer ≥ 6 \(the environment variable PINSTAR_TEST_UNSET_LENGTH is unset\)/,
    );
  });
});

describe('valid values start', () => {
  test('env(VAR) values convert as the CLI converts them, and unknown CLI sections are accepted', async () => {
    const toml = [
      'project_id = "x"',
      '[auth]',
      'minimum_password_length = "env(PINSTAR_TEST_LENGTH)"',
      'enable_signup = "env(PINSTAR_TEST_SIGNUP)"',
      '[auth.external.apple]',
      'enabled = false',
      'secret = "env(SUPABASE_AUTH_EXTERNAL_APPLE_SECRET)"',
      '[studio]',
      'port = 54323',
      '[experimental]',
      'orioledb_version = ""',
    ].join('\n');
    const { code, output } = await startWith(toml, { PINSTAR_TEST_LENGTH: '10', PINSTAR_TEST_SIGNUP: 'false' });
    // Started (then stopped by the helper on its banner).
    assert.match(output, /service_role key/);
    assert.equal(code, 0, output);
  });
});
