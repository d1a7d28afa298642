import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

import { timings } from '@/config/site';
import { scrollToSection } from '@/lib/scroll-to-section';

/** Keep looking for the section for up to 5 s: the target page's code may still be loading. */
const RETRY_LIMIT = 50;

/**
 * Scroll on navigation: to the top on every path change, or to the #section a URL names
 * (after the spec's 100 ms delay, retrying briefly while the page's code arrives).
 */
export function ScrollManager() {
  const { pathname, hash } = useLocation();
  const firstRender = useRef(true);

  useEffect(() => {
    const isFirst = firstRender.current;
    firstRender.current = false;
    if (!hash) {
      // On first load, leave the browser's own scroll restoration alone.
      if (!isFirst) window.scrollTo(0, 0);
      return;
    }
    const id = decodeURIComponent(hash.slice(1));
    let attempts = 0;
    let timer = window.setTimeout(function tryScroll() {
      if (scrollToSection(id) || ++attempts >= RETRY_LIMIT) return;
      timer = window.setTimeout(tryScroll, timings.contactScrollDelayMs);
    }, timings.contactScrollDelayMs);
    return () => window.clearTimeout(timer);
  }, [pathname, hash]);

  return null;
}
