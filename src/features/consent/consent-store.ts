import { useSyncExternalStore } from 'react';

import {
  allAccepted,
  CONSENT_STORAGE_KEY,
  defaultPreferences,
  readConsent,
  rememberDismissal,
  saveConsent,
  type ConsentPreferences,
  type ConsentRecord,
} from '@/features/consent/consent-storage';

/**
 * Consent state lives outside React, read with useSyncExternalStore. It is deliberately not a
 * context: a context value that changes just after hydration (as the stored choice does, null on
 * the server) forces React to client-render every Suspense boundary not yet hydrated below it,
 * which duplicates the page's head tags and throws away its static markup.
 */
export type ConsentState = {
  /** The valid stored choice; null before one is made, and always on the server. */
  record: ConsentRecord | null;
  bannerOpen: boolean;
  dialogOpen: boolean;
};

const serverState: ConsentState = { record: null, bannerOpen: false, dialogOpen: false };
let state: ConsentState | undefined;
const listeners = new Set<() => void>();

function current(): ConsentState {
  if (state === undefined) {
    const record = readConsent(window.localStorage, Date.now());
    // Before a choice the client's state equals the server's, and it must be the same object:
    // a snapshot that differs from the server's after hydration makes React re-render the root
    // synchronously in one long task.
    state = record ? { ...serverState, record } : serverState;
  }
  return state;
}

function update(patch: Partial<ConsentState>) {
  state = { ...current(), ...patch };
  listeners.forEach((listener) => listener());
}

function onStorage(event: StorageEvent) {
  if (event.key !== null && event.key !== CONSENT_STORAGE_KEY) return;
  update({ record: readConsent(window.localStorage, Date.now()) });
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
  getSnapshot: current,
  getServerSnapshot: (): ConsentState => serverState,
  /** Re-read storage and close everything (tests; or after storage changed by hand). */
  reset() {
    state = undefined;
    listeners.forEach((listener) => listener());
  },
};

function choose(preferences: ConsentPreferences) {
  update({
    record: saveConsent(window.localStorage, preferences, Date.now()),
    bannerOpen: false,
    dialogOpen: false,
  });
}

export const consentActions = {
  showBanner: () => update({ bannerOpen: true }),
  acceptAll: () => choose(allAccepted),
  rejectAll: () => choose(defaultPreferences),
  dismissBanner: () => {
    rememberDismissal(window.localStorage, Date.now());
    update({ bannerOpen: false });
  },
  openPreferences: () => update({ dialogOpen: true }),
  closePreferences: () => update({ dialogOpen: false }),
  /** A choice from the dialog (which says so in a toast of its own). */
  choose,
};

export function useConsentState(): ConsentState {
  return useSyncExternalStore(
    consentStore.subscribe,
    consentStore.getSnapshot,
    consentStore.getServerSnapshot,
  );
}
