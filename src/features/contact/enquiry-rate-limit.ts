import { rateLimits } from '@/config/site';
import { createRateLimiter, type RateLimiter, type RateLimitStatus } from '@/lib/rate-limiter';

/** The contact form's client-side limit: 3 attempts per 15 minutes, then 30 minutes blocked. */
export const ENQUIRY_RATE_LIMIT_KEY = 'kestrel-data.rate.enquiry';

let limiter: RateLimiter | null = null;

/** Created on first use (it reads localStorage, which rendering must not touch). */
export function enquiryLimiter(): RateLimiter {
  limiter ??= createRateLimiter({ key: ENQUIRY_RATE_LIMIT_KEY, ...rateLimits.contactForm });
  return limiter;
}

// Built when first needed: creating an Intl formatter loads locale data (tens of ms on a phone),
// which would otherwise land in the task that runs the form's code as it streams in.
let timeFormat: Intl.DateTimeFormat | null = null;

/** The toast for a refused attempt (too many, or blocked), with the time the limit lifts. */
export function rateLimitToast(status: RateLimitStatus) {
  timeFormat ??= new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' });
  const time = timeFormat.format(new Date(status.resetAt));
  return {
    title: 'Rate limit exceeded',
    description:
      status.state === 'blocked'
        ? `You've been temporarily blocked. Try again after ${time}.`
        : `Too many attempts. Try again after ${time}.`,
    variant: 'destructive' as const,
  };
}
