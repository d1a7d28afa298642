import { rateLimits } from '@/config/site';
import { createRateLimiter, formatResetTime, type RateLimiter } from '@/lib/rate-limiter';

/**
 * Client-side attempt limits for the staff forms (5 sign-ins per 15 minutes, 3 sign-ups per
 * hour): a courtesy that saves a round trip; GoTrue's own per-IP limits are what protect the
 * accounts.
 */
export function signInLimiter(): RateLimiter {
  return createRateLimiter({ key: 'kestrel-data.rate-limit.sign-in', ...rateLimits.signIn });
}

export function signUpLimiter(): RateLimiter {
  return createRateLimiter({ key: 'kestrel-data.rate-limit.sign-up', ...rateLimits.signUp });
}

export { formatResetTime };
