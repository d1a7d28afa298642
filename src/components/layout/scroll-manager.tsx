import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

import { focusPageHeading } from '@/components/layout/focus-page-heading';
import { timings } from '@/config/site';
import { scrollToSection } from '@/lib/scroll-to-section';

/** Keep looking for the section for up to 5 s: the target page's code may still be loading. */
const RETRY_LIMIT = 50;

type Props = {
  /** The id of the page's main region, where focus goes after a navigation to a new page. */
  mainId: string;
};

/**
 * Scroll and focus on navigation: on every path change, to the top with focus on the new page's
 * heading; to the #section a URL names (after a 100 ms delay, retrying briefly while
 * the page's code arrives), which takes focus itself.
 */
export function ScrollManager({ mainId }: Props) {
  const { pathname, hash } = useLocation();
  const firstRender = useRef(true);

  useEffect(() => {
    const isFirst = firstRender.current;
    firstRender.current = false;
    if (!hash) {
      // On first load, leave the browser's own scroll restoration and focus alone.
      if (isFirst) return;
      // At once, as a page load starts: the page's own smooth scrolling (while a link has focus)
      // would glide up from where the last page was, and stop short if the new page's layout
      // changes on the way.
      window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
      focusPageHeading(document.getElementById(mainId));
      return;
    }
    const id = decodeURIComponent(hash.slice(1));
    let attempts = 0;
    let timer = window.setTimeout(function tryScroll() {
      if (scrollToSection(id) || ++attempts >= RETRY_LIMIT) return;
      timer = window.setTimeout(tryScroll, timings.contactScrollDelayMs);
    }, timings.contactScrollDelayMs);
    return () => window.clearTimeout(timer);
  }, [pathname, hash, mainId]);

  return null;
}
