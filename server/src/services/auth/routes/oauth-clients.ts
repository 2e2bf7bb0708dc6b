import type { Context, Hono } from 'hono';
import { jsonBody } from '../../../lib/route-marks.ts';
import type { AppEnv } from '../../../lib/service.ts';
import type { AuthDeps } from '../auth-deps.ts';
import { authErrors } from '../errors.ts';
import {
  clientColumns,
  findClient,
  insertClient,
  listClients,
  newClientSecret,
  readRegistration,
  readUpdate,
  type OAuthClient,
} from '../oauth-clients.ts';
import { clientIp, isUuid, readBody } from '../request-input.ts';

/** requireOAuthServerEnabled: everything of the OAuth server answers 404 feature_disabled while it is off. */
export function requireOAuthServer(ctx: AuthDeps): void {
  if (!ctx.settings.oauthServer.enabled) throw authErrors.featureDisabled('OAuth server is disabled');
}

/** Go's json.Decoder on a body that is not a JSON object: 400 bad_json "Invalid JSON body". */
async function readClientFields(c: Context<AppEnv>): Promise<Record<string, unknown>> {
  try {
    return await readBody(c);
  } catch {
    throw authErrors.badJsonMessage('Invalid JSON body');
  }
}

/**
 * Client registration (internal/api/oauthserver/handlers.go): the admin API
 * `/admin/oauth/clients` (create, list, get, update, delete, regenerate_secret) behind
 * mountAdmin's service-role check, and RFC 7591 dynamic registration at
 * `/oauth/clients/register` when `allow_dynamic_registration` is on.
 */
export function mountOAuthClients(ctx: AuthDeps, routes: Hono<AppEnv>): void {
  /** LoadOAuthServerClient: a UUID naming a client that is not deleted. */
  async function loadClient(id: string): Promise<OAuthClient> {
    requireOAuthServer(ctx);
    if (!isUuid(id)) throw authErrors.validation('invalid client_id format');
    const client = await ctx.db.transaction({ kind: 'system' }, (tx) => findClient(tx, id), { readOnly: true });
    if (!client) throw authErrors.oauthClientNotFound();
    return client;
  }

  async function register(c: Context<AppEnv>, registrationType: 'manual' | 'dynamic') {
    const fields = readRegistration(await readClientFields(c));
    const { client, secret } = await ctx.db.transaction({ kind: 'system' }, (tx) => insertClient(tx, fields, registrationType));
    return c.json({ client_id: client.id, ...(secret ? { client_secret: secret } : {}), ...client.json }, 201);
  }

  routes.post('/admin/oauth/clients', jsonBody, (c) => {
    requireOAuthServer(ctx);
    return register(c, 'manual');
  });

  routes.post('/oauth/clients/register', jsonBody, async (c) => {
    requireOAuthServer(ctx);
    await ctx.limiter.hit('oauth_client_register', clientIp(c));
    if (!ctx.settings.oauthServer.allowDynamicRegistration) throw authErrors.oauthDynamicRegistrationDisabled();
    return register(c, 'dynamic');
  });

  routes.get('/admin/oauth/clients', async (c) => {
    requireOAuthServer(ctx);
    const clients = await ctx.db.transaction({ kind: 'system' }, listClients, { readOnly: true });
    return c.json(clients.length > 0 ? { clients } : {});
  });

  routes.get('/admin/oauth/clients/:id', async (c) => c.json((await loadClient(c.req.param('id'))).json));

  routes.put('/admin/oauth/clients/:id', jsonBody, async (c) => {
    const client = await loadClient(c.req.param('id'));
    const fields = readUpdate(await readClientFields(c));
    const method = fields.token_endpoint_auth_method;
    const allowed = client.client_type === 'public' ? ['none'] : ['client_secret_basic', 'client_secret_post'];
    if (method !== undefined && !allowed.includes(method))
      throw authErrors.validation(
        `token_endpoint_auth_method '${method}' is not valid for client_type '${client.client_type}'; valid methods: [${allowed.join(' ')}]`,
      );
    const { rows } = await ctx.db.transaction({ kind: 'system' }, (tx) =>
      tx.query<OAuthClient>(
        `update auth.oauth_clients c set
           redirect_uris = coalesce($2, c.redirect_uris), grant_types = coalesce($3, c.grant_types),
           client_name = case when $4::boolean then $5 else c.client_name end,
           client_uri = case when $6::boolean then $7 else c.client_uri end,
           logo_uri = case when $8::boolean then $9 else c.logo_uri end,
           token_endpoint_auth_method = coalesce($10, c.token_endpoint_auth_method), updated_at = now()
         where c.id = $1 and c.deleted_at is null returning ${clientColumns('c')}`,
        [
          client.id,
          fields.redirect_uris?.join(',') ?? null,
          fields.grant_types?.join(',') ?? null,
          fields.client_name !== undefined,
          fields.client_name || null,
          fields.client_uri !== undefined,
          fields.client_uri || null,
          fields.logo_uri !== undefined,
          fields.logo_uri || null,
          method ?? null,
        ],
      ),
    );
    if (!rows[0]) throw authErrors.oauthClientNotFound();
    return c.json(rows[0].json);
  });

  // A soft delete, as GoTrue's: the row stays, and every lookup skips it.
  routes.delete('/admin/oauth/clients/:id', async (c) => {
    const client = await loadClient(c.req.param('id'));
    await ctx.db.transaction({ kind: 'system' }, (tx) =>
      tx.query(`update auth.oauth_clients set deleted_at = now(), updated_at = now() where id = $1`, [client.id]),
    );
    return c.body(null, 204);
  });

  routes.post('/admin/oauth/clients/:id/regenerate_secret', jsonBody, async (c) => {
    const client = await loadClient(c.req.param('id'));
    if (client.client_type !== 'confidential') throw authErrors.validation('Cannot regenerate secret for public client');
    const { secret, hash } = newClientSecret();
    const { rows } = await ctx.db.transaction({ kind: 'system' }, (tx) =>
      tx.query<OAuthClient>(
        `update auth.oauth_clients c set client_secret_hash = $2, updated_at = now() where c.id = $1 returning ${clientColumns('c')}`,
        [client.id, hash],
      ),
    );
    return c.json({ client_id: client.id, client_secret: secret, ...rows[0]?.json });
  });
}
