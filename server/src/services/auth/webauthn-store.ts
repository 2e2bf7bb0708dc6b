import type { Tx } from '../../db/types.ts';
import type { CeremonySession, NewCredential, StoredCredential } from './webauthn.ts';

/**
 * Passkeys and their ceremonies in `auth.webauthn_credentials` and `auth.webauthn_challenges`
 * (models/webauthn_credential.go, webauthn_challenge.go). Challenges live in the database, so
 * any server process on one PostgreSQL answers a ceremony another one began.
 */

export type ChallengeType = 'registration' | 'authentication';

const ts = (expr: string) => `to_char((${expr}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** PasskeyListItem (passkey_manage.go): friendly_name and last_used_at omitted when empty. */
export const passkeyJson = (alias: string) =>
  `(select jsonb_object_agg(kv.key, kv.value) from jsonb_each(jsonb_build_object(
     'id', ${alias}.id, 'friendly_name', nullif(${alias}.friendly_name, ''), 'created_at', ${ts(`${alias}.created_at`)},
     'last_used_at', ${ts(`${alias}.last_used_at`)})) kv where kv.value <> 'null'::jsonb)`;

/** Stores a ceremony's session; expired ones older than an hour are swept on the way. */
export async function saveChallenge(
  tx: Tx,
  input: { userId: string | null; type: ChallengeType; session: CeremonySession },
): Promise<{ id: string; expiresAt: number }> {
  await tx.query(`delete from auth.webauthn_challenges where expires_at < now() - interval '1 hour'`);
  const { rows } = await tx.query<{ id: string; expires_at: number }>(
    `insert into auth.webauthn_challenges (user_id, challenge_type, session_data, expires_at)
     values ($1, $2, $3::jsonb, $4::timestamptz)
     returning id::text, floor(extract(epoch from expires_at))::float8 as expires_at`,
    [input.userId, input.type, JSON.stringify(input.session), input.session.expires],
  );
  const row = rows[0];
  if (!row) throw new Error('saveChallenge: no row');
  return { id: row.id, expiresAt: row.expires_at };
}

/**
 * ConsumeWebAuthnChallengeByID: deletes and returns the challenge in one statement, so it is
 * answered once even when two requests race for it; a registration challenge only for its user.
 */
export async function consumeChallenge(
  tx: Tx,
  id: string,
  type: ChallengeType,
  userId: string | null,
): Promise<{ session: CeremonySession; expired: boolean } | null> {
  const { rows } = await tx.query<{ session: CeremonySession; expired: boolean }>(
    `delete from auth.webauthn_challenges
     where id = $1 and challenge_type = $2 and user_id is not distinct from $3::uuid
     returning session_data as session, expires_at < now() as expired`,
    [id, type, userId],
  );
  return rows[0] ?? null;
}

interface CredentialRow {
  id: string;
  credential_id: string;
  public_key: string;
  sign_count: number;
  transports: string[];
}

function toStored(row: CredentialRow): StoredCredential & { rowId: string } {
  return {
    rowId: row.id,
    id: Buffer.from(row.credential_id, 'hex').toString('base64url'),
    publicKey: new Uint8Array(Buffer.from(row.public_key, 'hex')),
    counter: Number(row.sign_count),
    transports: row.transports,
  };
}

const credentialColumns = `id::text, encode(credential_id, 'hex') as credential_id, encode(public_key, 'hex') as public_key,
  sign_count::float8 as sign_count, transports`;

/** FindWebAuthnCredentialsByUserID, oldest first. */
export async function passkeysOf(tx: Tx, userId: string): Promise<Array<StoredCredential & { rowId: string }>> {
  const { rows } = await tx.query<CredentialRow>(
    `select ${credentialColumns} from auth.webauthn_credentials where user_id = $1 order by created_at, id`,
    [userId],
  );
  return rows.map(toStored);
}

/** The passkey with this credential id, if `userId` holds it. */
export async function passkeyOfUser(tx: Tx, userId: string, credentialId: string): Promise<(StoredCredential & { rowId: string }) | null> {
  const { rows } = await tx.query<CredentialRow>(
    `select ${credentialColumns} from auth.webauthn_credentials where user_id = $1 and credential_id = decode($2, 'hex')`,
    [userId, Buffer.from(credentialId, 'base64url').toString('hex')],
  );
  return rows[0] ? toStored(rows[0]) : null;
}

export async function countPasskeys(tx: Tx, userId: string): Promise<number> {
  const { rows } = await tx.query<{ n: number }>(`select count(*)::int as n from auth.webauthn_credentials where user_id = $1`, [userId]);
  return rows[0]?.n ?? 0;
}

/** NewWebAuthnCredential + Create; a credential id already registered (by anyone) is a unique violation. */
export async function insertPasskey(
  tx: Tx,
  userId: string,
  credential: NewCredential,
  friendlyName: string,
): Promise<{ id: string; friendly_name: string; created_at: string }> {
  const { rows } = await tx.query<{ json: { id: string; friendly_name: string; created_at: string } }>(
    `with c as (
       insert into auth.webauthn_credentials (user_id, credential_id, public_key, attestation_type, aaguid, sign_count, transports,
         backup_eligible, backed_up, friendly_name)
       values ($1, decode($2, 'hex'), decode($3, 'hex'), $4, $5::uuid, $6, $7::jsonb, $8, $9, $10)
       returning *)
     select jsonb_build_object('id', c.id, 'friendly_name', c.friendly_name, 'created_at', ${ts('c.created_at')}) as json from c`,
    [
      userId,
      Buffer.from(credential.id, 'base64url').toString('hex'),
      Buffer.from(credential.publicKey).toString('hex'),
      credential.attestationType,
      credential.aaguid,
      credential.counter,
      JSON.stringify(credential.transports),
      credential.backupEligible,
      credential.backedUp,
      friendlyName,
    ],
  );
  const row = rows[0];
  if (!row) throw new Error('insertPasskey: no row');
  return row.json;
}
