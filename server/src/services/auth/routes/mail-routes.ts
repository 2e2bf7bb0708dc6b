import { randomBytes } from 'node:crypto';
import type { Hono } from 'hono';
import { jsonBody } from '../../../lib/route-marks.ts';
import type { AppEnv } from '../../../lib/service.ts';
import type { AuthDeps } from '../auth-deps.ts';
import { authErrors } from '../errors.ts';
import {
  checkMailFrequency,
  prepareConfirmation,
  prepareEmailChange,
  prepareRecovery,
  readPkce,
  sendMails,
  type PendingMail,
} from '../flows.ts';
import { hashPassword } from '../passwords.ts';
import { boolField, clientIp, objectField, readBody, stringField, validateEmail, type HonoContext } from '../request-input.ts';
import { loadUser } from '../tokens.ts';
import { insertUser } from '../users.ts';

const redirectOf = (ctx: AuthDeps, c: HonoContext, body: Record<string, unknown>) =>
  ctx.redirects.resolve(c.req.query('redirect_to') ?? stringField(body, 'redirect_to'), c.req.header('referer'));

/** POST /recover, /resend, /otp and /magiclink (internal/api/recover.go, resend.go, otp.go, magic_link.go). */
export function mountMailRoutes(ctx: AuthDeps, routes: Hono<AppEnv>): void {
  routes.post('/recover', jsonBody, async (c) => {
    const body = await readBody(c);
    const email = validateEmail(stringField(body, 'email'));
    const pkce = readPkce(body);
    const redirectTo = redirectOf(ctx, c, body);
    const mails = await ctx.db.transaction({ kind: 'system' }, async (tx): Promise<PendingMail[]> => {
      const user = await loadUser(tx, 'lower(u.email) = $1 and not u.is_sso_user and u.deleted_at is null', [email]);
      // Unknown addresses get the same answer, so accounts cannot be probed.
      if (!user) return [];
      checkMailFrequency(ctx, user.recovery_sent_epoch);
      return [await prepareRecovery(ctx, tx, { id: user.id, email }, redirectTo, pkce, 'recovery')];
    });
    await sendMails(ctx, mails);
    return c.json({});
  });

  routes.post('/resend', jsonBody, async (c) => {
    const body = await readBody(c);
    const type = stringField(body, 'type');
    if (type !== 'signup' && type !== 'email_change' && type !== 'sms' && type !== 'phone_change') {
      throw authErrors.validation('Missing one of these types: signup, email_change, sms, phone_change');
    }
    if (type === 'sms' || type === 'phone_change') throw authErrors.phoneProviderDisabled();
    const email = validateEmail(stringField(body, 'email'));
    const pkce = readPkce(body);
    const redirectTo = redirectOf(ctx, c, body);
    const mails = await ctx.db.transaction({ kind: 'system' }, async (tx): Promise<PendingMail[]> => {
      if (type === 'signup') {
        const user = await loadUser(tx, 'lower(u.email) = $1 and u.deleted_at is null', [email]);
        if (!user || user.email_confirmed) return [];
        checkMailFrequency(ctx, user.confirmation_sent_epoch);
        return [await prepareConfirmation(ctx, tx, { id: user.id, email }, redirectTo, pkce)];
      }
      const user = await loadUser(tx, `(lower(u.email) = $1 or lower(u.email_change) = $1) and coalesce(u.email_change, '') <> ''`, [
        email,
      ]);
      if (!user) return [];
      checkMailFrequency(ctx, user.email_change_sent_epoch);
      return prepareEmailChange(ctx, tx, { id: user.id, email: user.email ?? '' }, user.email_change, redirectTo, pkce);
    });
    await sendMails(ctx, mails);
    return c.json({});
  });

  const otp = async (c: HonoContext, createByDefault: boolean) => {
    const body = await readBody(c);
    await ctx.limiter.hit('otp', clientIp(c));
    if (stringField(body, 'phone') !== '') throw authErrors.phoneProviderDisabled();
    const email = validateEmail(stringField(body, 'email'));
    const createUser = boolField(body, 'create_user') ?? createByDefault;
    const data = objectField(body, 'data') ?? {};
    const pkce = readPkce(body);
    const redirectTo = redirectOf(ctx, c, body);
    const password = createUser ? await hashPassword(randomBytes(24).toString('base64url')) : '';
    const mails = await ctx.db.transaction({ kind: 'system' }, async (tx): Promise<PendingMail[]> => {
      let user = await loadUser(tx, 'lower(u.email) = $1 and not u.is_sso_user and u.deleted_at is null', [email]);
      if (!user) {
        if (!createUser || !ctx.settings.enableSignup || !ctx.settings.emailEnableSignup) throw authErrors.otpDisabled();
        user = await insertUser(tx, { email, encryptedPassword: password, userMetadata: data, confirmed: false });
      }
      if (!user.email_confirmed && ctx.settings.enableConfirmations) {
        checkMailFrequency(ctx, user.confirmation_sent_epoch);
        return [await prepareConfirmation(ctx, tx, { id: user.id, email }, redirectTo, pkce)];
      }
      checkMailFrequency(ctx, user.recovery_sent_epoch);
      return [await prepareRecovery(ctx, tx, { id: user.id, email }, redirectTo, pkce, 'magiclink')];
    });
    await sendMails(ctx, mails);
    return c.json({});
  };
  routes.post('/otp', jsonBody, (c) => otp(c, true));
  routes.post('/magiclink', jsonBody, (c) => otp(c, true));
}
