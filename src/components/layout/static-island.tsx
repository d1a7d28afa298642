import { useId, useState, type MouseEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';

import { isPlainLeftClick } from '@/lib/plain-click';
import { isHydratingPrerenderedHtml } from '@/lib/prerender-hydration';
import { scrollToSection, SECTION_LINK_ATTRIBUTE } from '@/lib/scroll-to-section';

type LinkAction = { kind: 'route'; to: string } | { kind: 'section'; id: string };

/** What the app would do for a click on a link inside adopted HTML, when not the browser's default. */
function linkAction(event: MouseEvent<HTMLElement>): LinkAction | null {
  if (event.defaultPrevented || !isPlainLeftClick(event)) return null;
  const anchor = (event.target as Element).closest?.('a[href]');
  if (!(anchor instanceof HTMLAnchorElement) || !event.currentTarget.contains(anchor)) return null;
  if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return null;
  const url = new URL(anchor.href);
  if (url.origin !== window.location.origin) return null;
  const here = window.location;
  if (url.hash && url.pathname === here.pathname && url.search === here.search) {
    // A section link scrolls in place, as its hydrated self would; any other in-page jump is
    // the browser's own fragment navigation, as without the island.
    const id = decodeURIComponent(url.hash.slice(1));
    return anchor.hasAttribute(SECTION_LINK_ATTRIBUTE) && document.getElementById(id)
      ? { kind: 'section', id }
      : null;
  }
  return { kind: 'route', to: `${url.pathname}${url.search}${url.hash}` };
}

/**
 * Content with no behaviour of its own (no state, effects or handlers), whose prerendered markup
 * React adopts as it is instead of hydrating it node by node: on a long page that is most of the
 * hydration work, and of the blocking time it costs a phone.
 *
 * While the page hydrates, the island hands React its own live HTML as `dangerouslySetInnerHTML`,
 * which React neither walks nor rewrites (the live HTML, not an empty string, so the content
 * survives even if React has to client-render the boundary). Links inside adopted HTML are plain
 * anchors, so the island routes their clicks itself and navigation stays client-side (and a
 * ContactLink still scrolls to the contact section in place). Rendered
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
    const action = linkAction(event);
    if (!action) return;
    event.preventDefault();
    if (action.kind === 'section') scrollToSection(action.id);
    else void navigate(action.to);
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
