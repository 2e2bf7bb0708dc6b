import { authErrors } from './errors.ts';
import type { AuthSettings } from './settings.ts';

export type LimitBucket = 'sign_in_sign_ups' | 'token_refresh' | 'token_verifications' | 'anonymous_users' | 'email_sent';

interface Window {
  started: number;
  count: number;
}

export interface RateLimiter {
  /** Counts one request of `bucket` from `key` (an IP, or 'global'); throws 429 past the limit. */
  hit(bucket: LimitBucket, key: string): void;
}

/**
 * GoTrue's per-IP limits (internal/api/api.go limitHandler, conf.RateLimit*), as the CLI
 * configures them: sign-ins/sign-ups, refreshes and verifications per 5 minutes, anonymous
 * sign-ins per hour; emails per hour for the whole project. Fixed windows, in memory.
 */
export function createRateLimiter(settings: AuthSettings, now: () => number = Date.now): RateLimiter {
  const limits: Record<LimitBucket, { max: number; windowMs: number }> = {
    sign_in_sign_ups: { max: settings.rateLimits.signInSignUps, windowMs: 5 * 60_000 },
    token_refresh: { max: settings.rateLimits.tokenRefresh, windowMs: 5 * 60_000 },
    token_verifications: { max: settings.rateLimits.tokenVerifications, windowMs: 5 * 60_000 },
    anonymous_users: { max: settings.rateLimits.anonymousUsers, windowMs: 60 * 60_000 },
    email_sent: { max: settings.rateLimits.emailSent, windowMs: 60 * 60_000 },
  };
  const windows = new Map<string, Window>();
  return {
    hit(bucket, key) {
      const { max, windowMs } = limits[bucket];
      const id = `${bucket}\u0000${key}`;
      const t = now();
      let w = windows.get(id);
      if (!w || t - w.started >= windowMs) {
        if (windows.size > 10_000) for (const [k, v] of windows) if (t - v.started >= windowMs) windows.delete(k);
        w = { started: t, count: 0 };
        windows.set(id, w);
      }
      w.count++;
      if (w.count > max) throw bucket === 'email_sent' ? authErrors.overEmailSendRateLimit() : authErrors.overRequestRateLimit();
    },
  };
}
