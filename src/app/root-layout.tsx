import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';

import { AppErrorBoundary } from '@/app/app-error-boundary';
import { Breadcrumbs } from '@/components/layout/breadcrumbs';
import { DecorativeMotion } from '@/components/layout/decorative-motion';
import { HydrationMarker } from '@/components/layout/hydration-marker';
import { LinkClickRouter } from '@/components/layout/link-click-router';
import { Footer } from '@/components/layout/footer';
import { Header } from '@/components/layout/header';
import { ScrollManager } from '@/components/layout/scroll-manager';
import { SkipLink } from '@/components/layout/skip-link';
import { PageFallback } from '@/components/ui/page-fallback';
import { ToastHost } from '@/components/ui/toast/toast-host';
import { ConsentManager } from '@/features/consent/consent-manager';
import { CookieSettingsButton } from '@/features/consent/cookie-settings-button';

export const MAIN_CONTENT_ID = 'main-content';

export function RootLayout() {
  const { pathname } = useLocation();
  return (
    <>
      <SkipLink targetId={MAIN_CONTENT_ID} />
      <ScrollManager />
      <LinkClickRouter />
      <Header />
      <div className="pt-header">
        <Breadcrumbs />
        <main id={MAIN_CONTENT_ID} tabIndex={-1} className="outline-none">
          {/* Reset the boundary on navigation, so one broken page does not stick. */}
          <AppErrorBoundary key={pathname}>
            <Suspense fallback={<PageFallback />}>
              <Outlet />
              <HydrationMarker />
              <DecorativeMotion />
            </Suspense>
          </AppErrorBoundary>
        </main>
      </div>
      <Footer legalExtra={(className) => <CookieSettingsButton className={className} />} />
      <ToastHost />
      <ConsentManager />
    </>
  );
}
