// @vitest-environment node
import { describe, expect, it } from 'vitest';

import { createAuthLimits } from '../../../supabase/local/auth/auth-limits';
import {
  IntervalLimiter,
  RateLimiter,
  TokenBucketLimiter,
} from '../../../supabase/local/auth/rate-limit';
import { CLI_AUTH_RATE_LIMIT_DEFAULTS } from '../../../supabase/local/supabase-config';

function clock(start = 1_000_000) {
  const state = { now: start };
  return { now: () => state.now, advance: (ms: number) => (state.now += ms) };
}

const times = (count: number, attempt: () => boolean) =>
  Array.from({ length: count }, attempt).filter(Boolean).length;

describe('TokenBucketLimiter (GoTrue per-address limits)', () => {
  it('allows a full burst, then refills at its rate up to the burst', () => {
    const time = clock();
    const bucket = new TokenBucketLimiter({ perSecond: 0.25, burst: 30, ttlMs: 60_000, ...time });
    expect(times(30, () => bucket.allow('a'))).toBe(30);
    expect(bucket.allow('a')).toBe(false);
    time.advance(3999);
    expect(bucket.allow('a')).toBe(false);
    time.advance(1);
    expect(bucket.allow('a')).toBe(true);
    expect(bucket.allow('a')).toBe(false);
    // each key has its own bucket
    expect(bucket.allow('b')).toBe(true);
  });

  it('adds up fractional refills exactly (ten steps of a tenth make a token)', () => {
    const time = clock();
    const bucket = new TokenBucketLimiter({ perSecond: 0.1, burst: 1, ttlMs: 3_600_000, ...time });
    expect(bucket.allow('a')).toBe(true);
    time.advance(9000);
    expect(bucket.allow('a')).toBe(false);
    time.advance(1000);
    expect(bucket.allow('a')).toBe(true);
  });

  it('drops a bucket its time-to-live after it was made, so the next request finds it full', () => {
    const time = clock();
    const bucket = new TokenBucketLimiter({ perSecond: 0.001, burst: 2, ttlMs: 60_000, ...time });
    expect(times(3, () => bucket.allow('a'))).toBe(2);
    time.advance(59_999);
    expect(bucket.allow('a')).toBe(false);
    time.advance(1);
    expect(times(3, () => bucket.allow('a'))).toBe(2);
  });
});

describe('IntervalLimiter (GoTrue project-wide e-mail limit)', () => {
  it('counts events per interval from its creation', () => {
    const time = clock();
    const limiter = new IntervalLimiter(2, 3_600_000, time.now);
    expect(times(3, () => limiter.allow())).toBe(2);
    time.advance(3_599_999);
    expect(limiter.allow()).toBe(false);
    time.advance(1);
    expect(times(3, () => limiter.allow())).toBe(2);
  });
});

describe('RateLimiter (fixed window)', () => {
  it('allows `limit` requests a window per key', () => {
    const time = clock();
    const limiter = new RateLimiter(3, 60_000, time.now);
    expect(times(4, () => limiter.allow('a'))).toBe(3);
    time.advance(60_000);
    expect(limiter.allow('a')).toBe(true);
  });
});

const url = (path: string) => new URL(`http://127.0.0.1${path}`);

describe("createAuthLimits('config'): config.toml's keys on GoTrue's routes", () => {
  const config = (now = clock().now) =>
    createAuthLimits({ mode: 'config', rateLimit: CLI_AUTH_RATE_LIMIT_DEFAULTS, now });

  it('limits POST /token of any known grant type per address, but not an unknown grant', () => {
    const limits = config();
    const token = (grant: string, ip = '1.1.1.1') =>
      limits.allowRoute('POST', '/token', url(`/token?grant_type=${grant}`), ip);
    expect(times(15, () => token('password')) + times(15, () => token('refresh_token'))).toBe(30);
    expect(token('password')).toBe(false);
    expect(token('nonsense')).toBe(true);
    expect(token('password', '2.2.2.2')).toBe(true);
  });

  it('gives /signup and /verify their own buckets, and leaves other routes alone', () => {
    const limits = config();
    const allow = (method: string, path: string) =>
      limits.allowRoute(method, path, url(path), '1.1.1.1');
    expect(times(31, () => allow('POST', '/signup'))).toBe(30);
    expect(
      times(16, () => allow('GET', '/verify')) + times(15, () => allow('POST', '/verify')),
    ).toBe(30);
    expect(times(100, () => allow('GET', '/user'))).toBe(100);
    expect(times(100, () => allow('GET', '/health'))).toBe(100);
  });

  it('allows email_sent auth mails an hour for the whole project, none when it is 0', () => {
    const time = clock();
    const limits = config(time.now);
    expect(times(3, () => limits.allowEmail())).toBe(2);
    time.advance(3_600_000);
    expect(limits.allowEmail()).toBe(true);
    const none = createAuthLimits({
      mode: 'config',
      rateLimit: { ...CLI_AUTH_RATE_LIMIT_DEFAULTS, email_sent: 0 },
    });
    expect(none.allowEmail()).toBe(false);
  });

  it('counts MFA verifications per address across factors, apart from challenges', () => {
    const limits = config();
    expect(times(20, () => limits.allowMfa('verify', '1.1.1.1', 'factor-a'))).toBe(20);
    expect(times(20, () => limits.allowMfa('verify', '1.1.1.1', 'factor-b'))).toBe(10);
    expect(limits.allowMfa('challenge', '1.1.1.1', 'factor-a')).toBe(true);
    expect(limits.allowMfa('verify', '2.2.2.2', 'factor-a')).toBe(true);
  });
});

describe("createAuthLimits('local'): generous, as every local client is 127.0.0.1", () => {
  it('caps /token, /signup and /verify per address and route per minute, with no e-mail limit', () => {
    const time = clock();
    const limits = createAuthLimits({
      mode: 'local',
      rateLimit: CLI_AUTH_RATE_LIMIT_DEFAULTS,
      now: time.now,
    });
    const token = () =>
      limits.allowRoute('POST', '/token', url('/token?grant_type=password'), '127.0.0.1');
    expect(times(601, token)).toBe(600);
    time.advance(60_000);
    expect(token()).toBe(true);
    expect(times(100, () => limits.allowEmail())).toBe(100);
  });

  it('keeps the MFA bucket shape but counts per address and factor', () => {
    const limits = createAuthLimits({ mode: 'local', rateLimit: CLI_AUTH_RATE_LIMIT_DEFAULTS });
    expect(times(31, () => limits.allowMfa('verify', '127.0.0.1', 'factor-a'))).toBe(30);
    expect(limits.allowMfa('verify', '127.0.0.1', 'factor-b')).toBe(true);
  });
});
