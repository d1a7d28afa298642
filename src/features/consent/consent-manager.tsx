import { lazy, Suspense, useEffect } from 'react';

import { timings } from '@/config/site';
import { dismissedRecently } from '@/features/consent/consent-storage';
import { consentActions, consentStore, useConsentState } from '@/features/consent/consent-store';
import { ConsentedScripts } from '@/features/consent/consented-scripts';

const loadBanner = () => import('@/features/consent/cookie-banner');
const CookieBanner = lazy(loadBanner);
const PreferencesDialog = lazy(() => import('@/features/consent/preferences-dialog'));

/**
 * Shows the banner 1 s after load when no valid choice exists (and it was not closed in the
 * last 24 hours), the preferences dialog when asked, and the scripts consent allows. The banner
 * and dialog are their own chunks, loaded only when shown.
 */
export function ConsentManager() {
  const { bannerOpen, dialogOpen } = useConsentState();

  useEffect(() => {
    if (consentStore.getSnapshot().record || dismissedRecently(window.localStorage, Date.now()))
      return;
    void loadBanner();
    const timer = window.setTimeout(consentActions.showBanner, timings.cookieBannerDelayMs);
    return () => window.clearTimeout(timer);
  }, []);

  return (
    <>
      <ConsentedScripts />
      {/* Separate boundaries: loading the dialog must not hide the banner (and its focus). */}
      <Suspense fallback={null}>{bannerOpen ? <CookieBanner /> : null}</Suspense>
      <Suspense fallback={null}>{dialogOpen ? <PreferencesDialog /> : null}</Suspense>
    </>
  );
}
