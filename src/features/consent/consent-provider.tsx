import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';

import { timings } from '@/config/site';
import { notify } from '@/components/ui/toast/notify';
import { ConsentContext, type ConsentContextValue } from '@/features/consent/consent-context';
import { ConsentedScripts } from '@/features/consent/consented-scripts';
import {
  allAccepted,
  defaultPreferences,
  dismissedRecently,
  rememberDismissal,
  type ConsentPreferences,
} from '@/features/consent/consent-storage';
import { consentStore } from '@/features/consent/consent-store';

const loadBanner = () => import('@/features/consent/cookie-banner');
const CookieBanner = lazy(loadBanner);
const PreferencesDialog = lazy(() => import('@/features/consent/preferences-dialog'));

/**
 * Holds the visitor's cookie choice and shows the banner and the preferences dialog. Both UIs
 * load as their own chunks only when needed, so consent costs a visitor who has chosen nothing.
 */
export function ConsentProvider({ children }: { children: ReactNode }) {
  const record = useSyncExternalStore(
    consentStore.subscribe,
    consentStore.getSnapshot,
    consentStore.getServerSnapshot,
  );
  const [bannerOpen, setBannerOpen] = useState(false);
  const [dialogOpen, setDialogOpen] = useState(false);

  useEffect(() => {
    if (consentStore.getSnapshot() || dismissedRecently(window.localStorage, Date.now())) return;
    void loadBanner();
    const timer = window.setTimeout(() => setBannerOpen(true), timings.cookieBannerDelayMs);
    return () => window.clearTimeout(timer);
  }, []);

  const choose = useCallback((preferences: ConsentPreferences) => {
    consentStore.save(preferences);
    setBannerOpen(false);
    setDialogOpen(false);
  }, []);

  const value = useMemo<ConsentContextValue>(
    () => ({
      record,
      bannerOpen,
      dialogOpen,
      acceptAll: () => choose(allAccepted),
      rejectAll: () => choose(defaultPreferences),
      dismissBanner: () => {
        rememberDismissal(window.localStorage, Date.now());
        setBannerOpen(false);
      },
      openPreferences: () => setDialogOpen(true),
      closePreferences: () => setDialogOpen(false),
      savePreferences: (preferences) => {
        choose(preferences);
        notify({
          title: 'Cookie preferences saved',
          description: 'Your cookie preferences have been updated successfully.',
          variant: 'success',
        });
      },
      acceptAllFromDialog: () => {
        choose(allAccepted);
        notify({
          title: 'All cookies accepted',
          description: 'All cookie categories have been enabled.',
          variant: 'success',
        });
      },
    }),
    [record, bannerOpen, dialogOpen, choose],
  );

  return (
    <ConsentContext.Provider value={value}>
      {children}
      <ConsentedScripts />
      <Suspense fallback={null}>
        {bannerOpen ? <CookieBanner /> : null}
        {dialogOpen ? <PreferencesDialog /> : null}
      </Suspense>
    </ConsentContext.Provider>
  );
}
