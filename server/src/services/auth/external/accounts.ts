import { DbError } from '../../../db/errors.ts';
import type { Tx } from '../../../db/types.ts';
import { authErrors } from '../errors.ts';
import type { AuthSettings } from '../settings.ts';
import { confirmEmail, insertUser } from '../users.ts';

/** What a provider says about the person (provider.UserProvidedData, reduced to one email). */
export interface ProviderUser {
  sub: string;
  email: string;
  emailVerified: boolean;
  name: string;
  avatarUrl: string;
  iss: string;
}

/** provider.Claims as structs.Map writes it into identity_data: empty fields left out, both *_verified always. */
export function identityDataOf(user: ProviderUser): Record<string, unknown> {
  const data: Record<string, unknown> = { iss: user.iss, sub: user.sub };
  if (user.name) Object.assign(data, { name: user.name, full_name: user.name });
  if (user.email) data.email = user.email;
  if (user.avatarUrl) Object.assign(data, { picture: user.avatarUrl, avatar_url: user.avatarUrl });
  Object.assign(data, { provider_id: user.sub, email_verified: user.emailVerified, phone_verified: false });
  return data;
}

/** UpdateAppMetaDataProviders: `providers` lists the identities' providers. */
export async function syncProviders(tx: Tx, userId: string): Promise<void> {
  await tx.query(
    `update auth.users set updated_at = now(), raw_app_meta_data = coalesce(raw_app_meta_data, '{}'::jsonb) || jsonb_build_object(
       'providers', (select coalesce(jsonb_agg(distinct provider), '[]'::jsonb) from auth.identities where user_id = $1))
     where id = $1`,
    [userId],
  );
}

async function createIdentity(tx: Tx, userId: string, provider: string, data: Record<string, unknown>): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
     values ($1, $2, $3::jsonb, $4, now(), now(), now()) returning id::text as id`,
    [data.sub, userId, JSON.stringify(data), provider],
  );
  return rows[0]?.id ?? '';
}

interface UserState {
  id: string;
  confirmed: boolean;
  banned: boolean;
}

async function userState(tx: Tx, userId: string): Promise<UserState> {
  const { rows } = await tx.query<UserState>(
    `select id::text as id, (email_confirmed_at is not null or phone_confirmed_at is not null) as confirmed,
       coalesce(banned_until > now(), false) as banned
     from auth.users where id = $1 for update`,
    [userId],
  );
  const row = rows[0];
  if (!row) throw authErrors.userNotFound();
  return row;
}

type Decision = { kind: 'exists'; userId: string; identityId: string } | { kind: 'link'; userId: string } | { kind: 'create' };

/**
 * DetermineAccountLinking (models/linking.go): the identity itself; else identities in the same
 * linking domain (every non-SSO provider shares one) or users holding one of the verified
 * addresses, when they all belong to one user; else a new account.
 */
async function decide(tx: Tx, provider: string, sub: string, verifiedEmails: string[]): Promise<Decision> {
  const own = await tx.query<{ id: string; user_id: string }>(
    `select id::text as id, user_id::text as user_id from auth.identities where provider_id = $1 and provider = $2`,
    [sub, provider],
  );
  const existing = own.rows[0];
  if (existing) return { kind: 'exists', userId: existing.user_id, identityId: existing.id };
  if (verifiedEmails.length === 0) return { kind: 'create' };
  const identities = await tx.query<{ user_id: string }>(
    `select distinct user_id::text as user_id from auth.identities where email = any($1::text[]) and provider not like 'sso:%'`,
    [verifiedEmails],
  );
  if (identities.rows.length > 1) throw authErrors.multipleAccounts();
  const linked = identities.rows[0];
  if (linked) return { kind: 'link', userId: linked.user_id };
  const users = await tx.query<{ id: string }>(
    `select id::text as id from auth.users where lower(email) = any($1::text[]) and not is_sso_user`,
    [verifiedEmails],
  );
  if (users.rows.length > 1) throw authErrors.multipleAccounts();
  const user = users.rows[0];
  return user ? { kind: 'link', userId: user.id } : { kind: 'create' };
}

/**
 * RemoveUnconfirmedIdentities (models/user.go): an unconfirmed account that an OAuth identity
 * joins loses its password, its other identities and its metadata, so nobody who registered the
 * address first keeps a door into it.
 */
async function removeUnconfirmedIdentities(tx: Tx, userId: string, identityId: string, data: Record<string, unknown>): Promise<void> {
  await tx.query(`update auth.users set encrypted_password = '', raw_user_meta_data = $2::jsonb, updated_at = now() where id = $1`, [
    userId,
    JSON.stringify(data),
  ]);
  await tx.query(`delete from auth.identities where user_id = $1 and id <> $2`, [userId, identityId]);
}

/** createAccountFromExternalIdentity (internal/api/external.go): the user the provider's person signs in as. */
export async function accountFromExternalIdentity(tx: Tx, settings: AuthSettings, provider: string, person: ProviderUser): Promise<string> {
  const data = identityDataOf(person);
  const email = person.email.toLowerCase();
  const autoconfirm = !settings.enableConfirmations;
  const verifiedEmails = email && (person.emailVerified || autoconfirm) ? [email] : [];
  const decision = await decide(tx, provider, person.sub, verifiedEmails);
  let userId: string;
  let identityId: string;
  if (decision.kind === 'exists') {
    userId = decision.userId;
    identityId = decision.identityId;
    await tx.query(`update auth.identities set identity_data = $2::jsonb, last_sign_in_at = now(), updated_at = now() where id = $1`, [
      identityId,
      JSON.stringify(data),
    ]);
    await tx.query(
      `update auth.users set raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || $2::jsonb, updated_at = now() where id = $1`,
      [userId, JSON.stringify(data)],
    );
  } else if (decision.kind === 'link') {
    userId = decision.userId;
    identityId = await createIdentity(tx, userId, provider, data);
  } else {
    if (!settings.enableSignup) throw authErrors.signupDisabled();
    try {
      const user = await insertUser(tx, {
        email: email || null,
        encryptedPassword: '',
        userMetadata: data,
        appMetadata: { provider, providers: [provider] },
        confirmed: false,
        identityInMetadata: false,
        emailIdentity: false,
      });
      userId = user.id;
    } catch (error: unknown) {
      // An unverified address another account already holds: GoTrue's unique index answers.
      if (error instanceof DbError && error.code === '23505') throw authErrors.emailExists();
      throw error;
    }
    identityId = await createIdentity(tx, userId, provider, data);
  }
  await syncProviders(tx, userId);
  const state = await userState(tx, userId);
  if (state.banned) throw authErrors.userBanned();
  if (!state.confirmed) {
    await removeUnconfirmedIdentities(tx, userId, identityId, data);
    await syncProviders(tx, userId);
    if (!person.emailVerified && !autoconfirm) throw authErrors.providerEmailNeedsVerification(provider);
    await confirmEmail(tx, userId);
  }
  return userId;
}

/** linkIdentityToUser (internal/api/identity.go): the provider's identity joins the signed-in user. */
export async function linkIdentityToUser(tx: Tx, targetUserId: string, provider: string, person: ProviderUser): Promise<string> {
  const data = identityDataOf(person);
  const { rows } = await tx.query<{ user_id: string }>(
    `select user_id::text as user_id from auth.identities where provider_id = $1 and provider = $2`,
    [person.sub, provider],
  );
  const owner = rows[0];
  if (owner) {
    throw authErrors.identityAlreadyExists(
      owner.user_id === targetUserId ? 'Identity is already linked' : 'Identity is already linked to another user',
    );
  }
  await userState(tx, targetUserId);
  await createIdentity(tx, targetUserId, provider, data);
  const { rows: target } = await tx.query<{ email: string | null }>(`select email from auth.users where id = $1`, [targetUserId]);
  if (!target[0]?.email && person.email) {
    // An account without an address (an anonymous one) takes the provider's (UpdateUserEmailFromIdentities).
    try {
      await tx.query(`update auth.users set email = $2, updated_at = now() where id = $1`, [targetUserId, person.email.toLowerCase()]);
    } catch (error: unknown) {
      if (error instanceof DbError && error.code === '23505') throw authErrors.emailExistsBadRequest();
      throw error;
    }
    if (!person.emailVerified) throw authErrors.providerEmailNeedsVerification(provider);
    await confirmEmail(tx, targetUserId);
    await tx.query(`update auth.users set is_anonymous = false where id = $1`, [targetUserId]);
  }
  await syncProviders(tx, targetUserId);
  return targetUserId;
}
