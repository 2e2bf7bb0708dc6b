import type { Database } from '../../db/types.ts';
import { authErrors } from './errors.ts';
import type { AuthSettings } from './settings.ts';

/**
 * GoTrue's limiters (internal/api/apilimiter), each its own bucket per IP: `/signup` draws from
 * Signups, every `/token` grant (password, refresh_token, pkce) from Token, `/verify` from Verify,
 * `/otp` and `/magiclink` from Otp, anonymous sign-ins from AnonymousSignIns, mails from the
 * project's email limit, passkey sign-in options from PasskeyAuthentication and dynamic OAuth
 * client registration from OAuthClientRegister.
 */
export type LimitBucket = 'signups' | 'token' | 'verify' | 'otp' | 'anonymous_users' | 'email_sent' | 'passkey' | 'oauth_client_register';

export interface BucketLimit {
  max: number;
  windowMs: number;
}

export interface RateLimiter {
  /** Counts one request of `bucket` from `key` (an IP, or 'project'); rejects with 429 past the limit. */
  hit(bucket: LimitBucket, key: string): Promise<void>;
}

/** The config.toml setting behind each bucket, as the CLI passes them to GoTrue (GOTRUE_RATE_LIMIT_*). */
export function bucketLimits(settings: AuthSettings): Record<LimitBucket, BucketLimit> {
  const fiveMinutes = 5 * 60_000;
  const hour = 60 * 60_000;
  const { rateLimits: r } = settings;
  return {
    signups: { max: r.signInSignUps, windowMs: fiveMinutes },
    otp: { max: r.signInSignUps, windowMs: fiveMinutes },
    token: { max: r.tokenRefresh, windowMs: fiveMinutes },
    verify: { max: r.tokenVerifications, windowMs: fiveMinutes },
    anonymous_users: { max: r.anonymousUsers, windowMs: hour },
    email_sent: { max: r.emailSent, windowMs: hour },
    // No config.toml key: GoTrue's defaults (GOTRUE_RATE_LIMIT_PASSKEY 30, _OAUTH_DYNAMIC_CLIENT_REGISTER 10).
    passkey: { max: 30, windowMs: fiveMinutes },
    oauth_client_register: { max: 10, windowMs: fiveMinutes },
  };
}

function limitError(bucket: LimitBucket): Error {
  return bucket === 'email_sent' ? authErrors.overEmailSendRateLimit() : authErrors.overRequestRateLimit();
}

/** Fixed windows in this process's memory: the embedded (single-process) server. */
export function createMemoryRateLimiter(settings: AuthSettings, now: () => number = Date.now): RateLimiter {
  const limits = bucketLimits(settings);
  const windows = new Map<string, { started: number; count: number }>();
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
      return w.count > max ? Promise.reject(limitError(bucket)) : Promise.resolve();
    },
  };
}

/**
 * The same fixed windows counted in `_server.auth_rate_limits`: every server process on one
 * PostgreSQL draws from one count, as GoTrue instances behind a load balancer would need.
 * One upsert per request; the row lock serialises concurrent hits on a bucket.
 */
export function createDatabaseRateLimiter(settings: AuthSettings, db: Database): RateLimiter {
  const limits = bucketLimits(settings);
  return {
    async hit(bucket, key) {
      const { max, windowMs } = limits[bucket];
      const hits = await db.transaction(
        { kind: 'system' },
        async (tx) => {
          const { rows } = await tx.query<{ hits: number }>(
            `insert into _server.auth_rate_limits as l (bucket, key, window_start, hits) values ($1, $2, clock_timestamp(), 1)
             on conflict (bucket, key) do update set
               window_start = case when l.window_start <= clock_timestamp() - $3 * interval '1 millisecond' then clock_timestamp() else l.window_start end,
               hits = case when l.window_start <= clock_timestamp() - $3 * interval '1 millisecond' then 1 else l.hits + 1 end
             returning hits`,
            [bucket, key, windowMs],
          );
          return rows[0]?.hits ?? 1;
        },
        { single: true },
      );
      if (hits > max) throw limitError(bucket);
    },
  };
}

export function createRateLimiter(settings: AuthSettings, db: Database): RateLimiter {
  return db.backend === 'postgres' ? createDatabaseRateLimiter(settings, db) : createMemoryRateLimiter(settings);
}
