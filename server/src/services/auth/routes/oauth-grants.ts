import type { Hono } from 'hono';
import type { AppEnv } from '../../../lib/service.ts';
import type { AuthDeps } from '../auth-deps.ts';
import { authErrors } from '../errors.ts';
import { isUuid } from '../request-input.ts';
import { requireUser } from '../sessions.ts';
import { scopeList } from './oauth-authorize.ts';
import { requireOAuthServer } from './oauth-clients.ts';

const ts = (expr: string) => `to_char((${expr}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * The apps a member let in (handlers.go UserListOAuthGrants, UserRevokeOAuthGrant):
 * GET /user/oauth/grants lists the active consents with their client; DELETE
 * /user/oauth/grants?client_id= revokes one and ends every session that client holds.
 */
export function mountOAuthGrants(ctx: AuthDeps, routes: Hono<AppEnv>): void {
  routes.get('/user/oauth/grants', async (c) => {
    requireOAuthServer(ctx);
    const auth = await requireUser(ctx, c);
    const { rows } = await ctx.db.transaction(
      { kind: 'system' },
      (tx) =>
        tx.query<{ id: string; name: string | null; uri: string | null; logo_uri: string | null; scopes: string; granted_at: string }>(
          `select k.id::text, k.client_name as name, k.client_uri as uri, k.logo_uri, s.scopes, ${ts('s.granted_at')} as granted_at
           from auth.oauth_consents s join auth.oauth_clients k on k.id = s.client_id and k.deleted_at is null
           where s.user_id = $1 and s.revoked_at is null order by s.granted_at desc`,
          [auth.user.id],
        ),
      { readOnly: true },
    );
    return c.json(
      rows.map((r) => ({
        client: {
          id: r.id,
          ...(r.name ? { name: r.name } : {}),
          ...(r.uri ? { uri: r.uri } : {}),
          ...(r.logo_uri ? { logo_uri: r.logo_uri } : {}),
        },
        scopes: scopeList(r.scopes),
        granted_at: r.granted_at,
      })),
    );
  });

  routes.delete('/user/oauth/grants', async (c) => {
    requireOAuthServer(ctx);
    const auth = await requireUser(ctx, c);
    const clientId = c.req.query('client_id') ?? '';
    if (clientId === '') throw authErrors.validation('client_id query parameter is required');
    if (!isUuid(clientId)) throw authErrors.validation('invalid client_id format');
    const revoked = await ctx.db.transaction({ kind: 'system' }, async (tx) => {
      const { rowCount } = await tx.query(
        `update auth.oauth_consents set revoked_at = now() where user_id = $1 and client_id = $2 and revoked_at is null`,
        [auth.user.id, clientId],
      );
      // RevokeOAuthSessions: the client's refresh tokens stop working with their sessions.
      if (rowCount > 0) await tx.query(`delete from auth.sessions where user_id = $1 and oauth_client_id = $2`, [auth.user.id, clientId]);
      return rowCount > 0;
    });
    if (!revoked) throw authErrors.oauthConsentNotFound();
    return c.body(null, 204);
  });
}
