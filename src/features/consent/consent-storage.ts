import { timings } from '@/config/site';
import type { ConsentCategory } from '@/content/consent-categories';

export type ConsentPreferences = Record<ConsentCategory, boolean>;

export type ConsentRecord = {
  hasConsented: boolean;
  preferences: ConsentPreferences;
  /** When the choice was made, in milliseconds since the epoch. */
  timestamp: number;
};

/** Where the record lives in localStorage: product-specific, so it never clashes. */
export const CONSENT_STORAGE_KEY = 'kestrel-data.cookie-consent';
/** When the banner was last closed without a choice. */
export const BANNER_DISMISSED_KEY = 'kestrel-data.cookie-banner-dismissed-at';

export const defaultPreferences: ConsentPreferences = {
  essential: true,
  functional: false,
  performance: false,
  marketing: false,
};

export const allAccepted: ConsentPreferences = {
  essential: true,
  functional: true,
  performance: true,
  marketing: true,
};

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The value as an object whose fields can be checked, or null. */
function fields(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
}

function isPreferences(value: unknown): value is ConsentPreferences {
  const record = fields(value);
  return (
    record !== null &&
    Object.keys(defaultPreferences).every((key) => typeof record[key] === 'boolean')
  );
}

function isRecord(value: unknown): value is ConsentRecord {
  const record = fields(value);
  return (
    record !== null &&
    typeof record.hasConsented === 'boolean' &&
    typeof record.timestamp === 'number' &&
    Number.isFinite(record.timestamp) &&
    isPreferences(record.preferences)
  );
}

function safeRemove(storage: Storage, key: string) {
  try {
    storage.removeItem(key);
  } catch {
    // Storage that cannot be written cannot hold a stale record either.
  }
}

/**
 * The stored consent, or null when there is none that counts: a record that does not parse,
 * has the wrong shape, or is older than 365 days is deleted and treated as absent.
 */
export function readConsent(storage: Storage, now: number): ConsentRecord | null {
  let raw: string | null;
  try {
    raw = storage.getItem(CONSENT_STORAGE_KEY);
  } catch {
    return null;
  }
  if (raw === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = null;
  }
  const expired = isRecord(parsed) && now - parsed.timestamp > timings.consentValidityMs;
  if (!isRecord(parsed) || expired || !parsed.hasConsented) {
    safeRemove(storage, CONSENT_STORAGE_KEY);
    return null;
  }
  return { ...parsed, preferences: { ...parsed.preferences, essential: true } };
}

/** Stores a choice, essential always on. A storage failure only warns: the choice still applies. */
export function saveConsent(
  storage: Storage,
  preferences: ConsentPreferences,
  now: number,
): ConsentRecord {
  const record: ConsentRecord = {
    hasConsented: true,
    preferences: { ...preferences, essential: true },
    timestamp: now,
  };
  try {
    storage.setItem(CONSENT_STORAGE_KEY, JSON.stringify(record));
    safeRemove(storage, BANNER_DISMISSED_KEY);
  } catch (error) {
    console.warn('Failed to save cookie preferences', error);
  }
  return record;
}

/** Closing the banner without choosing: remember when, to ask again after 24 hours. */
export function rememberDismissal(storage: Storage, now: number): void {
  try {
    storage.setItem(BANNER_DISMISSED_KEY, String(now));
  } catch (error) {
    console.warn('Failed to save cookie preferences', error);
  }
}

export function dismissedRecently(storage: Storage, now: number): boolean {
  let raw: string | null;
  try {
    raw = storage.getItem(BANNER_DISMISSED_KEY);
  } catch {
    return false;
  }
  const at = Number(raw);
  if (raw === null || !Number.isFinite(at)) return false;
  return now - at < timings.cookieRepromptAfterDismissMs;
}
