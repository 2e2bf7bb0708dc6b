import type { Hono } from 'hono';
import { jsonBody } from '../../../lib/route-marks.ts';
import type { AppEnv } from '../../../lib/service.ts';
import type { AuthDeps } from '../auth-deps.ts';
import { authErrors } from '../errors.ts';
import { checkMailFrequency, prepareEmailChange, readPkce, sendMails, type PendingMail } from '../flows.ts';
import { checkPasswordStrength, hashPassword, verifyPassword } from '../passwords.ts';
import { objectField, optionalString, readBody, stringField, validateEmail } from '../request-input.ts';
import { endSessions, requireUser } from '../sessions.ts';
import { loadUser, newOtp, tokenHash } from '../tokens.ts';
import { applyEmailChange, mergeMetadataSql } from '../users.ts';

/** GET /user, PUT /user (internal/api/user.go) and POST /logout (internal/api/logout.go). */
export function mountUser(ctx: AuthDeps, routes: Hono<AppEnv>): void {
  routes.get('/user', async (c) => {
    const { user } = await requireUser(ctx, c);
    return c.json(user.json);
  });

  routes.put('/user', jsonBody, async (c) => {
    const { settings } = ctx;
    const auth = await requireUser(ctx, c);
    const { user } = auth;
    const body = await readBody(c);
    let email = stringField(body, 'email');
    const password = optionalString(body, 'password');
    const data = objectField(body, 'data');
    const appData = objectField(body, 'app_metadata');
    const nonce = stringField(body, 'nonce');
    const pkce = readPkce(body);
    if (email !== '') email = validateEmail(email);
    if (password !== null) checkPasswordStrength(settings, password);
    if (appData !== null) throw authErrors.notAdmin('Updating app_metadata requires admin privileges');
    if (user.is_anonymous && password && email === '') {
      throw authErrors.validation422('Updating password of an anonymous user without an email or phone is not allowed');
    }
    const changesEmail = email !== '' && email !== (user.email ?? '');
    let encrypted: string | null = null;
    if (password !== null) {
      const recent = auth.sessionCreatedEpoch !== null && Date.now() / 1000 - auth.sessionCreatedEpoch < 24 * 3600;
      // secure_password_change: a session older than 24 h needs the nonce mailed by GET /reauthenticate.
      let reauthenticated = false;
      if (settings.securePasswordChange && !recent) {
        if (nonce === '') throw authErrors.reauthenticationNeeded();
        const expired =
          user.reauthentication_sent_epoch === null || user.reauthentication_sent_epoch + settings.otpExpiry < Date.now() / 1000;
        if (expired || user.reauthentication_token === '' || tokenHash(user.email ?? '', nonce) !== user.reauthentication_token)
          throw authErrors.reauthenticationNotValid();
        reauthenticated = true;
      }
      // require_current_password (3.x; 2.x: secure_password_change) asks for the current password (GoTrue's
      // update_password_require_current_password, hosted's "Secure password change"), unless the
      // user has none yet, the session came from a mailed link or code (Session.IsRecovery:
      // an `otp`, `magiclink` or `recovery` authentication method), or this request carries the
      // reauthentication code mailed to the account, which proves the same as the password.
      const amr: unknown[] = Array.isArray(auth.claims.amr) ? auth.claims.amr : [];
      const recovery = amr.some(
        (claim) =>
          typeof claim === 'object' &&
          claim !== null &&
          'method' in claim &&
          ['otp', 'magiclink', 'recovery'].includes(String(claim.method)),
      );
      if (settings.requireCurrentPassword && password !== '' && user.encrypted_password && !recovery && !reauthenticated) {
        const current = optionalString(body, 'current_password');
        if (!current) throw authErrors.currentPasswordRequired();
        if (!(await verifyPassword(current, user.encrypted_password))) throw authErrors.currentPasswordInvalid();
      }
      if (password !== '' && (await verifyPassword(password, user.encrypted_password))) throw authErrors.samePassword();
      encrypted = await hashPassword(password);
    }
    const redirectTo = ctx.redirects.resolve(c.req.query('redirect_to'), c.req.header('referer'));
    const result = await ctx.db.transaction({ kind: 'system' }, async (tx) => {
      const mails: PendingMail[] = [];
      if (changesEmail) {
        const taken = await tx.query(`select 1 from auth.users where lower(email) = $1 and id <> $2 and not is_sso_user`, [email, user.id]);
        if (taken.rowCount > 0) throw authErrors.emailExists();
      }
      if (encrypted !== null) {
        await tx.query(`update auth.users set encrypted_password = $2, reauthentication_token = '', updated_at = now() where id = $1`, [
          user.id,
          encrypted,
        ]);
        // UpdatePassword (models/user.go): every other session of the user ends.
        await tx.query(`delete from auth.sessions where user_id = $1 and id is distinct from $2::uuid`, [user.id, auth.sessionId]);
      }
      if (data !== null) {
        await tx.query(
          `update auth.users set raw_user_meta_data = ${mergeMetadataSql('raw_user_meta_data', '$2')}, updated_at = now() where id = $1`,
          [user.id, JSON.stringify(data)],
        );
      }
      if (changesEmail) {
        if (user.is_anonymous && !settings.enableConfirmations) {
          await tx.query(`update auth.users set email_change = $2 where id = $1`, [user.id, email]);
          await applyEmailChange(tx, user.id);
        } else {
          checkMailFrequency(ctx, user.email_change_sent_epoch);
          mails.push(...(await prepareEmailChange(ctx, tx, { id: user.id, email: user.email ?? '' }, email, redirectTo, pkce)));
        }
      }
      return { user: await loadUser(tx, 'u.id = $1', [user.id]), mails };
    });
    await sendMails(ctx, result.mails);
    return c.json(result.user?.json ?? user.json);
  });

  /** GET /reauthenticate (internal/api/reauthenticate.go): mails a code to confirm a sensitive change. */
  routes.get('/reauthenticate', async (c) => {
    const { user } = await requireUser(ctx, c);
    const email = user.email ?? '';
    if (email === '') throw authErrors.validation422('Reauthentication requires the user to have an email or a phone number');
    checkMailFrequency(ctx, user.reauthentication_sent_epoch);
    const otp = newOtp(ctx.settings.otpLength);
    await ctx.db.transaction({ kind: 'system' }, (tx) =>
      tx.query(`update auth.users set reauthentication_token = $2, reauthentication_sent_at = now() where id = $1`, [
        user.id,
        tokenHash(email, otp),
      ]),
    );
    await sendMails(ctx, [{ kind: 'reauthentication', data: { to: email, email, token: otp, confirmationUrl: '' } }]);
    return c.json({});
  });

  routes.post('/logout', jsonBody, async (c) => {
    const scope = c.req.query('scope') ?? 'global';
    if (scope !== 'global' && scope !== 'local' && scope !== 'others') throw authErrors.validation(`Unsupported logout scope "${scope}"`);
    const auth = await requireUser(ctx, c);
    await endSessions(ctx, auth, scope);
    return c.body(null, 204);
  });
}
