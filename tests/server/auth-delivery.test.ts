import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createClient } from '@supabase/supabase-js';
import pg from 'pg';
import { silentLogger } from '../../server/src/lib/log.ts';
import { startServer, type RunningServer } from '../../server/src/server.ts';
import { startFakeSmtp, type FakeSmtp } from '../fixtures/auth/fake-smtp.ts';
import { authFixture, followLink, mailTo, uniqueEmail, verifyLinkOf } from '../fixtures/auth/helpers.ts';
import { templateDatabase } from '../support/backends.ts';
import { startTestServer, testBackends, type TestBackend, type TestServer } from '../support/server.ts';

const password = 'correct-horse-1';

/** A database that outlives one server, so the same data dir and database can boot twice. */
async function durableDatabase(backend: TestBackend): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.PINSTAR_TEST_PG_URL;
  if (backend === 'pglite' || !base) return { url: '', drop: async () => undefined };
  const name = `auth_mail_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: `${base}/postgres` });
  await admin.connect();
  await admin.query(`create database ${name} template ${templateDatabase}`);
  await admin.end();
  return {
    url: `${base}/${name}`,
    drop: async () => {
      const c = new pg.Client({ connectionString: `${base}/postgres` });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

for (const backend of testBackends()) {
  describe(`auth mail delivery on ${backend}`, () => {
    let smtp: FakeSmtp;
    let server: TestServer;
    before(async () => {
      smtp = await startFakeSmtp();
      server = await startTestServer(backend, { project: authFixture('project'), env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` } });
    });
    after(async () => {
      await server?.close();
      await smtp?.close();
    });

    test('with SMTP_URL mail goes out by SMTP, the mailbox is off, and email_sent (2 per hour) applies', async () => {
      const email = uniqueEmail();
      await server.admin().auth.admin.createUser({ email, password, email_confirm: true });
      assert.equal((await server.client().auth.resetPasswordForEmail(email, { redirectTo: 'https://app.example.com/reset' })).error, null);
      assert.equal(smtp.messages.length, 1);
      const message = smtp.messages[0] ?? '';
      assert.match(message, /^Subject: Reset Your Password$/m);
      assert.match(message, new RegExp(`^To: ${email.replace(/[.]/g, '\\.')}$`, 'm'));
      const link = /http:\/\/localhost:\d+\/auth\/v1\/verify\?token=[0-9a-f]+&type=recovery&redirect_to=[^\s"]+/.exec(message)?.[0];
      assert.ok(link, 'the SMTP message carries the verify link');
      const { status, location } = await followLink(server, link);
      assert.equal(status, 303);
      assert.equal(new URLSearchParams(location.hash.slice(1)).get('type'), 'recovery');
      const mailbox = await fetch(`${server.url}/_dev/mail/api/messages`);
      assert.notEqual(mailbox.headers.get('content-type'), 'application/json', 'no mailbox is mounted');
      assert.ok(mailbox.status >= 400);
      await mailbox.body?.cancel();
      const second = await server.client().auth.signInWithOtp({ email });
      assert.equal(second.error, null);
      const third = await server.client().auth.resetPasswordForEmail(email);
      assert.equal(third.error?.status, 429);
      assert.equal(third.error?.code, 'over_email_send_rate_limit');
      assert.equal(smtp.messages.length, 2);
    });
  });

  describe(`auth mailbox persistence on ${backend}`, () => {
    let dataDir: string;
    let database: { url: string; drop(): Promise<void> };
    before(async () => {
      dataDir = mkdtempSync(path.join(tmpdir(), 'pinstar-auth-mailbox-'));
      database = await durableDatabase(backend);
    });
    after(async () => {
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    });

    const boot = (): Promise<RunningServer> =>
      startServer({
        projectDir: authFixture('confirm'),
        port: 0,
        dataDir,
        webDist: null,
        env: { ...process.env, DATABASE_URL: database.url, SMTP_URL: '' },
        log: silentLogger,
        override: { logRequests: false },
      });

    test('mail survives a restart and its link still confirms the address', async () => {
      const email = uniqueEmail();
      const first = await boot();
      try {
        const client = createClient(first.url, first.keys.anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
        assert.equal((await client.auth.signUp({ email, password })).error, null);
      } finally {
        await first.close();
      }
      const second = await boot();
      try {
        const mails = await mailTo({ url: second.url, fetch }, email);
        assert.equal(mails.length, 1);
        const { location } = await followLink({ fetch }, verifyLinkOf(mails[0]).replace(/^http:\/\/localhost:\d+/, second.url));
        assert.equal(new URLSearchParams(location.hash.slice(1)).get('type'), 'signup');
        const client = createClient(second.url, second.keys.anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
        assert.equal((await client.auth.signInWithPassword({ email, password })).error, null);
      } finally {
        await second.close();
      }
    });
  });
}
