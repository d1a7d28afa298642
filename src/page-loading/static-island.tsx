import { useId, useLayoutEffect, useState, type ReactNode } from 'react';

import { isDevelopment } from '@/lib/browser-env';

import { isHydratingPrerenderedHtml } from './prerender-hydration';
import { assertNoBehaviourInIsland } from './static-island-guard';

/**
 * Content with no behaviour of its own (no state, effects or handlers), whose prerendered markup
 * React adopts as it is instead of hydrating it node by node: on a long page that is most of the
 * hydration work, and of the blocking time it costs a phone.
 *
 * While the page hydrates, the island hands React its own live HTML as `dangerouslySetInnerHTML`,
 * which React neither walks nor rewrites (the live HTML, not an empty string, so the content
 * survives even if React has to client-render the boundary). Its links are plain anchors, as
 * every internal link is: LinkClickRouter routes their clicks. Rendered any other way (a client
 * navigation, the client-only build) it simply renders its children. In development it throws
 * when a component inside it has state, an effect or an event handler, which would never run.
 */
export function StaticIsland({ children }: { children: ReactNode }) {
  const id = useId();
  // A build-time constant: the hook is in every development render and in no production one.
  if (isDevelopment) {
    // eslint-disable-next-line react-hooks/rules-of-hooks
    useLayoutEffect(() => assertNoBehaviourInIsland(document.getElementById(id)));
  }
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

  return (
    <div
      id={id}
      className="contents"
      dangerouslySetInnerHTML={{ __html: adoptedHtml }}
      suppressHydrationWarning
    />
  );
}
