import { afterEach, describe, expect, it, vi } from 'vitest';

import { DAY_MS, HOUR_MS } from '@/config/site';
import {
  allAccepted,
  BANNER_DISMISSED_KEY,
  CONSENT_STORAGE_KEY,
  defaultPreferences,
  dismissedRecently,
  readConsent,
  rememberDismissal,
  saveConsent,
} from '@/features/consent/consent-storage';

const NOW = Date.UTC(2026, 0, 15);

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('consent storage', () => {
  it('defaults to essential only', () => {
    expect(defaultPreferences).toEqual({
      essential: true,
      functional: false,
      performance: false,
      marketing: false,
    });
  });

  it('saves a record with hasConsented, preferences and a millisecond timestamp', () => {
    saveConsent(localStorage, allAccepted, NOW);
    expect(JSON.parse(localStorage.getItem(CONSENT_STORAGE_KEY) ?? '')).toEqual({
      hasConsented: true,
      preferences: allAccepted,
      timestamp: NOW,
    });
    expect(readConsent(localStorage, NOW)).toEqual({
      hasConsented: true,
      preferences: allAccepted,
      timestamp: NOW,
    });
  });

  it('forces essential on at every save', () => {
    const record = saveConsent(
      localStorage,
      { ...defaultPreferences, essential: false, marketing: true },
      NOW,
    );
    expect(record.preferences).toEqual({
      essential: true,
      functional: false,
      performance: false,
      marketing: true,
    });
  });

  it('treats a record as absent, and deletes it, once older than 365 days', () => {
    saveConsent(localStorage, allAccepted, NOW);
    expect(readConsent(localStorage, NOW + 365 * DAY_MS)).not.toBeNull();
    expect(readConsent(localStorage, NOW + 365 * DAY_MS + 1)).toBeNull();
    expect(localStorage.getItem(CONSENT_STORAGE_KEY)).toBeNull();
  });

  it.each([
    ['not JSON', '{nope'],
    [
      'the wrong shape',
      JSON.stringify({ hasConsented: true, preferences: { essential: 'yes' }, timestamp: NOW }),
    ],
    ['a missing timestamp', JSON.stringify({ hasConsented: true, preferences: allAccepted })],
    ['null', 'null'],
  ])('treats a record that is %s as absent and deletes it', (_label, raw) => {
    localStorage.setItem(CONSENT_STORAGE_KEY, raw);
    expect(readConsent(localStorage, NOW)).toBeNull();
    expect(localStorage.getItem(CONSENT_STORAGE_KEY)).toBeNull();
  });

  it('only warns when the browser refuses to store the choice', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const failing = {
      getItem: () => null,
      removeItem: () => {},
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    const record = saveConsent(failing, allAccepted, NOW);
    expect(record.preferences).toEqual(allAccepted);
    expect(warn).toHaveBeenCalledWith('Failed to save cookie preferences', expect.any(Error));
  });

  it('remembers a dismissal for 24 hours only', () => {
    rememberDismissal(localStorage, NOW);
    expect(localStorage.getItem(BANNER_DISMISSED_KEY)).toBe(String(NOW));
    expect(dismissedRecently(localStorage, NOW + 24 * HOUR_MS - 1)).toBe(true);
    expect(dismissedRecently(localStorage, NOW + 24 * HOUR_MS)).toBe(false);
  });

  it('clears the dismissal once a choice is saved', () => {
    rememberDismissal(localStorage, NOW);
    saveConsent(localStorage, defaultPreferences, NOW);
    expect(localStorage.getItem(BANNER_DISMISSED_KEY)).toBeNull();
  });
});
