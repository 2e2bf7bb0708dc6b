import type { Context, Hono } from 'hono';
import { jsonBody } from '../../../lib/route-marks.ts';
import type { AppEnv } from '../../../lib/service.ts';
import type { AuthDeps } from '../auth-deps.ts';
import { authErrors } from '../errors.ts';
import { isUuid } from '../request-input.ts';
import { requireUser, type Authenticated } from '../sessions.ts';
import { loadUser } from '../tokens.ts';

/** requireAuthentication, then requireManualLinkingEnabled (internal/api/api.go, middleware.go). */
async function linkingUser(ctx: AuthDeps, c: Context<AppEnv>): Promise<Authenticated> {
  const auth = await requireUser(ctx, c);
  if (!ctx.settings.enableManualLinking) throw authErrors.manualLinkingDisabled();
  return auth;
}

/** DELETE /user/identities/:id (identity.go); linking starts in external.ts. */
export function mountIdentities(ctx: AuthDeps, routes: Hono<AppEnv>): void {
  routes.delete('/user/identities/:id', jsonBody, async (c) => {
    const { user } = await linkingUser(ctx, c);
    const identityId = c.req.param('id');
    if (!isUuid(identityId)) throw authErrors.identityIdNotUuid();
    const updated = await ctx.db.transaction({ kind: 'system' }, async (tx) => {
      const { rows } = await tx.query<{ id: string; provider: string }>(
        `select id::text, provider from auth.identities where user_id = $1 for update`,
        [user.id],
      );
      if (rows.length <= 1) throw authErrors.singleIdentityNotDeletable();
      const doomed = rows.find((r) => r.id === identityId);
      if (!doomed) throw authErrors.identityNotFound();
      await tx.query(`delete from auth.identities where id = $1`, [identityId]);
      if (doomed.provider === 'phone')
        await tx.query(`update auth.users set phone = null, phone_confirmed_at = null where id = $1`, [user.id]);
      // UpdateAppMetaDataProviders: the providers left, in the order they were linked.
      await tx.query(
        `update auth.users set updated_at = now(), raw_app_meta_data = coalesce(raw_app_meta_data, '{}'::jsonb) || jsonb_build_object(
           'providers', (select coalesce(jsonb_agg(distinct provider), '[]'::jsonb) from auth.identities where user_id = $1))
         where id = $1`,
        [user.id],
      );
      return loadUser(tx, 'u.id = $1', [user.id]);
    });
    if (!updated) throw authErrors.userNotFound();
    return c.json({});
  });
}
