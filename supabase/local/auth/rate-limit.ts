/** Milliseconds since the epoch; injectable so tests can move time instead of sleeping. */
export type Clock = () => number;

/** One request check of a keyed limiter: true when the request may go ahead. */
export interface KeyedLimiter {
  allow(key: string): boolean;
}

/** A fixed-window request counter per key: at most `limit` requests per window. */
export class RateLimiter implements KeyedLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs = 60_000,
    private readonly now: Clock = Date.now,
  ) {}

  /** Counts one request; false once `limit` requests have been seen in the current window. */
  allow(key: string, now = this.now()): boolean {
    const current = this.windows.get(key);
    if (!current || now - current.start >= this.windowMs) {
      this.windows.set(key, { start: now, count: 1 });
      if (this.windows.size > 10_000) this.prune(now);
      return true;
    }
    current.count += 1;
    return current.count <= this.limit;
  }

  private prune(now: number): void {
    for (const [key, window] of this.windows) {
      if (now - window.start >= this.windowMs) this.windows.delete(key);
    }
  }
}

export interface TokenBucketOptions {
  /** Tokens added per second. */
  perSecond: number;
  /** The bucket's size, and what a new bucket holds. */
  burst: number;
  /** A bucket is dropped (so the next request gets a full one) this long after it was made. */
  ttlMs: number;
  now?: Clock;
}

/**
 * A token bucket per key, as GoTrue's per-address limits work (tollbooth over
 * golang.org/x/time/rate): each request takes a token, tokens come back at `perSecond` up to
 * `burst`, and a key's bucket expires `ttlMs` after it was created.
 */
export class TokenBucketLimiter implements KeyedLimiter {
  private readonly buckets = new Map<string, { created: number; at: number; tokens: number }>();
  private readonly now: Clock;

  constructor(private readonly options: TokenBucketOptions) {
    this.now = options.now ?? Date.now;
  }

  allow(key: string): boolean {
    const now = this.now();
    const { perSecond, burst, ttlMs } = this.options;
    let bucket = this.buckets.get(key);
    if (!bucket || now - bucket.created >= ttlMs) {
      bucket = { created: now, at: now, tokens: burst };
      this.buckets.set(key, bucket);
      if (this.buckets.size > 10_000) this.prune(now);
    }
    const elapsedSeconds = Math.max(0, now - bucket.at) / 1000;
    bucket.tokens = Math.min(burst, bucket.tokens + elapsedSeconds * perSecond);
    bucket.at = now;
    // (tolerance for the sum of fractions: 0.9 + 0.1 is 0.9999999999999999 in floating point)
    if (bucket.tokens < 1 - 1e-9) return false;
    bucket.tokens -= 1;
    return true;
  }

  private prune(now: number): void {
    for (const [key, bucket] of this.buckets) {
      if (now - bucket.created >= this.options.ttlMs) this.buckets.delete(key);
    }
  }
}

/**
 * One counter for the whole server: at most `limit` events per interval, counted in intervals
 * that follow one another from the limiter's creation (GoTrue's IntervalLimiter, which its
 * project-wide e-mail limit uses).
 */
export class IntervalLimiter {
  private start: number;
  private count = 0;

  constructor(
    private readonly limit: number,
    private readonly intervalMs: number,
    private readonly now: Clock = Date.now,
  ) {
    this.start = now();
  }

  allow(): boolean {
    const now = this.now();
    const passed = Math.floor((now - this.start) / this.intervalMs);
    if (passed > 0) {
      this.start += passed * this.intervalMs;
      this.count = 0;
    }
    if (this.count >= this.limit) return false;
    this.count += 1;
    return true;
  }
}
