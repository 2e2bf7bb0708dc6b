import type { Hono } from 'hono';
import { jsonBody } from '../../../lib/route-marks.ts';
import type { AppEnv } from '../../../lib/service.ts';
import type { AuthDeps } from '../auth-deps.ts';
import { AuthError, authErrors, oauthErrorParams } from '../errors.ts';
import { redirectWithParams } from '../redirects.ts';
import { clientIp, readBody, stringField, validateEmail } from '../request-input.ts';
import { toTokenResponse } from '../tokens.ts';
import { isEmailVerifyType, verifyEmailToken } from '../verification.ts';

const singleConfirmationAccepted = 'Confirmation link accepted. Please proceed to confirm link sent to the other email';

/** GET /verify (the mailed link) and POST /verify (verifyOtp), internal/api/verify.go. */
export function mountVerify(ctx: AuthDeps, routes: Hono<AppEnv>): void {
  routes.get('/verify', async (c) => {
    await ctx.limiter.hit('verify', clientIp(c));
    const token = (c.req.query('token') ?? '').replaceAll('-', '');
    const type = c.req.query('type') ?? '';
    const redirectTo = ctx.redirects.resolve(c.req.query('redirect_to'), c.req.header('referer'));
    if (token === '') throw authErrors.validation('Verify requires a token or a token hash');
    if (type === '') throw authErrors.validation('Verify requires a verification type');
    const pkce = token.startsWith('pkce_');
    try {
      if (!isEmailVerifyType(type) || type === 'email') throw authErrors.validation('Unsupported verification type');
      const meta = { userAgent: c.req.header('user-agent') ?? null, ip: clientIp(c) };
      const outcome = await ctx.db.transaction({ kind: 'system' }, (tx) =>
        verifyEmailToken(ctx, tx, { type, token, meta, expiredMessage: 'Email link is invalid or has expired', allowCode: true }),
      );
      if (outcome.kind === 'partial')
        return c.redirect(redirectWithParams(redirectTo, { message: singleConfirmationAccepted }, { query: pkce }), 303);
      if (outcome.kind === 'code') {
        const u = new URL(redirectTo);
        u.searchParams.set('code', outcome.code);
        return c.redirect(u.toString(), 303);
      }
      const session = await toTokenResponse(ctx, outcome.issued);
      const fragment = new URLSearchParams({
        access_token: session.access_token,
        expires_at: String(session.expires_at),
        expires_in: String(session.expires_in),
        refresh_token: session.refresh_token,
        sb: '',
        token_type: 'bearer',
        type,
      });
      return c.redirect(`${redirectTo.split('#')[0]}#${fragment.toString()}`, 303);
    } catch (error: unknown) {
      if (!(error instanceof AuthError) || error.status >= 500) throw error;
      const params = { ...oauthErrorParams(error), sb: '' };
      return c.redirect(redirectWithParams(redirectTo, params, { query: pkce, keepQuery: false }), 303);
    }
  });

  routes.post('/verify', jsonBody, async (c) => {
    await ctx.limiter.hit('verify', clientIp(c));
    const body = await readBody(c);
    const type = stringField(body, 'type');
    const otp = stringField(body, 'token').replaceAll('-', '');
    const hash = stringField(body, 'token_hash');
    const email = stringField(body, 'email');
    const phone = stringField(body, 'phone');
    if (otp === '' && hash === '') throw authErrors.validation('Verify requires either a token or a token hash');
    if (type === '') throw authErrors.validation('Verify requires a verification type');
    if (otp !== '' && phone !== '' && email === '' && !/^[1-9][0-9]{1,14}$/.test(phone.replace(/^\+|[\s()-]/g, '')))
      throw authErrors.validation('Invalid phone number format (E.164 required)');
    // No SMS is ever sent here, so no phone code or phone change can match (verify.go verifyUserAndToken).
    if (phone !== '' || type === 'sms' || type === 'phone_change') throw authErrors.otpExpired();
    if (!isEmailVerifyType(type)) throw authErrors.validation('Unsupported verification type');
    if (hash === '' && email === '') throw authErrors.validation('Only an email address or phone number should be provided on verify');
    const address = hash === '' ? validateEmail(email) : undefined;
    const meta = { userAgent: c.req.header('user-agent') ?? null, ip: clientIp(c) };
    const outcome = await ctx.db.transaction({ kind: 'system' }, (tx) =>
      verifyEmailToken(ctx, tx, {
        type,
        token: hash === '' ? otp : hash,
        email: address,
        meta,
        expiredMessage: 'Token has expired or is invalid',
        allowCode: false,
      }),
    );
    if (outcome.kind === 'partial') return c.json({ msg: singleConfirmationAccepted, code: 200 });
    if (outcome.kind === 'code') throw authErrors.validation('A PKCE token must be exchanged through the link');
    return c.json(await toTokenResponse(ctx, outcome.issued));
  });
}
