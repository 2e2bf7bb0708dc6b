/**
 * The User object (supabase/auth internal/models/user.go json tags) built in SQL, so PGlite and
 * PostgreSQL answer byte-for-byte alike. `omitempty` fields are dropped when null.
 */
const ts = (expr: string) => `to_char((${expr}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** A factor as GoTrue's models.Factor marshals it: friendly_name omitted when empty, the secret never. */
export function factorJson(alias: string): string {
  const f = alias;
  return `(select jsonb_object_agg(kv.key, kv.value) from jsonb_each(jsonb_build_object(
      'id', ${f}.id, 'created_at', ${ts(`${f}.created_at`)}, 'updated_at', ${ts(`${f}.updated_at`)}, 'status', ${f}.status,
      'friendly_name', nullif(${f}.friendly_name, ''), 'factor_type', ${f}.factor_type, 'phone', coalesce(${f}.phone, ''),
      'last_challenged_at', ${ts(`${f}.last_challenged_at`)}
    )) kv where kv.value <> 'null'::jsonb or kv.key = 'last_challenged_at')`;
}

/** The user's factors, oldest first, as the `factors` list of the User object (omitted when empty). */
export function factorsJson(userAlias: string): string {
  return `(select jsonb_agg(${factorJson('f')} order by f.created_at, f.id) from auth.mfa_factors f where f.user_id = ${userAlias}.id)`;
}

export function identitiesJson(userAlias: string): string {
  return `coalesce((select jsonb_agg(jsonb_build_object(
      'identity_id', i.id, 'id', i.provider_id, 'user_id', i.user_id, 'identity_data', i.identity_data,
      'provider', i.provider, 'last_sign_in_at', ${ts('i.last_sign_in_at')}, 'created_at', ${ts('i.created_at')},
      'updated_at', ${ts('i.updated_at')}, 'email', i.email) order by i.created_at, i.id)
    from auth.identities i where i.user_id = ${userAlias}.id), '[]'::jsonb)`;
}

/** A jsonb expression for the user row aliased `alias`. */
export function userJson(alias: string): string {
  const a = alias;
  return `(select jsonb_object_agg(kv.key, kv.value) from jsonb_each(jsonb_build_object(
      'id', ${a}.id, 'aud', coalesce(${a}.aud, ''), 'role', coalesce(${a}.role, ''), 'email', coalesce(${a}.email, ''),
      'email_confirmed_at', ${ts(`${a}.email_confirmed_at`)}, 'phone', coalesce(${a}.phone, ''),
      'phone_confirmed_at', ${ts(`${a}.phone_confirmed_at`)}, 'confirmation_sent_at', ${ts(`${a}.confirmation_sent_at`)},
      'confirmed_at', ${ts(`${a}.confirmed_at`)}, 'recovery_sent_at', ${ts(`${a}.recovery_sent_at`)},
      'new_email', nullif(${a}.email_change, ''), 'email_change_sent_at', ${ts(`${a}.email_change_sent_at`)},
      'invited_at', ${ts(`${a}.invited_at`)}, 'last_sign_in_at', ${ts(`${a}.last_sign_in_at`)},
      'app_metadata', coalesce(${a}.raw_app_meta_data, '{}'::jsonb), 'user_metadata', coalesce(${a}.raw_user_meta_data, '{}'::jsonb),
      'identities', ${identitiesJson(a)}, 'factors', ${factorsJson(a)}, 'created_at', ${ts(`${a}.created_at`)}, 'updated_at', ${ts(`${a}.updated_at`)},
      'banned_until', ${ts(`${a}.banned_until`)}, 'deleted_at', ${ts(`${a}.deleted_at`)}, 'is_anonymous', ${a}.is_anonymous
    )) kv where kv.value <> 'null'::jsonb)`;
}

/** Columns the service needs besides the JSON (password check, tokens, claims). */
export const userColumns = `u.id::text as id, u.email, u.phone, u.encrypted_password, u.email_confirmed_at is not null as email_confirmed,
  u.banned_until is not null and u.banned_until > now() as banned, u.is_anonymous, u.deleted_at is not null as deleted,
  coalesce(u.raw_app_meta_data, '{}'::jsonb) as app_metadata, coalesce(u.raw_user_meta_data, '{}'::jsonb) as user_metadata,
  coalesce(u.role, '') as role, coalesce(u.aud, '') as aud, coalesce(u.email_change, '') as email_change,
  u.email_change_confirm_status, coalesce(u.email_change_token_new, '') as email_change_token_new,
  coalesce(u.email_change_token_current, '') as email_change_token_current,
  coalesce(u.confirmation_token, '') as confirmation_token, coalesce(u.recovery_token, '') as recovery_token,
  u.invited_at is not null as invited, coalesce(u.reauthentication_token, '') as reauthentication_token,
  extract(epoch from u.reauthentication_sent_at)::float8 as reauthentication_sent_epoch,
  extract(epoch from u.confirmation_sent_at)::float8 as confirmation_sent_epoch,
  extract(epoch from u.recovery_sent_at)::float8 as recovery_sent_epoch,
  extract(epoch from u.email_change_sent_at)::float8 as email_change_sent_epoch,
  ${userJson('u')} as json`;

export interface UserRow {
  id: string;
  email: string | null;
  phone: string | null;
  encrypted_password: string | null;
  email_confirmed: boolean;
  banned: boolean;
  is_anonymous: boolean;
  deleted: boolean;
  app_metadata: Record<string, unknown>;
  user_metadata: Record<string, unknown>;
  role: string;
  aud: string;
  email_change: string;
  email_change_confirm_status: number;
  email_change_token_new: string;
  email_change_token_current: string;
  confirmation_token: string;
  recovery_token: string;
  invited: boolean;
  reauthentication_token: string;
  reauthentication_sent_epoch: number | null;
  confirmation_sent_epoch: number | null;
  recovery_sent_epoch: number | null;
  email_change_sent_epoch: number | null;
  json: Record<string, unknown>;
}
