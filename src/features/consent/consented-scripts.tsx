import { useEffect } from 'react';

import { consentedScripts } from '@/config/analytics';
import { useConsentState } from '@/features/consent/consent-store';
import { readBrowserEnv } from '@/lib/browser-env';

const injected = new Set<string>();

/**
 * Injects each configured third-party script once its category is granted, and never before:
 * with no choice made, or with the category refused, not a single request leaves the browser.
 */
export function ConsentedScripts() {
  const { record } = useConsentState();

  useEffect(() => {
    if (!record) return;
    for (const { category, src } of consentedScripts(readBrowserEnv())) {
      if (!record.preferences[category] || injected.has(src)) continue;
      injected.add(src);
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.dataset.consentCategory = category;
      document.head.appendChild(script);
    }
  }, [record]);

  return null;
}
