/**
 * A small client-side rate limiter persisted in localStorage.
 *
 * It is a courtesy, not a security boundary: anyone can clear their storage. The server
 * (GoTrue's own limits, the database's per-address enquiry limit) is what really refuses.
 * Used by the enquiry form and the staff sign-in / sign-up forms.
 *
 * Typical use:
 *   const status = limiter.check();
 *   if (status.state !== 'allowed') { tell the user to wait until status.resetAt; return; }
 *   limiter.recordAttempt();
 *   await send();
 */

export type RateLimitState = 'allowed' | 'rate_limited' | 'blocked';

export type RateLimitStatus = {
  state: RateLimitState;
  /**
   * Epoch milliseconds. For 'rate_limited': when the window ends. For 'blocked': when the block
   * ends. For 'allowed': when the current window ends (now when no attempt is recorded).
   */
  resetAt: number;
};

/** The part of the Web Storage API the limiter needs. */
export type RateLimitStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export type RateLimiterOptions = {
  /** Storage key; one key per limited action, e.g. 'kestrel.rate.sign-in'. */
  key: string;
  /** Attempts allowed within one window. */
  maxAttempts: number;
  /** Window length in milliseconds; the window starts at the first attempt and restarts once elapsed. */
  windowMs: number;
  /**
   * When set, trying again after the limit is reached blocks for this long ('blocked'),
   * whatever is left of the window. Without it the caller is 'rate_limited' until the window ends.
   */
  blockMs?: number;
  /** Defaults to window.localStorage when available; null forces in-memory only. */
  storage?: RateLimitStorage | null;
  /** Clock, for tests. Defaults to Date.now. */
  now?: () => number;
};

export type RateLimiter = {
  /** The state for a new attempt. Starts the block when the limit is exceeded and blockMs is set. */
  check: () => RateLimitStatus;
  /** Counts one attempt (call it only when the attempt was allowed). */
  recordAttempt: () => void;
  /** Forgets every recorded attempt and any block. */
  reset: () => void;
};

type StoredRecord = {
  count: number;
  windowStart: number;
  blockedUntil?: number;
};

function defaultStorage(): RateLimitStorage | null {
  try {
    // Accessing localStorage can itself throw (privacy modes, sandboxed iframes).
    return typeof globalThis.localStorage === 'undefined' ? null : globalThis.localStorage;
  } catch {
    return null;
  }
}

function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

function parseRecord(raw: string | null): StoredRecord | null {
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const { count, windowStart, blockedUntil } = value as Record<string, unknown>;
    if (!isFiniteNumber(count) || !Number.isInteger(count) || count < 0) return null;
    if (!isFiniteNumber(windowStart)) return null;
    if (blockedUntil !== undefined && !isFiniteNumber(blockedUntil)) return null;
    return blockedUntil === undefined
      ? { count, windowStart }
      : { count, windowStart, blockedUntil };
  } catch {
    return null;
  }
}

export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  const { key, maxAttempts, windowMs, blockMs } = options;
  const now = options.now ?? (() => Date.now());
  // Resolved lazily so the module is safe to import during prerender.
  let storage: RateLimitStorage | null | undefined = options.storage;
  // Fallback when storage is missing or throws: the limit still holds for this page's life.
  let memory: StoredRecord | null = null;

  function getStorage(): RateLimitStorage | null {
    if (storage === undefined) storage = defaultStorage();
    return storage;
  }

  function read(): StoredRecord | null {
    const store = getStorage();
    if (!store) return memory;
    let raw: string | null;
    try {
      raw = store.getItem(key);
    } catch {
      return memory;
    }
    const record = parseRecord(raw);
    if (record === null && raw !== null) remove(); // corrupted: start afresh
    return record;
  }

  function write(record: StoredRecord): void {
    memory = record;
    const store = getStorage();
    if (!store) return;
    try {
      store.setItem(key, JSON.stringify(record));
    } catch {
      // Quota exceeded or storage disabled: the in-memory copy still applies.
    }
  }

  function remove(): void {
    memory = null;
    const store = getStorage();
    if (!store) return;
    try {
      store.removeItem(key);
    } catch {
      // Nothing more to do.
    }
  }

  /** The record still in force at `t`, or null when its window and block have both elapsed. */
  function live(t: number): StoredRecord | null {
    const record = read();
    if (!record) return null;
    if (record.blockedUntil !== undefined && record.blockedUntil > t) return record;
    // A window that starts in the future means the clock moved back or the record was edited.
    if (record.windowStart > t || t >= record.windowStart + windowMs) {
      remove();
      return null;
    }
    if (record.blockedUntil !== undefined) {
      // The block is over: start afresh.
      remove();
      return null;
    }
    return record;
  }

  function check(): RateLimitStatus {
    const t = now();
    const record = live(t);
    if (!record) return { state: 'allowed', resetAt: t };
    if (record.blockedUntil !== undefined)
      return { state: 'blocked', resetAt: record.blockedUntil };
    const windowEnd = record.windowStart + windowMs;
    if (record.count < maxAttempts) return { state: 'allowed', resetAt: windowEnd };
    if (blockMs !== undefined) {
      const blockedUntil = t + blockMs;
      write({ ...record, blockedUntil });
      return { state: 'blocked', resetAt: blockedUntil };
    }
    return { state: 'rate_limited', resetAt: windowEnd };
  }

  function recordAttempt(): void {
    const t = now();
    const record = live(t);
    if (!record) {
      write({ count: 1, windowStart: t });
      return;
    }
    write({ ...record, count: record.count + 1 });
  }

  return { check, recordAttempt, reset: remove };
}

/** "14:05" style time for the "Please try again after {time}" messages (UK clock). */
export function formatResetTime(resetAt: number): string {
  return new Date(resetAt).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
}
