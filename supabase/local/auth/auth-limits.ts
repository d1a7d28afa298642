import type { AuthRateLimitConfig } from '../supabase-config.ts';
import { IntervalLimiter, RateLimiter, TokenBucketLimiter } from './rate-limit.ts';
import type { Clock, KeyedLimiter } from './rate-limit.ts';

/**
 * 'local': every local request comes from 127.0.0.1, so the test suites and a developer share one
 * address; requests are capped per address and route per minute (600 by default), no e-mail
 * limit, and the MFA limit counts per address and factor. 'config': supabase/config.toml's
 * `[auth.rate_limit]`, applied to the routes GoTrue applies them to, per address.
 */
export type AuthLimitsMode = 'local' | 'config';

export const LOCAL_AUTH_REQUESTS_PER_MINUTE = 600;

/** GoTrue's per-address limits: the configured rate per 5 minutes, a burst of 30, kept 1 hour. */
const FIVE_MINUTES = 300;
const ROUTE_BURST = 30;
const ROUTE_BUCKET_TTL_MS = 60 * 60_000;

/** GOTRUE_MFA_RATE_LIMIT_CHALLENGE_AND_VERIFY (15 a minute), burst 30, buckets kept 1 minute. */
export const MFA_CHALLENGE_AND_VERIFY_PER_MINUTE = 15;
const MFA_BURST = 30;
const MFA_BUCKET_TTL_MS = 60_000;

/** The grant types GoTrue knows; any other is refused (400) before the limit is counted. */
const KNOWN_GRANT_TYPES = new Set(['password', 'refresh_token', 'id_token', 'pkce', 'web3']);

export interface AuthLimitsOptions {
  mode: AuthLimitsMode;
  rateLimit: AuthRateLimitConfig;
  /** 'local' mode's cap per address and route per minute. */
  localPerMinute?: number;
  now?: Clock;
}

export interface AuthLimits {
  /** The per-address limit of a GoTrue route; false = 429 over_request_rate_limit. */
  allowRoute(method: string, path: string, url: URL, ip: string): boolean;
  /** The project-wide limit on auth e-mails; false = 429 over_email_send_rate_limit. */
  allowEmail(): boolean;
  /** POST /factors/{id}/challenge or /verify; false = 429 over_request_rate_limit. */
  allowMfa(action: 'challenge' | 'verify', ip: string, factorId: string): boolean;
}

function routeBucket(perFiveMinutes: number, now?: Clock): TokenBucketLimiter {
  return new TokenBucketLimiter({
    perSecond: perFiveMinutes / FIVE_MINUTES,
    burst: ROUTE_BURST,
    ttlMs: ROUTE_BUCKET_TTL_MS,
    now,
  });
}

function mfaBucket(now?: Clock): TokenBucketLimiter {
  return new TokenBucketLimiter({
    perSecond: MFA_CHALLENGE_AND_VERIFY_PER_MINUTE / 60,
    burst: MFA_BURST,
    ttlMs: MFA_BUCKET_TTL_MS,
    now,
  });
}

/**
 * GoTrue's rate limits (supabase/auth internal/api/apilimiter), by the config.toml key that sets
 * each through the CLI:
 * - `token_refresh` (GOTRUE_RATE_LIMIT_TOKEN_REFRESH): POST /token, every grant type;
 * - `sign_in_sign_ups` (GOTRUE_RATE_LIMIT_OTP): POST /signup (and /otp, /recover, /resend,
 *   /magiclink and PUT /user, which this backend does not serve), each route its own bucket;
 * - `token_verifications` (GOTRUE_RATE_LIMIT_VERIFY): GET and POST /verify;
 * - `email_sent` (GOTRUE_RATE_LIMIT_EMAIL_SENT): auth e-mails per hour for the whole project.
 * MFA challenge and verify have their own buckets in both modes.
 */
export function createAuthLimits(options: AuthLimitsOptions): AuthLimits {
  const { mode, rateLimit, now } = options;
  const challenge = mfaBucket(now);
  const verify = mfaBucket(now);
  const allowMfa: AuthLimits['allowMfa'] = (action, ip, factorId) => {
    const key = mode === 'config' ? ip : `${ip} ${factorId}`;
    return (action === 'challenge' ? challenge : verify).allow(key);
  };

  if (mode === 'local') {
    const perMinute = new RateLimiter(
      options.localPerMinute ?? LOCAL_AUTH_REQUESTS_PER_MINUTE,
      60_000,
      now,
    );
    const limited = new Set(['/token', '/signup', '/verify']);
    return {
      allowRoute: (_method, path, _url, ip) =>
        !limited.has(path) || perMinute.allow(`${ip} ${path}`),
      allowEmail: () => true,
      allowMfa,
    };
  }

  const token = routeBucket(rateLimit.token_refresh, now);
  const signups = routeBucket(rateLimit.sign_in_sign_ups, now);
  const verifications = routeBucket(rateLimit.token_verifications, now);
  const email = new IntervalLimiter(rateLimit.email_sent, 60 * 60_000, now);
  const pick = (method: string, path: string, url: URL): KeyedLimiter | null => {
    if (path === '/token' && method === 'POST')
      return KNOWN_GRANT_TYPES.has(url.searchParams.get('grant_type') ?? '') ? token : null;
    if (path === '/signup' && method === 'POST') return signups;
    if (path === '/verify' && (method === 'GET' || method === 'POST')) return verifications;
    return null;
  };
  return {
    allowRoute(method, path, url, ip) {
      const limiter = pick(method, path, url);
      return limiter === null || limiter.allow(ip);
    },
    // GoTrue refuses every auth e-mail when the limit is 0.
    allowEmail: () => rateLimit.email_sent > 0 && email.allow(),
    allowMfa,
  };
}
