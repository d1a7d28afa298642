import { createContext, useContext } from 'react';

import type { ConsentCategory } from '@/content/consent-categories';
import type { ConsentPreferences, ConsentRecord } from '@/features/consent/consent-storage';

export type ConsentContextValue = {
  /** The valid stored choice, or null before one is made (and during prerender). */
  record: ConsentRecord | null;
  bannerOpen: boolean;
  dialogOpen: boolean;
  acceptAll: () => void;
  rejectAll: () => void;
  dismissBanner: () => void;
  openPreferences: () => void;
  closePreferences: () => void;
  savePreferences: (preferences: ConsentPreferences) => void;
  acceptAllFromDialog: () => void;
};

export const ConsentContext = createContext<ConsentContextValue | null>(null);

export function useConsentContext(): ConsentContextValue {
  const value = useContext(ConsentContext);
  if (!value) throw new Error('useConsentContext must be used inside <ConsentProvider>.');
  return value;
}

/** Whether a category may be used now. Essential always may; nothing else before a choice. */
export function useConsent(category: ConsentCategory): boolean {
  const { record } = useConsentContext();
  if (category === 'essential') return true;
  return record?.preferences[category] ?? false;
}
