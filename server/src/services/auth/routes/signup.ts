import { randomUUID } from 'node:crypto';
import type { Hono } from 'hono';
import { jsonBody } from '../../../lib/route-marks.ts';
import type { AppEnv } from '../../../lib/service.ts';
import type { AuthDeps } from '../auth-deps.ts';
import { authErrors } from '../errors.ts';
import { checkMailFrequency, prepareConfirmation, readPkce, sendMails, type PendingMail } from '../flows.ts';
import { checkPasswordStrength, hashPassword } from '../passwords.ts';
import { clientIp, objectField, readBody, stringField, validateEmail, type HonoContext } from '../request-input.ts';
import { createSession, loadUser, toTokenResponse, type IssuedSession } from '../tokens.ts';
import { confirmEmail, insertUser, mergeMetadataSql } from '../users.ts';

/** sanitizeUser (internal/api/signup.go): what an existing address gets back when confirmations are on, so addresses cannot be probed. */
function obfuscatedUser(email: string, data: Record<string, unknown>): Record<string, unknown> {
  const now = new Date().toISOString().replace(/(\.\d{3})Z$/, '$1000Z');
  return {
    id: randomUUID(),
    aud: 'authenticated',
    role: '',
    email,
    phone: '',
    confirmation_sent_at: now,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: data,
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  };
}

/** POST /signup (internal/api/signup.go): email + password; a session when confirmations are off, else the user and a confirmation mail. */
export function mountSignup(ctx: AuthDeps, routes: Hono<AppEnv>): void {
  routes.post('/signup', jsonBody, async (c) => {
    const { settings } = ctx;
    const ip = clientIp(c);
    const body = await readBody(c);
    const email = stringField(body, 'email');
    const phone = stringField(body, 'phone');
    const password = stringField(body, 'password');
    const data = objectField(body, 'data') ?? {};
    const pkce = readPkce(body);
    if (!settings.enableSignup) throw authErrors.signupDisabled();
    if (email === '' && phone === '' && password === '') return signUpAnonymously(ctx, c, ip, data);
    await ctx.limiter.hit('signups', ip);
    if (phone !== '' && email === '') throw authErrors.phoneProviderDisabled();
    if (!settings.emailEnableSignup) throw authErrors.emailProviderDisabled();
    if (password === '') throw authErrors.validation422('Signup requires a valid password');
    checkPasswordStrength(settings, password);
    const address = validateEmail(email);
    const redirectTo = ctx.redirects.resolve(c.req.query('redirect_to'), c.req.header('referer'));
    const encrypted = await hashPassword(password);
    const autoconfirm = !settings.enableConfirmations;
    const meta = { userAgent: c.req.header('user-agent') ?? null, ip };
    const result = await ctx.db.transaction(
      { kind: 'system' },
      async (tx): Promise<{ issued?: IssuedSession; user?: Record<string, unknown>; mails: PendingMail[] }> => {
        const existing = await loadUser(tx, 'lower(u.email) = $1 and not u.is_sso_user', [address]);
        let userId: string;
        if (existing) {
          if (existing.email_confirmed) {
            if (autoconfirm) throw authErrors.userAlreadyExists();
            return { user: obfuscatedUser(address, data), mails: [] };
          }
          if (!autoconfirm) checkMailFrequency(ctx, existing.confirmation_sent_epoch);
          await tx.query(
            `update auth.users set encrypted_password = $2, raw_user_meta_data = ${mergeMetadataSql('raw_user_meta_data', '$3')}, updated_at = now() where id = $1`,
            [existing.id, encrypted, JSON.stringify(data)],
          );
          userId = existing.id;
        } else {
          userId = (await insertUser(tx, { email: address, encryptedPassword: encrypted, userMetadata: data, confirmed: autoconfirm })).id;
        }
        if (autoconfirm) {
          await confirmEmail(tx, userId);
          return { issued: await createSession(tx, userId, 'password', meta), mails: [] };
        }
        const mail = await prepareConfirmation(ctx, tx, { id: userId, email: address }, redirectTo, pkce);
        const user = await loadUser(tx, 'u.id = $1', [userId]);
        return { user: user?.json ?? {}, mails: [mail] };
      },
    );
    await sendMails(ctx, result.mails);
    if (result.issued) return c.json(await toTokenResponse(ctx, result.issued));
    return c.json(result.user ?? {});
  });
}

/** signInAnonymously (internal/api/anonymous.go): a user without email, and a session. */
async function signUpAnonymously(ctx: AuthDeps, c: HonoContext, ip: string, data: Record<string, unknown>): Promise<Response> {
  const userAgent = c.req.header('user-agent') ?? null;
  if (!ctx.settings.enableAnonymousSignIns) throw authErrors.anonymousDisabled();
  await ctx.limiter.hit('anonymous_users', ip);
  const issued = await ctx.db.transaction({ kind: 'system' }, async (tx) => {
    const user = await insertUser(tx, { email: null, encryptedPassword: '', userMetadata: data, confirmed: false, isAnonymous: true });
    return createSession(tx, user.id, 'anonymous', { userAgent, ip });
  });
  return c.json(await toTokenResponse(ctx, issued));
}
