import type { Hono } from 'hono';
import { jsonBody } from '../../../lib/route-marks.ts';
import type { AppEnv } from '../../../lib/service.ts';
import type { AuthDeps } from '../auth-deps.ts';
import { authErrors } from '../errors.ts';
import { isUuid, readBody, stringField } from '../request-input.ts';
import { requireUser } from '../sessions.ts';
import { passkeyJson } from '../webauthn-store.ts';
import { requireManagementAal, requirePasskeys } from './passkeys.ts';

type Item = Record<string, unknown>;

/**
 * Listing, renaming and removing passkeys (internal/api/passkey_manage.go, passkey_admin.go):
 * GET /passkeys, PATCH and DELETE /passkeys/:id for the signed-in member; GET and DELETE
 * /admin/users/:id/passkeys[/:passkey_id] behind mountAdmin's service-role check.
 */
export function mountPasskeyManagement(ctx: AuthDeps, routes: Hono<AppEnv>): void {
  const list = (userId: string) =>
    ctx.db.transaction(
      { kind: 'system' },
      async (tx) =>
        (
          await tx.query<{ json: Item }>(
            `select ${passkeyJson('w')} as json from auth.webauthn_credentials w where w.user_id = $1 order by w.created_at, w.id`,
            [userId],
          )
        ).rows.map((r) => r.json),
      { readOnly: true },
    );

  /** Deletes the member's passkey; a malformed or foreign id is the same 404 as an unknown one. */
  const remove = async (userId: string, passkeyId: string) => {
    const deleted = isUuid(passkeyId)
      ? await ctx.db.transaction({ kind: 'system' }, (tx) =>
          tx.query(`delete from auth.webauthn_credentials where id = $1 and user_id = $2`, [passkeyId, userId]),
        )
      : { rowCount: 0 };
    if (deleted.rowCount === 0) throw authErrors.passkeyNotFound();
  };

  routes.get('/passkeys', async (c) => {
    requirePasskeys(ctx);
    const auth = await requireUser(ctx, c);
    return c.json(await list(auth.user.id));
  });

  routes.patch('/passkeys/:id', jsonBody, async (c) => {
    requirePasskeys(ctx);
    const auth = await requireUser(ctx, c);
    const passkeyId = c.req.param('id');
    if (!isUuid(passkeyId)) throw authErrors.passkeyNotFound();
    const friendlyName = stringField(await readBody(c), 'friendly_name');
    if (friendlyName === '') throw authErrors.validation('friendly_name is required');
    // Go's len counts bytes.
    if (Buffer.byteLength(friendlyName) > 120) throw authErrors.validation('friendly_name must be 120 characters or less');
    const { rows } = await ctx.db.transaction({ kind: 'system' }, (tx) =>
      tx.query<{ json: Item }>(
        `update auth.webauthn_credentials w set friendly_name = $3, updated_at = now()
         where w.id = $1 and w.user_id = $2 returning ${passkeyJson('w')} as json`,
        [passkeyId, auth.user.id, friendlyName],
      ),
    );
    if (!rows[0]) throw authErrors.passkeyNotFound();
    return c.json(rows[0].json);
  });

  routes.delete('/passkeys/:id', async (c) => {
    requirePasskeys(ctx);
    const auth = await requireUser(ctx, c);
    await requireManagementAal(ctx, auth);
    await remove(auth.user.id, c.req.param('id'));
    return c.body(null, 204);
  });

  async function existingUser(id: string): Promise<void> {
    if (!isUuid(id)) throw authErrors.validation('user_id must be an UUID');
    const found = await ctx.db.transaction({ kind: 'system' }, (tx) => tx.query(`select 1 from auth.users where id = $1`, [id]), {
      readOnly: true,
    });
    if (found.rowCount === 0) throw authErrors.userNotFound();
  }

  routes.get('/admin/users/:id/passkeys', async (c) => {
    await existingUser(c.req.param('id'));
    return c.json(await list(c.req.param('id')));
  });

  routes.delete('/admin/users/:id/passkeys/:passkeyId', async (c) => {
    await existingUser(c.req.param('id'));
    await remove(c.req.param('id'), c.req.param('passkeyId'));
    return c.body(null, 204);
  });
}
