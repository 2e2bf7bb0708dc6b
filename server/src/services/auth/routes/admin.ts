import type { Hono } from 'hono';
import type { Tx } from '../../../db/types.ts';
import { jsonBody } from '../../../lib/route-marks.ts';
import type { AppEnv } from '../../../lib/service.ts';
import type { AuthDeps } from '../auth-deps.ts';
import { authErrors } from '../errors.ts';
import { checkPasswordStrength, hashPassword } from '../passwords.ts';
import { boolField, isUuid, objectField, optionalString, readBody, stringField, validateEmail } from '../request-input.ts';
import { requireAdmin } from '../sessions.ts';
import { parseDuration } from '../settings.ts';
import { loadUser } from '../tokens.ts';
import { userJson, type UserRow } from '../user-json.ts';
import { confirmEmail, insertUser, mergeMetadataSql } from '../users.ts';
import { mountGenerateLink } from './generate-link.ts';

/** ban_duration: "none" lifts a ban, a Go duration sets banned_until (internal/api/admin.go). */
function banUntil(value: string | null): { set: boolean; until: Date | null } {
  if (value === null || value === '') return { set: false, until: null };
  if (value === 'none') return { set: true, until: null };
  const ms = parseDuration(value, Number.NaN);
  if (Number.isNaN(ms)) throw authErrors.validation('invalid format for ban duration: ' + value);
  return { set: true, until: new Date(Date.now() + ms) };
}

async function emailTaken(tx: Tx, email: string, exceptId: string | null): Promise<boolean> {
  const { rowCount } = await tx.query(
    `select 1 from auth.users where lower(email) = $1 and id is distinct from $2::uuid and not is_sso_user`,
    [email, exceptId],
  );
  return rowCount > 0;
}

async function readPassword(ctx: AuthDeps, body: Record<string, unknown>): Promise<string | null> {
  const hashGiven = optionalString(body, 'password_hash');
  if (hashGiven) {
    if (!/^\$2[aby]?\$\d\d\$/.test(hashGiven)) throw authErrors.validation('Invalid password hash format');
    return hashGiven;
  }
  const password = optionalString(body, 'password');
  if (password === null) return null;
  checkPasswordStrength(ctx.settings, password);
  return hashPassword(password);
}

async function userById(tx: Tx, id: string): Promise<UserRow> {
  if (!isUuid(id)) throw authErrors.validation('user_id must be an UUID');
  const user = await loadUser(tx, 'u.id = $1', [id]);
  if (!user) throw authErrors.userNotFound();
  return user;
}

/** The admin API (internal/api/admin.go): only for a service_role (or supabase_admin) bearer. */
export function mountAdmin(ctx: AuthDeps, routes: Hono<AppEnv>): void {
  routes.use('/admin/*', async (c, next) => {
    await requireAdmin(ctx, c);
    await next();
  });

  routes.get('/admin/users', async (c) => {
    // Empty values count as absent (api/paginate.go), as supabase-js sends `page=&per_page=`.
    const page = Number(c.req.query('page') || '1');
    const perPage = Number(c.req.query('per_page') || '50');
    if (!Number.isInteger(page) || page < 1 || !Number.isInteger(perPage) || perPage < 1 || perPage > 1000)
      throw authErrors.validation('Bad Pagination Parameters');
    const { users, total } = await ctx.db.transaction(
      { kind: 'system' },
      async (tx) => {
        const list = await tx.query<{ json: Record<string, unknown> }>(
          `select json from (select u.created_at, u.id, ${userJson('u')} as json from auth.users u
             where u.aud = 'authenticated' order by u.created_at desc, u.id limit $1 offset $2) x order by created_at desc, id`,
          [perPage, (page - 1) * perPage],
        );
        const count = await tx.query<{ n: number }>(`select count(*)::int as n from auth.users where aud = 'authenticated'`);
        return { users: list.rows.map((r) => r.json), total: count.rows[0]?.n ?? 0 };
      },
      { readOnly: true },
    );
    const last = Math.max(1, Math.ceil(total / perPage));
    const base = `${ctx.config.publicUrl}/auth/v1/admin/users`;
    const links: string[] = [];
    if (page < last) links.push(`<${base}?page=${page + 1}&per_page=${perPage}>; rel="next"`);
    links.push(`<${base}?page=${last}&per_page=${perPage}>; rel="last"`);
    c.header('X-Total-Count', String(total));
    c.header('Link', links.join(', '));
    return c.json({ users, aud: 'authenticated' });
  });

  routes.post('/admin/users', jsonBody, async (c) => {
    const body = await readBody(c);
    if (stringField(body, 'phone') !== '') throw authErrors.phoneProviderDisabled();
    const email = validateEmail(stringField(body, 'email'));
    const id = optionalString(body, 'id');
    if (id !== null && !isUuid(id)) throw authErrors.validation('id must be an UUID');
    const encrypted = await readPassword(ctx, body);
    const userMetadata = objectField(body, 'user_metadata') ?? {};
    const appMetadata = objectField(body, 'app_metadata') ?? {};
    const ban = banUntil(optionalString(body, 'ban_duration'));
    const role = optionalString(body, 'role') || 'authenticated';
    const confirmed = boolField(body, 'email_confirm') ?? false;
    const user = await ctx.db.transaction({ kind: 'system' }, async (tx) => {
      if (await emailTaken(tx, email, null)) throw authErrors.emailExists();
      if (id !== null && (await tx.query(`select 1 from auth.users where id = $1`, [id])).rowCount > 0)
        throw authErrors.userAlreadyExists();
      const created = await insertUser(tx, {
        id: id ?? undefined,
        email,
        encryptedPassword: encrypted ?? '',
        userMetadata,
        appMetadata,
        confirmed,
        role,
        identityInMetadata: false,
      });
      if (ban.set) await tx.query(`update auth.users set banned_until = $2 where id = $1`, [created.id, ban.until]);
      return loadUser(tx, 'u.id = $1', [created.id]);
    });
    return c.json(user?.json ?? {});
  });

  routes.get('/admin/users/:id', async (c) => {
    const user = await ctx.db.transaction({ kind: 'system' }, (tx) => userById(tx, c.req.param('id')), { readOnly: true });
    return c.json(user.json);
  });

  routes.put('/admin/users/:id', jsonBody, async (c) => {
    const body = await readBody(c);
    const email = stringField(body, 'email');
    const address = email === '' ? null : validateEmail(email);
    const encrypted = await readPassword(ctx, body);
    const userMetadata = objectField(body, 'user_metadata');
    const appMetadata = objectField(body, 'app_metadata');
    const ban = banUntil(optionalString(body, 'ban_duration'));
    const role = optionalString(body, 'role');
    const confirm = boolField(body, 'email_confirm');
    const user = await ctx.db.transaction({ kind: 'system' }, async (tx) => {
      const existing = await userById(tx, c.req.param('id'));
      const id = existing.id;
      if (address !== null && address !== existing.email) {
        if (await emailTaken(tx, address, id)) throw authErrors.emailExists();
        await tx.query(`update auth.users set email = $2, updated_at = now() where id = $1`, [id, address]);
        await tx.query(
          `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text), updated_at = now() where user_id = $1 and provider = 'email'`,
          [id, address],
        );
      }
      if (encrypted !== null)
        await tx.query(`update auth.users set encrypted_password = $2, updated_at = now() where id = $1`, [id, encrypted]);
      if (userMetadata)
        await tx.query(
          `update auth.users set raw_user_meta_data = ${mergeMetadataSql('raw_user_meta_data', '$2')}, updated_at = now() where id = $1`,
          [id, JSON.stringify(userMetadata)],
        );
      if (appMetadata)
        await tx.query(
          `update auth.users set raw_app_meta_data = ${mergeMetadataSql('raw_app_meta_data', '$2')}, updated_at = now() where id = $1`,
          [id, JSON.stringify(appMetadata)],
        );
      if (role) await tx.query(`update auth.users set role = $2, updated_at = now() where id = $1`, [id, role]);
      if (ban.set) await tx.query(`update auth.users set banned_until = $2, updated_at = now() where id = $1`, [id, ban.until]);
      if (confirm === true) await confirmEmail(tx, id);
      return loadUser(tx, 'u.id = $1', [id]);
    });
    return c.json(user?.json ?? {});
  });

  routes.delete('/admin/users/:id', jsonBody, async (c) => {
    const body = await readBody(c, { optional: true });
    const soft = boolField(body, 'should_soft_delete') ?? false;
    await ctx.db.transaction({ kind: 'system' }, async (tx) => {
      const user = await userById(tx, c.req.param('id'));
      if (!soft) {
        // A real delete: app tables referencing auth.users(id) on delete cascade follow.
        await tx.query(`delete from auth.users where id = $1`, [user.id]);
        return;
      }
      // SoftDeleteUser (models/user.go): the row stays, unusable; identities and sessions go.
      await tx.query(`delete from auth.sessions where user_id = $1`, [user.id]);
      await tx.query(`delete from auth.identities where user_id = $1`, [user.id]);
      await tx.query(
        `update auth.users set deleted_at = now(), updated_at = now(), email = null, phone = null, encrypted_password = '',
           confirmation_token = '', recovery_token = '', email_change = '', email_change_token_new = '', email_change_token_current = '',
           raw_app_meta_data = '{}'::jsonb, raw_user_meta_data = '{}'::jsonb where id = $1`,
        [user.id],
      );
    });
    return c.json({});
  });

  mountGenerateLink(ctx, routes);
}
