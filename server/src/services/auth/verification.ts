import type { Tx } from '../../db/types.ts';
import type { AuthDeps } from './auth-deps.ts';
import { authErrors } from './errors.ts';
import { pkcePrefix } from './flows.ts';
import { createSession, loadUser, tokenHash, type IssuedSession } from './tokens.ts';
import type { UserRow } from './user-json.ts';
import { applyEmailChange, confirmEmail } from './users.ts';

export const emailVerifyTypes = ['signup', 'invite', 'recovery', 'magiclink', 'email_change', 'email'] as const;
export type EmailVerifyType = (typeof emailVerifyTypes)[number];

export function isEmailVerifyType(value: string): value is EmailVerifyType {
  return (emailVerifyTypes as readonly string[]).includes(value);
}

type Column = 'confirmation_token' | 'recovery_token' | 'email_change_token_new' | 'email_change_token_current';

const columnsFor: Record<EmailVerifyType, Column[]> = {
  signup: ['confirmation_token'],
  invite: ['confirmation_token'],
  recovery: ['recovery_token'],
  magiclink: ['recovery_token'],
  email: ['confirmation_token', 'recovery_token'],
  email_change: ['email_change_token_new', 'email_change_token_current'],
};

/** Flow-state authentication methods by verification (models.AuthenticationMethod). */
const flowMethod: Record<string, string> = {
  signup: 'email/signup',
  invite: 'invite',
  recovery: 'recovery',
  magiclink: 'magiclink',
  email_change: 'email_change',
};

export type VerifyOutcome = { kind: 'session'; issued: IssuedSession } | { kind: 'code'; code: string } | { kind: 'partial' };

export interface VerifyInput {
  type: EmailVerifyType;
  /** The link's (or token_hash's) stored token, or the mailed code with `email`. */
  token: string;
  email?: string;
  meta: { userAgent: string | null; ip: string };
  expiredMessage: string;
  /** GET links of a PKCE flow release an auth code; POST /verify always answers with a session. */
  allowCode: boolean;
}

const sentEpoch = (user: UserRow, column: Column) =>
  column === 'confirmation_token'
    ? user.confirmation_sent_epoch
    : column === 'recovery_token'
      ? user.recovery_sent_epoch
      : user.email_change_sent_epoch;

async function findUser(tx: Tx, input: VerifyInput): Promise<{ user: UserRow; column: Column } | null> {
  const columns = columnsFor[input.type];
  if (input.email === undefined) {
    const where = columns.map((col) => `u.${col} in ($1::text, '${pkcePrefix}' || $1::text)`).join(' or ');
    const user = await loadUser(tx, `(${where}) and u.deleted_at is null`, [input.token]);
    const column = user && columns.find((col) => user[col] === input.token || user[col] === pkcePrefix + input.token);
    return user && column ? { user, column } : null;
  }
  const email = input.email;
  const strip = (t: string) => (t.startsWith(pkcePrefix) ? t.slice(pkcePrefix.length) : t);
  const where = input.type === 'email_change' ? `(lower(u.email) = $1 or lower(u.email_change) = $1)` : `lower(u.email) = $1`;
  const user = await loadUser(tx, `${where} and u.deleted_at is null`, [email]);
  if (!user) return null;
  const column = columns.find((col) => {
    const stored = user[col];
    if (stored === '') return false;
    const addressed =
      col === 'email_change_token_new' ? user.email_change : col === 'email_change_token_current' ? (user.email ?? '') : email;
    return strip(stored) === tokenHash(addressed, input.token);
  });
  return column ? { user, column } : null;
}

/**
 * verifyGet/verifyPost (internal/api/verify.go): the token must be current and not older than
 * otp_expiry; then the user is confirmed / recovered / gets the new address, and either a
 * session is issued (implicit) or the flow state's auth code is released (PKCE).
 */
export async function verifyEmailToken(ctx: AuthDeps, tx: Tx, input: VerifyInput): Promise<VerifyOutcome> {
  const found = input.token.includes('\u0000') ? null : await findUser(tx, input);
  if (!found) throw authErrors.otpExpired(input.expiredMessage);
  const { user, column } = found;
  const sent = sentEpoch(user, column);
  if (sent === null || sent + ctx.settings.otpExpiry < Date.now() / 1000) throw authErrors.otpExpired(input.expiredMessage);
  if (user.banned) throw authErrors.userBanned();
  const stored = user[column];
  let type: string = input.type;
  if (type === 'email') type = column === 'confirmation_token' ? 'signup' : 'magiclink';
  if (column === 'confirmation_token') {
    await confirmEmail(tx, user.id);
  } else if (column === 'recovery_token') {
    await tx.query(`update auth.users set recovery_token = '', updated_at = now() where id = $1`, [user.id]);
    if (!user.email_confirmed) await confirmEmail(tx, user.id);
  } else if (
    ctx.settings.doubleConfirmChanges &&
    user.email_change_confirm_status === 0 &&
    (user.email ?? '') !== '' &&
    user.email_change_token_current !== ''
  ) {
    await tx.query(`update auth.users set ${column} = '', email_change_confirm_status = 1, updated_at = now() where id = $1`, [user.id]);
    return { kind: 'partial' };
  } else {
    await applyEmailChange(tx, user.id);
  }
  if (input.allowCode && stored.startsWith(pkcePrefix)) {
    const { rows } = await tx.query<{ auth_code: string }>(
      `update auth.flow_state set auth_code_issued_at = now(), updated_at = now()
       where id = (select id from auth.flow_state where user_id = $1 and authentication_method = $2 order by created_at desc limit 1)
       returning auth_code`,
      [user.id, flowMethod[type] ?? type],
    );
    const code = rows[0]?.auth_code;
    if (!code) throw authErrors.flowStateNotFound();
    return { kind: 'code', code };
  }
  return { kind: 'session', issued: await createSession(tx, user.id, 'otp', input.meta) };
}
