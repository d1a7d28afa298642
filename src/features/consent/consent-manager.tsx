import { lazy, Suspense, useEffect } from 'react';
import { useLocation } from 'react-router';

import { isStaffAreaPath } from '@/config/paths';
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
 *
 * The staff area (/auth, /admin and below) loads no optional script, so it asks nothing: no
 * banner (it dimmed the page and covered the code field and its button on a phone) and no
 * consented script injected there. "Cookie settings" still opens the dialog; back on a public
 * page the banner appears as usual.
 */
export function ConsentManager() {
  const { bannerOpen, dialogOpen } = useConsentState();
  const staffArea = isStaffAreaPath(useLocation().pathname);

  useEffect(() => {
    if (staffArea) return;
    if (consentStore.getSnapshot().record || dismissedRecently(window.localStorage, Date.now()))
      return;
    void loadBanner();
    const timer = window.setTimeout(consentActions.showBanner, timings.cookieBannerDelayMs);
    return () => window.clearTimeout(timer);
  }, [staffArea]);

  return (
    <>
      {staffArea ? null : <ConsentedScripts />}
      {/* Separate boundaries: loading the dialog must not hide the banner (and its focus). */}
      <Suspense fallback={null}>{bannerOpen && !staffArea ? <CookieBanner /> : null}</Suspense>
      <Suspense fallback={null}>{dialogOpen ? <PreferencesDialog /> : null}</Suspense>
    </>
  );
}
