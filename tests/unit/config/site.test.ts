import { describe, expect, it } from 'vitest';

import { paths, privatePaths } from '@/config/paths';
import {
  award,
  DAY_MS,
  HOUR_MS,
  limits,
  MINUTE_MS,
  rateLimits,
  site,
  timings,
} from '@/config/site';

describe('site constants: product timings and limits', () => {
  it('holds the banner, consent, scroll, carousel and menu timings', () => {
    expect(timings).toEqual({
      cookieBannerDelayMs: 1000,
      cookieRepromptAfterDismissMs: 24 * HOUR_MS,
      consentValidityMs: 365 * DAY_MS,
      contactScrollDelayMs: 100,
      anchorScrollOffsetPx: 80,
      carouselAutoplayMs: 3000,
      navMenuOpenDelayMs: 200,
      navMenuSkipDelayMs: 300,
      navMenuCloseDelayMs: 150,
    });
  });

  it('holds the client-side rate limits', () => {
    expect(rateLimits.contactForm).toEqual({
      maxAttempts: 3,
      windowMs: 15 * MINUTE_MS,
      blockMs: 30 * MINUTE_MS,
    });
    expect(rateLimits.signIn).toEqual({ maxAttempts: 5, windowMs: 15 * MINUTE_MS });
    expect(rateLimits.signUp).toEqual({ maxAttempts: 3, windowMs: 60 * MINUTE_MS });
  });

  it('holds the company facts used in structured data', () => {
    expect(site.foundingYear).toBe(2020);
    expect(site.areaServed).toBe('GB');
    expect(site.url).toMatch(/^https:\/\/[^/]+$/);
    expect(site.contactEmail).toMatch(/^[^@\s]+@[^@\s]+\.[^@\s]+$/);
    expect(site.linkedinUrl).toMatch(/^https:\/\/www\.linkedin\.com\/company\//);
    expect(site.copyrightYear).toBe(2025);
    expect(award).toEqual({ year: 2025, title: 'Data Management Solution of the Year' });
    expect(limits.minPasswordLength).toBe(12);
    expect(limits.freeConsultationMinutes).toBe(30);
    expect(limits.enquiryReplyHours).toBe(24);
  });

  it('keeps the staff routes private', () => {
    expect(privatePaths).toEqual([paths.auth, paths.admin]);
    expect(paths.service('data-strategy')).toBe('/service/data-strategy');
  });
});
