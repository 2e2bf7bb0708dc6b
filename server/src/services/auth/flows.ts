import { createHash, randomUUID } from 'node:crypto';
import type { Tx } from '../../db/types.ts';
import { externalUrl, type AuthDeps } from './auth-deps.ts';
import { authErrors } from './errors.ts';
import type { MailData, MailKind } from './mail-kinds.ts';
import { optionalString, type Body } from './request-input.ts';
import { newOtp, tokenHash } from './tokens.ts';

export const pkcePrefix = 'pkce_';

export interface Pkce {
  challenge: string;
  method: 's256' | 'plain';
}

export interface PendingMail {
  kind: MailKind;
  data: MailData;
}

/** validatePKCEParams (internal/api/pkce.go): both or neither; s256 or plain; 43–128 characters. */
export function readPkce(body: Body): Pkce | null {
  const challenge = optionalString(body, 'code_challenge') ?? '';
  const method = (optionalString(body, 'code_challenge_method') ?? '').toLowerCase();
  if (challenge === '' && method === '') return null;
  if (challenge === '' || method === '') throw authErrors.validation('PKCE flow requires code_challenge_method and code_challenge');
  if (method !== 's256' && method !== 'plain') throw authErrors.validation(`code challenge method not supported: ${method}`);
  if (challenge.length < 43 || challenge.length > 128)
    throw authErrors.validation('code challenge has to be between 43 and 128 characters');
  return { challenge, method };
}

/** The challenge a verifier answers (RFC 7636): s256 is base64url(sha256(verifier)). */
export function challengeOf(verifier: string, method: string): string {
  return method === 'plain' ? verifier : createHash('sha256').update(verifier).digest('base64url');
}

/** `{API_EXTERNAL_URL}/verify?token=…&type=…&redirect_to=…` (templatemailer getPath). */
export function verifyUrl(ctx: AuthDeps, token: string, type: string, redirectTo: string): string {
  const query = new URLSearchParams({ token, type, redirect_to: redirectTo });
  return `${externalUrl(ctx)}/verify?${query.toString()}`;
}

/** Sets the user's mail token columns; answers the user's metadata, which the mail's template may name. */
async function updateUser(tx: Tx, assignments: string, params: unknown[]): Promise<Record<string, unknown>> {
  const { rows } = await tx.query<{ data: Record<string, unknown> | null }>(
    `update auth.users set ${assignments} where id = $1 returning raw_user_meta_data as data`,
    params,
  );
  return rows[0]?.data ?? {};
}

async function saveFlowState(tx: Tx, userId: string, pkce: Pkce, method: string): Promise<void> {
  await tx.query(
    `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type, created_at, updated_at, authentication_method)
     values ($1, $2, $3, $4, $5, 'email', now(), now(), $6)`,
    [randomUUID(), userId, randomUUID(), pkce.method, pkce.challenge, method],
  );
}

export interface MailUser {
  id: string;
  email: string;
}

/** sendConfirmation (internal/api/mail.go): a fresh confirmation token on the user, mailed as a link and a code. */
export async function prepareConfirmation(
  ctx: AuthDeps,
  tx: Tx,
  user: MailUser,
  redirectTo: string,
  pkce: Pkce | null,
  kind: 'signup' | 'invite' = 'signup',
): Promise<PendingMail> {
  const otp = newOtp(ctx.settings.otpLength);
  const token = (pkce ? pkcePrefix : '') + tokenHash(user.email, otp);
  const invited = kind === 'invite' ? ', invited_at = now()' : '';
  const userData = await updateUser(tx, `confirmation_token = $2, confirmation_sent_at = now(), updated_at = now()${invited}`, [
    user.id,
    token,
  ]);
  if (pkce) await saveFlowState(tx, user.id, pkce, kind === 'invite' ? 'invite' : 'email/signup');
  return {
    kind,
    data: { to: user.email, email: user.email, token: otp, confirmationUrl: verifyUrl(ctx, token, kind, redirectTo), userData },
  };
}

/** sendPasswordRecovery / sendMagicLink: both use the recovery token column, as GoTrue does. */
export async function prepareRecovery(
  ctx: AuthDeps,
  tx: Tx,
  user: MailUser,
  redirectTo: string,
  pkce: Pkce | null,
  kind: 'recovery' | 'magiclink',
): Promise<PendingMail> {
  const otp = newOtp(ctx.settings.otpLength);
  const token = (pkce ? pkcePrefix : '') + tokenHash(user.email, otp);
  const userData = await updateUser(tx, `recovery_token = $2, recovery_sent_at = now(), updated_at = now()`, [user.id, token]);
  if (pkce) await saveFlowState(tx, user.id, pkce, kind);
  return {
    kind,
    data: { to: user.email, email: user.email, token: otp, confirmationUrl: verifyUrl(ctx, token, kind, redirectTo), userData },
  };
}

/**
 * sendEmailChange: a token for the new address and, with double_confirm_changes (secure email
 * change), one for the current address; each address gets its own link.
 */
export async function prepareEmailChange(
  ctx: AuthDeps,
  tx: Tx,
  user: MailUser,
  newEmail: string,
  redirectTo: string,
  pkce: Pkce | null,
): Promise<PendingMail[]> {
  const prefix = pkce ? pkcePrefix : '';
  const otpNew = newOtp(ctx.settings.otpLength);
  const tokenNew = prefix + tokenHash(newEmail, otpNew);
  const both = ctx.settings.doubleConfirmChanges && user.email !== '';
  const otpCurrent = newOtp(ctx.settings.otpLength);
  const tokenCurrent = both ? prefix + tokenHash(user.email, otpCurrent) : '';
  const userData = await updateUser(
    tx,
    `email_change = $2, email_change_token_new = $3, email_change_token_current = $4,
       email_change_confirm_status = 0, email_change_sent_at = now(), updated_at = now()`,
    [user.id, newEmail, tokenNew, tokenCurrent],
  );
  if (pkce) await saveFlowState(tx, user.id, pkce, 'email_change');
  const mails: PendingMail[] = [
    {
      kind: 'email_change',
      data: {
        to: newEmail,
        email: user.email,
        newEmail,
        token: otpNew,
        confirmationUrl: verifyUrl(ctx, tokenNew, 'email_change', redirectTo),
        userData,
      },
    },
  ];
  if (both) {
    mails.push({
      kind: 'email_change',
      data: {
        to: user.email,
        email: user.email,
        newEmail,
        token: otpCurrent,
        confirmationUrl: verifyUrl(ctx, tokenCurrent, 'email_change', redirectTo),
        userData,
      },
    });
  }
  return mails;
}

/** Mail leaves after the transaction commits (GoTrue: no SMTP latency inside a transaction). */
export async function sendMails(ctx: AuthDeps, mails: PendingMail[]): Promise<void> {
  for (const mail of mails) {
    if (ctx.mailer.external) await ctx.limiter.hit('email_sent', 'project');
    await ctx.mailer.send(mail.kind, mail.data);
  }
}

/** validateSentWithinFrequencyLimit (internal/api/mail.go): one mail of a kind per user per max_frequency. */
export function checkMailFrequency(ctx: AuthDeps, sentEpoch: number | null): void {
  if (sentEpoch === null) return;
  const waitMs = sentEpoch * 1000 + ctx.settings.maxFrequencyMs - Date.now();
  if (waitMs > 0) {
    throw authErrors.overEmailSendRateLimit(`For security purposes, you can only request this after ${Math.ceil(waitMs / 1000)} seconds.`);
  }
}
