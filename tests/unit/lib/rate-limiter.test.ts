import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createRateLimiter, formatResetTime, type RateLimitStorage } from '@/lib/rate-limiter';

const MINUTE = 60_000;
const START = new Date('2025-03-01T10:00:00Z').getTime();
const KEY = 'test.rate';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(START);
  localStorage.clear();
});

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

function attempt(limiter: ReturnType<typeof createRateLimiter>) {
  const status = limiter.check();
  if (status.state === 'allowed') limiter.recordAttempt();
  return status;
}

describe('createRateLimiter without a block', () => {
  const options = { key: KEY, maxAttempts: 5, windowMs: 15 * MINUTE };

  it('allows maxAttempts attempts in one window, then is rate_limited until the window ends', () => {
    const limiter = createRateLimiter(options);
    for (let i = 0; i < 5; i += 1) expect(attempt(limiter).state).toBe('allowed');
    vi.advanceTimersByTime(5 * MINUTE);
    expect(limiter.check()).toEqual({ state: 'rate_limited', resetAt: START + 15 * MINUTE });
  });

  it('restarts the window once it has elapsed', () => {
    const limiter = createRateLimiter(options);
    for (let i = 0; i < 5; i += 1) attempt(limiter);
    vi.advanceTimersByTime(15 * MINUTE - 1);
    expect(limiter.check().state).toBe('rate_limited');
    vi.advanceTimersByTime(1);
    expect(limiter.check().state).toBe('allowed');
    limiter.recordAttempt();
    expect(limiter.check()).toEqual({ state: 'allowed', resetAt: START + 30 * MINUTE });
  });

  it('reports the end of the current window while still allowed', () => {
    const limiter = createRateLimiter(options);
    expect(limiter.check()).toEqual({ state: 'allowed', resetAt: START });
    limiter.recordAttempt();
    vi.advanceTimersByTime(MINUTE);
    expect(limiter.check()).toEqual({ state: 'allowed', resetAt: START + 15 * MINUTE });
  });

  it('persists attempts in localStorage under its key, shared by limiters with that key', () => {
    const first = createRateLimiter(options);
    for (let i = 0; i < 5; i += 1) attempt(first);
    expect(JSON.parse(localStorage.getItem(KEY) ?? 'null')).toEqual({
      count: 5,
      windowStart: START,
    });
    const afterReload = createRateLimiter(options);
    expect(afterReload.check().state).toBe('rate_limited');
    expect(createRateLimiter({ ...options, key: 'other.key' }).check().state).toBe('allowed');
  });

  it('reset() forgets the attempts', () => {
    const limiter = createRateLimiter(options);
    for (let i = 0; i < 5; i += 1) attempt(limiter);
    limiter.reset();
    expect(limiter.check().state).toBe('allowed');
    expect(localStorage.getItem(KEY)).toBeNull();
  });
});

describe('createRateLimiter with a block', () => {
  const options = { key: KEY, maxAttempts: 3, windowMs: 15 * MINUTE, blockMs: 30 * MINUTE };

  it('blocks for blockMs from the attempt that exceeds the limit', () => {
    const limiter = createRateLimiter(options);
    for (let i = 0; i < 3; i += 1) expect(attempt(limiter).state).toBe('allowed');
    vi.advanceTimersByTime(2 * MINUTE);
    const blockedAt = START + 2 * MINUTE;
    expect(limiter.check()).toEqual({ state: 'blocked', resetAt: blockedAt + 30 * MINUTE });
    // The block outlives the window, and checking again does not extend it.
    vi.advanceTimersByTime(20 * MINUTE);
    expect(limiter.check()).toEqual({ state: 'blocked', resetAt: blockedAt + 30 * MINUTE });
    expect(createRateLimiter(options).check().state).toBe('blocked');
  });

  it('allows again with a fresh window once the block has ended', () => {
    const limiter = createRateLimiter(options);
    for (let i = 0; i < 3; i += 1) attempt(limiter);
    limiter.check();
    vi.advanceTimersByTime(30 * MINUTE);
    expect(attempt(limiter).state).toBe('allowed');
    expect(attempt(limiter).state).toBe('allowed');
    expect(attempt(limiter).state).toBe('allowed');
    expect(limiter.check().state).toBe('blocked');
  });

  it('does not block when the attempts are spread over more than one window', () => {
    const limiter = createRateLimiter(options);
    attempt(limiter);
    attempt(limiter);
    vi.advanceTimersByTime(15 * MINUTE);
    attempt(limiter);
    expect(limiter.check().state).toBe('allowed');
  });
});

describe('createRateLimiter with broken storage', () => {
  const options = { key: KEY, maxAttempts: 2, windowMs: 10 * MINUTE };

  it.each([
    'not json',
    '"a string"',
    'null',
    '{"count":"2","windowStart":1}',
    '{"count":-1,"windowStart":1}',
    '{"count":1.5,"windowStart":1}',
    '{"count":1}',
    '{"count":1,"windowStart":1,"blockedUntil":"later"}',
  ])('treats a corrupted record (%s) as absent and replaces it', (raw) => {
    localStorage.setItem(KEY, raw);
    const limiter = createRateLimiter(options);
    expect(limiter.check().state).toBe('allowed');
    limiter.recordAttempt();
    expect(JSON.parse(localStorage.getItem(KEY) ?? 'null')).toEqual({
      count: 1,
      windowStart: START,
    });
  });

  it('ignores a window that starts in the future (clock moved back)', () => {
    localStorage.setItem(KEY, JSON.stringify({ count: 9, windowStart: START + 60 * MINUTE }));
    expect(createRateLimiter(options).check().state).toBe('allowed');
  });

  it('still limits in memory when storage throws on every call', () => {
    const throwing: RateLimitStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    const limiter = createRateLimiter({ ...options, storage: throwing });
    expect(attempt(limiter).state).toBe('allowed');
    expect(attempt(limiter).state).toBe('allowed');
    expect(limiter.check().state).toBe('rate_limited');
    vi.advanceTimersByTime(10 * MINUTE);
    expect(limiter.check().state).toBe('allowed');
  });

  it('works with no storage at all (storage: null)', () => {
    const limiter = createRateLimiter({ ...options, storage: null });
    attempt(limiter);
    attempt(limiter);
    expect(limiter.check().state).toBe('rate_limited');
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('uses an injected clock', () => {
    let t = 1_000;
    const limiter = createRateLimiter({ ...options, storage: null, now: () => t });
    attempt(limiter);
    attempt(limiter);
    expect(limiter.check()).toEqual({ state: 'rate_limited', resetAt: 1_000 + 10 * MINUTE });
    t += 10 * MINUTE;
    expect(limiter.check().state).toBe('allowed');
  });
});

describe('formatResetTime', () => {
  it('gives a 24-hour UK clock time', () => {
    expect(formatResetTime(new Date(2025, 2, 1, 14, 5).getTime())).toBe('14:05');
  });
});
