import { Secret, TOTP } from 'otpauth';

const period = 30;
/** The last time step a code was made for, per secret: the server takes each step once (RFC 6238 §5.2). */
const lastStep = new Map<string, number>();

/** The authenticator app's generator for `secret` (GoTrue's TOTP: SHA-1, six digits, 30 s). */
const authenticator = (secret: string) => new TOTP({ algorithm: 'SHA1', digits: 6, period, secret: Secret.fromBase32(secret) });

/**
 * A TOTP code an authenticator app would show for `secret`, never one this process has already
 * handed out. The server takes a code one step either side of its clock's (GoTrue's skew of one
 * step), each step once (RFC 6238 §5.2): the previous period's code while at least 20 s of this
 * one are left (it stays good until this period ends), then this period's, then the next's. Past
 * that it waits for the clock, as a person would.
 */
export async function nextCode(secret: string): Promise<string> {
  const totp = authenticator(secret);
  let now = Math.floor(Date.now() / 1000 / period);
  const used = lastStep.get(secret) ?? -Infinity;
  if (used >= now + 1) {
    await new Promise((resolve) => setTimeout(resolve, ((used - now) * period - ((Date.now() / 1000) % period) + 1) * 1000));
    now = Math.floor(Date.now() / 1000 / period);
  }
  const left = period - ((Date.now() / 1000) % period);
  const step = Math.max(left > 20 ? now - 1 : now, used + 1);
  lastStep.set(secret, step);
  return totp.generate({ timestamp: step * period * 1000 });
}

/**
 * A six-digit code the server refuses for `secret` now: none of the three steps it would take
 * (without using one up, as `nextCode` would).
 */
export function wrongCode(secret: string): string {
  const totp = authenticator(secret);
  const now = Math.floor(Date.now() / 1000 / period);
  // Two steps either side: the clock may move on to the next step before the code is sent.
  const taken = new Set([-2, -1, 0, 1, 2].map((offset) => totp.generate({ timestamp: (now + offset) * period * 1000 })));
  return ['000000', '111111', '222222', '333333', '444444', '555555'].find((code) => !taken.has(code)) ?? '999999';
}
