import { randomUUID } from 'node:crypto';
import type { Tx } from '../../db/types.ts';
import { loadUser } from './tokens.ts';
import type { UserRow } from './user-json.ts';

export interface NewUser {
  id?: string;
  email: string | null;
  encryptedPassword: string;
  userMetadata: Record<string, unknown>;
  appMetadata?: Record<string, unknown>;
  confirmed: boolean;
  role?: string;
  isAnonymous?: boolean;
  /**
   * Copy the identity's claims (sub, email, email_verified, phone_verified) into user_metadata,
   * as a sign-up does; the admin API, invites and generated links leave the metadata as given.
   */
  identityInMetadata?: boolean;
  /** An email identity beside the user (sign-up, admin); an OAuth sign-up adds its provider's identity instead. */
  emailIdentity?: boolean;
}

/**
 * signupNewUser (internal/api/signup.go) in SQL: the user row first — so `after insert on
 * auth.users` triggers see it with `raw_user_meta_data` — then its email identity; the
 * identity's data is merged into user_metadata as GoTrue does.
 */
export async function insertUser(tx: Tx, input: NewUser): Promise<UserRow> {
  const id = input.id ?? randomUUID();
  const anonymous = input.isAnonymous ?? false;
  const identityData = input.email ? { sub: id, email: input.email, email_verified: input.confirmed, phone_verified: false } : {};
  const appMetadata = anonymous ? { ...input.appMetadata } : { provider: 'email', providers: ['email'], ...input.appMetadata };
  await tx.query(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data,
       raw_user_meta_data, created_at, updated_at, is_anonymous, confirmation_token, recovery_token, email_change_token_new,
       email_change, email_change_token_current, is_super_admin)
     values ('00000000-0000-0000-0000-000000000000', $1::uuid, 'authenticated', $2, $3, $4, case when $5::boolean then now() end,
       $6::jsonb, $7::jsonb, now(), now(), $8::boolean, '', '', '', '', '', false)`,
    [
      id,
      input.role ?? 'authenticated',
      input.email,
      input.encryptedPassword,
      input.confirmed,
      JSON.stringify(appMetadata),
      JSON.stringify(input.identityInMetadata === false ? input.userMetadata : { ...input.userMetadata, ...identityData }),
      anonymous,
    ],
  );
  if (input.email && input.emailIdentity !== false) {
    await tx.query(
      `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
       values ($1::text, $1::text::uuid, $2::jsonb, 'email', now(), now(), now())`,
      [id, JSON.stringify(identityData)],
    );
  }
  const user = await loadUser(tx, 'u.id = $1', [id]);
  if (!user) throw new Error('insertUser: the new user is not visible');
  return user;
}

/** user.Confirm (models/user.go): stamps email_confirmed_at, clears the token, marks the identity verified. */
export async function confirmEmail(tx: Tx, userId: string): Promise<void> {
  await tx.query(
    `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()), confirmation_token = '', updated_at = now(),
       raw_user_meta_data = case when raw_user_meta_data ? 'email_verified' then raw_user_meta_data || '{"email_verified": true}'::jsonb else raw_user_meta_data end
     where id = $1`,
    [userId],
  );
  await tx.query(
    `update auth.identities set identity_data = identity_data || '{"email_verified": true}'::jsonb, updated_at = now() where user_id = $1 and provider = 'email'`,
    [userId],
  );
}

/**
 * emailChangeVerify + user.ConfirmEmailChange: the new address becomes the email, on the identity
 * (created, verified, when the user had none: an anonymous user made permanent) and the metadata;
 * an anonymous user is anonymous no more.
 */
export async function applyEmailChange(tx: Tx, userId: string): Promise<void> {
  await tx.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
     select u.id::text, u.id, jsonb_build_object('sub', u.id::text, 'email', u.email_change, 'email_verified', true, 'phone_verified', false),
       'email', now(), now(), now()
     from auth.users u where u.id = $1 and u.email_change <> ''
       and not exists (select 1 from auth.identities i where i.user_id = u.id and i.provider = 'email')`,
    [userId],
  );
  await tx.query(`update auth.users set is_anonymous = false where id = $1 and is_anonymous`, [userId]);
  await tx.query(
    `update auth.users set email = email_change, email_change = '', email_change_token_new = '', email_change_token_current = '',
       email_change_confirm_status = 0, email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now(),
       raw_user_meta_data = case when raw_user_meta_data ? 'email' then raw_user_meta_data || jsonb_build_object('email', email_change) else raw_user_meta_data end
     where id = $1`,
    [userId],
  );
  await tx.query(
    `update auth.identities i set identity_data = i.identity_data || jsonb_build_object('email', u.email, 'email_verified', true), updated_at = now()
     from auth.users u where u.id = i.user_id and i.user_id = $1 and i.provider = 'email'`,
    [userId],
  );
}

/** UpdateUserMetaData: a shallow merge where null removes a key. */
export function mergeMetadataSql(column: string, param: string): string {
  return `(select coalesce(jsonb_object_agg(kv.key, kv.value), '{}'::jsonb) from jsonb_each(coalesce(${column}, '{}'::jsonb) || ${param}::jsonb) kv where kv.value <> 'null'::jsonb)`;
}
