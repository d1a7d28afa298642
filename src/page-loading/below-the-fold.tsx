import { startTransition, useEffect, useState, type ReactNode } from 'react';

import { isFirstPageShown } from './first-page';

type BelowTheFoldProps = {
  children: ReactNode;
  /**
   * What stands in for the content during that one frame: by default a blank block a screen
   * high, so the footer does not flash up into view; `null` where a block would not be valid.
   */
  fallback?: ReactNode;
};

const screenHighBlank = <div aria-hidden="true" className="min-h-screen" />;

/**
 * The part of a page below its first screen. Prerendered, hydrated, and on the first page of a
 * client-only build it renders like any other content. On a client-side navigation it renders
 * one step later: the new page's first screen (its hero and heading) is committed and painted on
 * its own, and this part follows in a transition right after that paint, so the click is
 * answered by the page's heading without waiting for the rest of the page to be rendered, laid
 * out and painted. Keep a page's `<h1>` and whatever the first screen shows outside it.
 */
export function BelowTheFold({ children, fallback = screenHighBlank }: BelowTheFoldProps) {
  const [shown, setShown] = useState(() => typeof document === 'undefined' || !isFirstPageShown());

  useEffect(() => {
    if (shown) return;
    // A frame callback runs just before the browser paints; a task queued from it runs after.
    let timer: number | undefined;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => startTransition(() => setShown(true)));
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [shown]);

  return shown ? children : fallback;
}
