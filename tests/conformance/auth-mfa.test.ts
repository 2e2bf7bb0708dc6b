import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { SupabaseClient } from '@supabase/supabase-js';
import { decodeJwt } from 'jose';
import { Secret, TOTP } from 'otpauth';
import { authFetch, authFixture, uniqueEmail } from '../fixtures/auth/helpers.ts';
import { conformanceTargets, type ConformanceTarget } from '../support/target.ts';
import { nextCode } from '../support/totp.ts';

const password = 'correct-horse-1';

/** The code an authenticator app shows now (or `stepsAway` periods from now) for this secret. */
function codeFor(secret: string, stepsAway = 0): string {
  const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
  return totp.generate({ timestamp: Date.now() + stepsAway * 30_000 });
}

/** The auth fixture with `[auth.mfa.totp]` enroll and verify on, in a temporary folder. */
function projectWithTotp(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'pinstar-mfa-'));
  cpSync(authFixture('project'), dir, { recursive: true });
  const config = path.join(dir, 'config.toml');
  writeFileSync(
    config,
    `${readFileSync(config, 'utf8')}\n[auth.mfa]\nmax_enrolled_factors = 3\n\n[auth.mfa.totp]\nenroll_enabled = true\nverify_enabled = true\n`,
  );
  return dir;
}

for (const target of conformanceTargets()) {
  describe(`auth MFA (TOTP) on ${target.name}`, () => {
    let server: ConformanceTarget;
    let disabled: ConformanceTarget;
    const dir = projectWithTotp();
    before(async () => {
      server = await target.start(dir);
      disabled = await target.start(authFixture('project'));
    });
    after(async () => {
      await server?.close();
      await disabled?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    async function member(on = server): Promise<{ client: SupabaseClient; email: string; id: string }> {
      const client = on.client();
      const email = uniqueEmail('mfa');
      const { data, error } = await client.auth.signUp({ email, password });
      assert.equal(error, null);
      return { client, email, id: data.user?.id ?? '' };
    }

    async function enrolled(client: SupabaseClient): Promise<{ factorId: string; secret: string }> {
      const { data, error } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone app' });
      assert.equal(error, null);
      const factorId = data?.id ?? '';
      const secret = data?.totp.secret ?? '';
      const verified = await client.auth.mfa.challengeAndVerify({ factorId, code: await nextCode(secret) });
      assert.equal(verified.error, null);
      return { factorId, secret };
    }

    test('enroll returns the secret, an otpauth URI and an SVG QR code; the factor is unverified until verified', async () => {
      const { client, email } = await member();
      const { data, error } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone app', issuer: 'pinstar.test' });
      assert.equal(error, null);
      assert.equal(data?.type, 'totp');
      assert.equal(data?.friendly_name, 'Phone app');
      assert.match(data?.totp.secret ?? '', /^[A-Z2-7]{32}$/);
      const uri = new URL(data?.totp.uri ?? '');
      assert.equal(uri.protocol, 'otpauth:');
      assert.equal(uri.searchParams.get('secret'), data?.totp.secret);
      assert.equal(uri.searchParams.get('issuer'), 'pinstar.test');
      assert.ok(decodeURIComponent(uri.pathname).includes(email));
      assert.match(data?.totp.qr_code ?? '', /^data:image\/svg\+xml;utf-8,<svg/);
      const listed = await client.auth.mfa.listFactors();
      assert.deepEqual(
        listed.data?.all.map((f) => [f.factor_type, f.status, f.friendly_name]),
        [['totp', 'unverified', 'Phone app']],
      );
      assert.deepEqual(listed.data?.totp, []);
    });

    test('challenge and verify raise the session to aal2 with totp in amr; refresh keeps it', async () => {
      const { client } = await member();
      const before = await client.auth.mfa.getAuthenticatorAssuranceLevel();
      assert.deepEqual([before.data?.currentLevel, before.data?.nextLevel], ['aal1', 'aal1']);
      const { data } = await client.auth.mfa.enroll({ factorType: 'totp' });
      const challenge = await client.auth.mfa.challenge({ factorId: data?.id ?? '' });
      assert.equal(challenge.error, null);
      assert.equal(challenge.data?.type, 'totp');
      assert.ok((challenge.data?.expires_at ?? 0) > Date.now() / 1000 + 200);
      const wrong = await client.auth.mfa.verify({ factorId: data?.id ?? '', challengeId: challenge.data?.id ?? '', code: '000000' });
      assert.equal(wrong.error?.status, 422);
      assert.equal(wrong.error?.code, 'mfa_verification_failed');
      assert.equal(wrong.error?.message, 'Invalid TOTP code entered');
      const ok = await client.auth.mfa.verify({
        factorId: data?.id ?? '',
        challengeId: challenge.data?.id ?? '',
        code: codeFor(data?.totp.secret ?? '', -1),
      });
      assert.equal(ok.error, null, 'a code one period old is still accepted');
      const claims = decodeJwt(ok.data?.access_token ?? '');
      assert.equal(claims.aal, 'aal2');
      assert.deepEqual(
        (claims.amr as Array<{ method: string }>).map((a) => a.method),
        ['totp', 'password'],
      );
      const again = await client.auth.mfa.verify({
        factorId: data?.id ?? '',
        challengeId: challenge.data?.id ?? '',
        code: codeFor(data?.totp.secret ?? ''),
      });
      assert.equal(again.error?.code, 'mfa_ip_address_mismatch', 'a challenge is spent once verified');
      const level = await client.auth.mfa.getAuthenticatorAssuranceLevel();
      assert.deepEqual([level.data?.currentLevel, level.data?.nextLevel], ['aal2', 'aal2']);
      const refreshed = await client.auth.refreshSession();
      assert.equal(decodeJwt(refreshed.data.session?.access_token ?? '').aal, 'aal2');
      const { data: user } = await client.auth.getUser();
      assert.deepEqual(
        user.user?.factors?.map((f) => f.status),
        ['verified'],
      );
    });

    test('a code that verified is not taken again, on a new challenge or a new session (RFC 6238 §5.2)', async () => {
      const { client, email } = await member();
      const { data } = await client.auth.mfa.enroll({ factorType: 'totp' });
      const factorId = data?.id ?? '';
      const code = await nextCode(data?.totp.secret ?? '');
      assert.equal((await client.auth.mfa.challengeAndVerify({ factorId, code })).error, null);
      // The same code, seen over a shoulder, on a second device signed in with the password.
      const thief = server.client();
      assert.equal((await thief.auth.signInWithPassword({ email, password })).error, null);
      const replay = await thief.auth.mfa.challengeAndVerify({ factorId, code });
      assert.equal(replay.error?.status, 422);
      assert.equal(replay.error?.code, 'mfa_verification_failed');
      assert.equal(decodeJwt((await thief.auth.getSession()).data.session?.access_token ?? '').aal, 'aal1');
      // Nor on a new challenge of the first session; an earlier code is refused too.
      assert.equal(
        (await client.auth.mfa.challengeAndVerify({ factorId, code: codeFor(data?.totp.secret ?? '', -1) })).error?.code,
        'mfa_verification_failed',
      );
      // The next code works.
      assert.equal((await thief.auth.mfa.challengeAndVerify({ factorId, code: await nextCode(data?.totp.secret ?? '') })).error, null);
    });

    test('a new password sign-in is aal1 with aal2 next; the factor lifts it; the SQL sees aal through auth.jwt()', async () => {
      const { client, email } = await member();
      const { factorId, secret } = await enrolled(client);
      const other = server.client();
      await other.auth.signInWithPassword({ email, password });
      const level = await other.auth.mfa.getAuthenticatorAssuranceLevel();
      assert.deepEqual([level.data?.currentLevel, level.data?.nextLevel], ['aal1', 'aal2']);
      // Enrolling a second factor needs aal2 once one is verified.
      const second = await other.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Backup' });
      assert.equal(second.error?.status, 403);
      assert.equal(second.error?.code, 'insufficient_aal');
      const verified = await other.auth.mfa.challengeAndVerify({ factorId, code: await nextCode(secret) });
      assert.equal(verified.error, null);
      const token = verified.data?.access_token ?? '';
      const seen = await server.db.transaction({ kind: 'request', role: 'authenticated', claims: decodeJwt(token) }, (tx) =>
        tx.query<{ aal: string }>(`select auth.jwt()->>'aal' as aal`),
      );
      assert.deepEqual(seen.rows, [{ aal: 'aal2' }]);
    });

    test('unenrolling a verified factor needs aal2; afterwards sessions fall back to aal1', async () => {
      const { client, email } = await member();
      const { factorId } = await enrolled(client);
      const other = server.client();
      await other.auth.signInWithPassword({ email, password });
      const refused = await other.auth.mfa.unenroll({ factorId });
      assert.equal(refused.error?.status, 422);
      assert.equal(refused.error?.code, 'insufficient_aal');
      const removed = await client.auth.mfa.unenroll({ factorId });
      assert.equal(removed.error, null);
      assert.equal(removed.data?.id, factorId);
      const refreshed = await client.auth.refreshSession();
      assert.equal(decodeJwt(refreshed.data.session?.access_token ?? '').aal, 'aal1');
      const level = await client.auth.mfa.getAuthenticatorAssuranceLevel();
      assert.deepEqual([level.data?.currentLevel, level.data?.nextLevel], ['aal1', 'aal1']);
    });

    test('errors as GoTrue words them: names, limits, unknown factors and challenges, empty codes', async () => {
      const { client } = await member();
      await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'A' });
      const clash = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'A' });
      assert.equal(clash.error?.code, 'mfa_factor_name_conflict');
      assert.equal(clash.error?.message, 'A factor with the friendly name "A" for this user already exists');
      await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'B' });
      await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'C' });
      const tooMany = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'D' });
      assert.equal(tooMany.error?.code, 'too_many_enrolled_mfa_factors');
      const unknown = await client.auth.mfa.challenge({ factorId: '00000000-0000-4000-8000-000000000000' });
      assert.equal(unknown.error?.status, 404);
      assert.equal(unknown.error?.code, 'mfa_factor_not_found');
      const [factor] = (await client.auth.mfa.listFactors()).data?.all ?? [];
      const noChallenge = await client.auth.mfa.verify({
        factorId: factor?.id ?? '',
        challengeId: '00000000-0000-4000-8000-000000000000',
        code: '123456',
      });
      assert.equal(noChallenge.error?.code, 'mfa_factor_not_found');
      assert.equal(noChallenge.error?.message, 'MFA factor with the provided challenge ID not found');
      const empty = await authFetch(server, `/factors/${factor?.id}/verify`, {
        method: 'POST',
        headers: { authorization: `Bearer ${(await client.auth.getSession()).data.session?.access_token}` },
        body: JSON.stringify({ challenge_id: '00000000-0000-4000-8000-000000000000', code: '' }),
      });
      assert.equal(empty.status, 400);
      assert.equal((empty.body as { msg: string }).msg, 'Code needs to be non-empty');
      const phone = await client.auth.mfa.enroll({ factorType: 'phone', phone: '+14155550100' });
      assert.equal(phone.error?.code, 'mfa_phone_enroll_not_enabled');
    });

    test('with [auth.mfa.totp] off (the CLI default) enrolment answers mfa_totp_enroll_not_enabled', async () => {
      const { client } = await member(disabled);
      const { error } = await client.auth.mfa.enroll({ factorType: 'totp' });
      assert.equal(error?.status, 422);
      assert.equal(error?.code, 'mfa_totp_enroll_not_enabled');
      assert.equal(error?.message, 'MFA enroll is disabled for TOTP');
    });

    test("admin factor endpoints list, rename and delete a user's factors", async () => {
      const { client, id } = await member();
      const { factorId } = await enrolled(client);
      const admin = server.admin().auth.admin.mfa;
      const listed = await admin.listFactors({ userId: id });
      assert.equal(listed.error, null);
      assert.deepEqual(
        listed.data?.factors.map((f) => [f.id, f.status, f.factor_type]),
        [[factorId, 'verified', 'totp']],
      );
      const renamed = await authFetch(server, `/admin/users/${id}/factors/${factorId}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${server.serviceRoleKey}` },
        body: JSON.stringify({ friendly_name: 'Renamed' }),
      });
      assert.equal(renamed.status, 200);
      assert.equal((renamed.body as { friendly_name: string }).friendly_name, 'Renamed');
      const deleted = await authFetch(server, `/admin/users/${id}/factors/${factorId}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${server.serviceRoleKey}` },
      });
      assert.equal(deleted.status, 200);
      assert.equal((deleted.body as { id: string }).id, factorId, 'the deleted factor is answered');
      const refreshed = await client.auth.refreshSession();
      assert.equal(decodeJwt(refreshed.data.session?.access_token ?? '').aal, 'aal1');
      const missing = await admin.deleteFactor({ userId: id, id: factorId });
      assert.equal(missing.error?.status, 404);
    });
  });
}
