import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';

import { isWaitingForPage } from '@/page-loading/link-click-router';

/** A navigation that commits within this time shows no indicator at all (no flash). */
const SHOW_AFTER_MS = 150;

const here = () => `${window.location.pathname}${window.location.search}`;

/**
 * A thin bar at the top of the window while a client-side navigation waits for the next page's
 * code or data. The current page stays on screen meanwhile (the navigation is a transition), so
 * without it a click on a slow connection would seem to do nothing. It shows while a clicked
 * link's page is still loading, and while the address (changed at once by Back and Forward) is
 * ahead of the location React has committed. It is decorative; the new page's heading taking focus is what assistive technology
 * hears.
 */
export function NavigationProgress() {
  const { pathname, search } = useLocation();
  const location = `${pathname}${search}`;
  const committed = useRef(location);
  const [waiting, setWaiting] = useState(false);
  // A new location has committed: whatever was waiting has arrived (or was superseded).
  const [shown, setShown] = useState(location);
  if (shown !== location) {
    setShown(location);
    setWaiting(false);
  }

  // In the commit itself, not after paint: a check that ran between the two would see the new
  // address beside the old location and show a bar that nothing would then take away.
  useLayoutEffect(() => {
    committed.current = location;
  }, [location]);

  useEffect(() => {
    let timer: number | undefined;
    const check = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        if (isWaitingForPage() || here() !== committed.current) setWaiting(true);
      }, SHOW_AFTER_MS);
    };
    document.addEventListener('click', check);
    window.addEventListener('popstate', check);
    return () => {
      window.clearTimeout(timer);
      document.removeEventListener('click', check);
      window.removeEventListener('popstate', check);
    };
  }, []);

  if (!waiting) return null;
  return (
    <div
      aria-hidden="true"
      data-testid="navigation-progress"
      className="fixed inset-x-0 top-0 z-[60] h-1 overflow-hidden bg-brand-100"
    >
      <div className="navigation-progress-bar h-full w-1/3 bg-brand-600" />
    </div>
  );
}
