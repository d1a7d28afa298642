import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';

import { AppErrorBoundary } from '@/app/app-error-boundary';
import { Breadcrumbs } from '@/components/layout/breadcrumbs';
import { Footer } from '@/components/layout/footer';
import { Header } from '@/components/layout/header';
import { ScrollManager } from '@/components/layout/scroll-manager';
import { SkipLink } from '@/components/layout/skip-link';
import { PageFallback } from '@/components/ui/page-fallback';
import { ToastHost } from '@/components/ui/toast/toast-host';
import { ConsentProvider } from '@/features/consent/consent-provider';
import { CookieSettingsButton } from '@/features/consent/cookie-settings-button';
import { markHydrated } from '@/lib/hydration';

export const MAIN_CONTENT_ID = 'main-content';

export function RootLayout() {
  const { pathname } = useLocation();
  // The layout's first effect runs once the initial hydration has committed.
  useEffect(markHydrated, []);
  return (
    <ConsentProvider>
      <SkipLink targetId={MAIN_CONTENT_ID} />
      <ScrollManager />
      <Header />
      <div className="pt-header">
        <Breadcrumbs />
        <main id={MAIN_CONTENT_ID} tabIndex={-1} className="outline-none">
          {/* Reset the boundary on navigation, so one broken page does not stick. */}
          <AppErrorBoundary key={pathname}>
            <Suspense fallback={<PageFallback />}>
              <Outlet />
            </Suspense>
          </AppErrorBoundary>
        </main>
      </div>
      <Footer legalExtra={(className) => <CookieSettingsButton className={className} />} />
      <ToastHost />
    </ConsentProvider>
  );
}
