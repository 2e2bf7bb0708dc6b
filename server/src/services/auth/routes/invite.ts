import type { Hono } from 'hono';
import { jsonBody } from '../../../lib/route-marks.ts';
import type { AppEnv } from '../../../lib/service.ts';
import type { AuthDeps } from '../auth-deps.ts';
import { authErrors } from '../errors.ts';
import { prepareConfirmation, sendMails } from '../flows.ts';
import { objectField, readBody, stringField, validateEmail } from '../request-input.ts';
import { requireAdmin } from '../sessions.ts';
import { loadUser } from '../tokens.ts';
import { insertUser } from '../users.ts';

/**
 * POST /invite (internal/api/invite.go, admin.inviteUserByEmail): a user without password,
 * `invited_at` stamped, and an invite mail whose link confirms the address and signs in.
 */
export function mountInvite(ctx: AuthDeps, routes: Hono<AppEnv>): void {
  routes.post('/invite', jsonBody, async (c) => {
    await requireAdmin(ctx, c);
    const body = await readBody(c);
    const email = validateEmail(stringField(body, 'email'));
    const data = objectField(body, 'data') ?? {};
    const redirectTo = ctx.redirects.resolve(c.req.query('redirect_to'), c.req.header('referer'));
    const result = await ctx.db.transaction({ kind: 'system' }, async (tx) => {
      let user = await loadUser(tx, 'lower(u.email) = $1 and not u.is_sso_user and u.deleted_at is null', [email]);
      if (user?.email_confirmed) throw authErrors.emailExists();
      user ??= await insertUser(tx, { email, encryptedPassword: '', userMetadata: data, confirmed: false, identityInMetadata: false });
      const mail = await prepareConfirmation(ctx, tx, { id: user.id, email }, redirectTo, null, 'invite');
      return { user: await loadUser(tx, 'u.id = $1', [user.id]), mail };
    });
    await sendMails(ctx, [result.mail]);
    return c.json(result.user?.json ?? {});
  });
}
