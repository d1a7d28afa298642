import {
  CONSENT_STORAGE_KEY,
  readConsent,
  saveConsent,
  type ConsentPreferences,
  type ConsentRecord,
} from '@/features/consent/consent-storage';

/**
 * The consent record as an external store for useSyncExternalStore: null on the server and
 * during hydration, the stored record in the browser, kept in step across tabs.
 */
let cached: ConsentRecord | null | undefined;
const listeners = new Set<() => void>();

function emit() {
  listeners.forEach((listener) => listener());
}

function onStorage(event: StorageEvent) {
  if (event.key !== null && event.key !== CONSENT_STORAGE_KEY) return;
  cached = undefined;
  emit();
}

export const consentStore = {
  subscribe(listener: () => void) {
    if (listeners.size === 0) window.addEventListener('storage', onStorage);
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) window.removeEventListener('storage', onStorage);
    };
  },
  getSnapshot(): ConsentRecord | null {
    if (cached === undefined) cached = readConsent(window.localStorage, Date.now());
    return cached;
  },
  getServerSnapshot(): ConsentRecord | null {
    return null;
  },
  save(preferences: ConsentPreferences): ConsentRecord {
    cached = saveConsent(window.localStorage, preferences, Date.now());
    emit();
    return cached;
  },
  /** Forget the cached value (tests, or after storage was changed by hand). */
  reload() {
    cached = undefined;
    emit();
  },
};
