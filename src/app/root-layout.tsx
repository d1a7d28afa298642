import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';

import { AppErrorBoundary } from '@/app/app-error-boundary';
import { loadRoute } from '@/app/route-table';
import { Breadcrumbs } from '@/components/layout/breadcrumbs';
import { DecorativeMotion } from '@/components/layout/decorative-motion';
import { Footer } from '@/components/layout/footer';
import { Header } from '@/components/layout/header';
import { ScrollManager } from '@/components/layout/scroll-manager';
import { SkipLink } from '@/components/layout/skip-link';
import { PageFallback } from '@/components/ui/page-fallback';
import { ToastHost } from '@/components/ui/toast/toast-host';
import { isStaffAreaPath, MAIN_CONTENT_ID } from '@/config/paths';
import { ConsentManager } from '@/features/consent/consent-manager';
import { CookieSettingsButton } from '@/features/consent/cookie-settings-button';
import { HydrationMarker } from '@/page-loading/hydration-marker';
import { LinkClickRouter } from '@/page-loading/link-click-router';
import { NavigationProgress } from '@/page-loading/navigation-progress';
import { RoutePreloader } from '@/page-loading/route-preloader';

/** A failed load is forgotten and retried by the navigation itself, which reports it. */
const prepareRoute = (pathname: string) => loadRoute(pathname).catch(() => undefined);
const preloadRoute = (pathname: string) => void prepareRoute(pathname);

export function RootLayout() {
  const { pathname } = useLocation();
  // The staff area draws its own compact frame (header, main, footer) in its lazy pages.
  const staffArea = isStaffAreaPath(pathname);
  /*
    Navigations run in a transition (the router's own), and a transition never hides content a
    Suspense boundary already shows: the current page stays on screen, title included, until the
    next one has its code and data, then both swap in one commit. So the boundary sits outside the
    keyed error boundary: a boundary mounted afresh for each path would have nothing on screen yet
    and show its fallback (a blank page) while the next page loads. The fallback only shows when
    nothing rendered yet.
  */
  const page = (
    <Suspense fallback={<PageFallback />}>
      {/* Reset the error boundary on navigation, so one broken page does not stick. */}
      <AppErrorBoundary key={pathname}>
        <Outlet />
        <HydrationMarker />
        <DecorativeMotion />
      </AppErrorBoundary>
    </Suspense>
  );
  return (
    <>
      <SkipLink targetId={MAIN_CONTENT_ID} />
      <ScrollManager mainId={MAIN_CONTENT_ID} />
      <LinkClickRouter prepare={prepareRoute} />
      <RoutePreloader preload={preloadRoute} />
      <NavigationProgress />
      {staffArea ? (
        page
      ) : (
        <>
          <Header />
          <div className="pt-header">
            <Breadcrumbs />
            <main id={MAIN_CONTENT_ID} tabIndex={-1} className="outline-none">
              {page}
            </main>
          </div>
          <Footer legalExtra={(className) => <CookieSettingsButton className={className} />} />
        </>
      )}
      <ToastHost />
      <ConsentManager />
    </>
  );
}
