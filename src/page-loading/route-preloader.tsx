import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

import { isStaffAreaPath } from '@/config/paths';
import { HYDRATED_ATTRIBUTE } from '@/page-loading/hydration-marker';

type Props = {
  /** Loads what the page at `pathname` needs to render (its code and its data). */
  preload: (pathname: string) => unknown;
};

/** The same-origin page a link leads to, if it is another page than the one in view. */
export function preloadTarget(target: EventTarget | null, here: Location | URL): string | null {
  const link = target instanceof Element ? target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || link.hasAttribute('download')) return null;
  const url = new URL(link.getAttribute('href') ?? '', here.href);
  if (url.origin !== here.origin || url.pathname === here.pathname) return null;
  return url.pathname;
}

const INTENT_EVENTS = ['pointerover', 'focusin', 'touchstart'] as const;

/** Whether the visitor asked the browser to save data (then only intent fetches anything). */
function savesData() {
  const connection = (navigator as { connection?: { saveData?: boolean } }).connection;
  return connection?.saveData === true;
}

/** Runs `task` once the page in view has hydrated and the browser is idle. */
function whenHydratedAndIdle(task: () => void): () => void {
  let handle = 0;
  const idle = (callback: () => void) =>
    typeof requestIdleCallback === 'function'
      ? requestIdleCallback(callback, { timeout: 2_000 })
      : window.setTimeout(callback, 200);
  const check = () => {
    if (document.documentElement.hasAttribute(HYDRATED_ATTRIBUTE)) task();
    else handle = idle(check);
  };
  handle = idle(check);
  return () => {
    if (typeof cancelIdleCallback === 'function') cancelIdleCallback(handle);
    window.clearTimeout(handle);
  };
}

/**
 * Fetches the next page's code before the click, so the navigation that follows finds the page
 * ready and commits at once: as soon as the visitor shows the intent to follow a link (the
 * pointer on it, keyboard focus, a finger touching it), and, once the page has hydrated and the
 * browser is idle, for the links on screen (unless the visitor saves data). Each page is asked
 * for once.
 */
export function RoutePreloader({ preload }: Props) {
  const asked = useRef(new Set<string>());
  const { pathname: here } = useLocation();

  useEffect(() => {
    const ask = (pathname: string | null) => {
      if (!pathname || asked.current.has(pathname)) return;
      asked.current.add(pathname);
      preload(pathname);
    };
    const onIntent = (event: Event) => ask(preloadTarget(event.target, window.location));
    const options = { capture: true, passive: true } as const;
    for (const type of INTENT_EVENTS) document.addEventListener(type, onIntent, options);
    return () => {
      for (const type of INTENT_EVENTS) document.removeEventListener(type, onIntent, options);
    };
  }, [preload]);

  // The links of each page in view, once: a new page brings new links.
  useEffect(() => {
    // In the staff area a link in view (the frame's link to /) fetches nothing: the dashboard's
    // own requests come first, and staff rarely leave for the public pages.
    if (typeof IntersectionObserver !== 'function' || savesData() || isStaffAreaPath(here)) return;
    let observer: IntersectionObserver | undefined;
    const cancel = whenHydratedAndIdle(() => {
      observer = new IntersectionObserver((entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          observer?.unobserve(entry.target);
          const pathname = preloadTarget(entry.target, window.location);
          // The staff area's code (supabase-js among it) is never fetched just because a link
          // to it is visible: only a visitor's intent fetches it.
          if (pathname && !isStaffAreaPath(pathname) && !asked.current.has(pathname)) {
            asked.current.add(pathname);
            preload(pathname);
          }
        }
      });
      for (const link of document.querySelectorAll('a[href^="/"]')) observer.observe(link);
    });
    return () => {
      cancel();
      observer?.disconnect();
    };
  }, [preload, here]);

  return null;
}
