import { useId, useState, type MouseEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';

import { isHydratingPrerenderedHtml } from '@/lib/prerender-hydration';

function isPlainLeftClick(event: MouseEvent) {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/** The same-origin link a click landed on, when the router should take it over. */
function routableLink(event: MouseEvent<HTMLElement>): URL | null {
  if (event.defaultPrevented || !isPlainLeftClick(event)) return null;
  const anchor = (event.target as Element).closest?.('a[href]');
  if (!(anchor instanceof HTMLAnchorElement) || !event.currentTarget.contains(anchor)) return null;
  if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return null;
  const url = new URL(anchor.href);
  if (url.origin !== window.location.origin) return null;
  // A jump within this page is the browser's own fragment navigation, as without the island.
  const here = window.location;
  if (url.hash && url.pathname === here.pathname && url.search === here.search) return null;
  return url;
}

/**
 * Content with no behaviour of its own (no state, effects or handlers), whose prerendered markup
 * React adopts as it is instead of hydrating it node by node: on a long page that is most of the
 * hydration work, and of the blocking time it costs a phone.
 *
 * While the page hydrates, the island hands React its own live HTML as `dangerouslySetInnerHTML`,
 * which React neither walks nor rewrites (the live HTML, not an empty string, so the content
 * survives even if React has to client-render the boundary). Links inside adopted HTML are plain
 * anchors, so the island routes their clicks itself and navigation stays client-side. Rendered
 * any other way (a client navigation, the client-only build) it simply renders its children.
 */
export function StaticIsland({ children }: { children: ReactNode }) {
  const id = useId();
  const navigate = useNavigate();
  const [adoptedHtml] = useState(() =>
    isHydratingPrerenderedHtml() ? (document.getElementById(id)?.innerHTML ?? null) : null,
  );

  if (adoptedHtml === null) {
    return (
      <div id={id} className="contents">
        {children}
      </div>
    );
  }

  const routeLinkClicks = (event: MouseEvent<HTMLDivElement>) => {
    const url = routableLink(event);
    if (!url) return;
    event.preventDefault();
    void navigate(`${url.pathname}${url.search}${url.hash}`);
  };

  return (
    // Not an interactive element: it only routes clicks (mouse or keyboard) on the links inside.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
    <div
      id={id}
      className="contents"
      onClick={routeLinkClicks}
      dangerouslySetInnerHTML={{ __html: adoptedHtml }}
      suppressHydrationWarning
    />
  );
}
