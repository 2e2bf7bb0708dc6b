import { randomBytes } from 'node:crypto';
import type { Hono } from 'hono';
import { jsonBody } from '../../../lib/route-marks.ts';
import type { AppEnv } from '../../../lib/service.ts';
import type { AuthDeps } from '../auth-deps.ts';
import { authErrors } from '../errors.ts';
import { prepareConfirmation, prepareEmailChange, prepareRecovery, type PendingMail } from '../flows.ts';
import { checkPasswordStrength, hashPassword } from '../passwords.ts';
import { objectField, readBody, stringField, validateEmail } from '../request-input.ts';
import { loadUser } from '../tokens.ts';
import { insertUser } from '../users.ts';

const linkTypes = ['signup', 'invite', 'magiclink', 'recovery', 'email_change_current', 'email_change_new'] as const;
type LinkType = (typeof linkTypes)[number];
const isLinkType = (v: string): v is LinkType => (linkTypes as readonly string[]).includes(v);

/**
 * POST /admin/generate_link (internal/api/mail.go adminGenerateLink): the same tokens the
 * mails would carry, returned instead of sent, beside the user's fields.
 */
export function mountGenerateLink(ctx: AuthDeps, routes: Hono<AppEnv>): void {
  routes.post('/admin/generate_link', jsonBody, async (c) => {
    const body = await readBody(c);
    const type = stringField(body, 'type');
    if (!isLinkType(type)) throw authErrors.validation('Invalid email action link type requested: ' + type);
    const email = validateEmail(stringField(body, 'email'));
    const newEmailRaw = stringField(body, 'new_email');
    const newEmail = newEmailRaw === '' ? '' : validateEmail(newEmailRaw);
    const password = stringField(body, 'password');
    const data = objectField(body, 'data') ?? {};
    const redirectTo = ctx.redirects.resolve(c.req.query('redirect_to') ?? stringField(body, 'redirect_to'), null);
    if (type === 'signup') {
      if (password === '') throw authErrors.validation422('Signup requires a valid password');
      checkPasswordStrength(ctx.settings, password);
    }
    if (type.startsWith('email_change') && newEmail === '') throw authErrors.validation('The new email address provided is invalid');
    const encrypted =
      type === 'signup'
        ? await hashPassword(password)
        : type === 'magiclink'
          ? await hashPassword(randomBytes(24).toString('base64url'))
          : '';
    const result = await ctx.db.transaction({ kind: 'system' }, async (tx) => {
      let user = await loadUser(tx, 'lower(u.email) = $1 and not u.is_sso_user and u.deleted_at is null', [email]);
      if (!user) {
        if (type === 'recovery' || type.startsWith('email_change')) throw authErrors.userWithEmailNotFound();
        user = await insertUser(tx, {
          email,
          encryptedPassword: encrypted,
          userMetadata: data,
          confirmed: false,
          identityInMetadata: false,
        });
      } else if ((type === 'signup' || type === 'invite') && user.email_confirmed) {
        throw authErrors.emailExists();
      }
      const target = { id: user.id, email };
      let mail: PendingMail;
      if (type === 'signup' || type === 'invite') mail = await prepareConfirmation(ctx, tx, target, redirectTo, null, type);
      else if (type === 'magiclink' || type === 'recovery') mail = await prepareRecovery(ctx, tx, target, redirectTo, null, type);
      else {
        const taken = await tx.query(`select 1 from auth.users where lower(email) = $1 and id <> $2`, [newEmail, user.id]);
        if (taken.rowCount > 0) throw authErrors.emailExists();
        const mails = await prepareEmailChange(ctx, tx, target, newEmail, redirectTo, null);
        const wanted = type === 'email_change_new' ? mails[0] : (mails[1] ?? mails[0]);
        if (!wanted) throw authErrors.unexpected();
        mail = wanted;
      }
      return { user: await loadUser(tx, 'u.id = $1', [user.id]), mail };
    });
    const link = new URL(result.mail.data.confirmationUrl);
    return c.json({
      ...result.user?.json,
      action_link: result.mail.data.confirmationUrl,
      email_otp: result.mail.data.token,
      hashed_token: link.searchParams.get('token') ?? '',
      redirect_to: redirectTo,
      verification_type: type.startsWith('email_change') ? 'email_change' : type,
    });
  });
}
