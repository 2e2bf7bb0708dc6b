import type { Hono } from 'hono';
import { jsonBody } from '../../../lib/route-marks.ts';
import type { AppEnv } from '../../../lib/service.ts';
import type { AuthDeps } from '../auth-deps.ts';
import { authErrors } from '../errors.ts';
import { downgradeSessions } from '../mfa.ts';
import { isUuid, readBody, stringField } from '../request-input.ts';
import { factorJson } from '../user-json.ts';
import { ownedFactor } from './mfa.ts';

/** GET, PUT and DELETE /admin/users/:id/factors (internal/api/admin.go), behind mountAdmin's service-role check. */
export function mountAdminFactors(ctx: AuthDeps, routes: Hono<AppEnv>): void {
  async function existingUser(id: string): Promise<void> {
    if (!isUuid(id)) throw authErrors.validation('user_id must be an UUID');
    const found = await ctx.db.transaction({ kind: 'system' }, (tx) => tx.query(`select 1 from auth.users where id = $1`, [id]), {
      readOnly: true,
    });
    if (found.rowCount === 0) throw authErrors.userNotFound();
  }

  routes.get('/admin/users/:id/factors', async (c) => {
    const userId = c.req.param('id');
    await existingUser(userId);
    const { rows } = await ctx.db.transaction(
      { kind: 'system' },
      (tx) =>
        tx.query<{ json: Record<string, unknown> }>(
          `select ${factorJson('f')} as json from auth.mfa_factors f where f.user_id = $1 order by f.created_at, f.id`,
          [userId],
        ),
      { readOnly: true },
    );
    return c.json(rows.map((r) => r.json));
  });

  routes.put('/admin/users/:id/factors/:factorId', jsonBody, async (c) => {
    const userId = c.req.param('id');
    await existingUser(userId);
    const friendlyName = stringField(await readBody(c), 'friendly_name');
    const json = await ctx.db.transaction({ kind: 'system' }, async (tx) => {
      const factor = await ownedFactor(tx, userId, c.req.param('factorId'));
      if (friendlyName === '') return factor.json;
      await tx.query(`update auth.mfa_factors set friendly_name = $2, updated_at = now() where id = $1`, [factor.id, friendlyName]);
      return (await ownedFactor(tx, userId, factor.id)).json;
    });
    return c.json(json);
  });

  routes.delete('/admin/users/:id/factors/:factorId', jsonBody, async (c) => {
    const userId = c.req.param('id');
    await existingUser(userId);
    const json = await ctx.db.transaction({ kind: 'system' }, async (tx) => {
      const factor = await ownedFactor(tx, userId, c.req.param('factorId'));
      await tx.query(`delete from auth.mfa_factors where id = $1`, [factor.id]);
      await downgradeSessions(tx, factor.id);
      return factor.json;
    });
    return c.json(json);
  });
}
