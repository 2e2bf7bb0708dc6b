import { Secret, TOTP } from 'otpauth';

const period = 30;
/** The last time step a code was made for, per secret: the server takes each step once (RFC 6238 §5.2). */
const lastStep = new Map<string, number>();

/**
 * A TOTP code an authenticator app would show for `secret`, never one this process has already
 * handed out: within one 30 s period the next one is the following period's code, which the
 * server accepts (a window of one step). Past that it waits for the clock, as a person would.
 */
export async function nextCode(secret: string): Promise<string> {
  const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period, secret: Secret.fromBase32(secret) });
  let now = Math.floor(Date.now() / 1000 / period);
  const used = lastStep.get(secret) ?? -1;
  if (used >= now + 1) {
    await new Promise((resolve) => setTimeout(resolve, ((used - now) * period - ((Date.now() / 1000) % period) + 1) * 1000));
    now = Math.floor(Date.now() / 1000 / period);
  }
  const step = Math.max(now, used + 1);
  lastStep.set(secret, step);
  return totp.generate({ timestamp: step * period * 1000 });
}
