import { createContext, use, useEffect } from 'react';
import { useNavigate } from 'react-router';

import { type IsAppPath, linkAction } from '@/lib/link-action';
import { scrollToSection } from '@/lib/scroll-to-section';

/**
 * Which paths are pages of the app. The app's entries provide it from the route table (this
 * layer may not import the app); without it every link is left to the browser.
 */
export const AppPathContext = createContext<IsAppPath>(() => false);

/**
 * Every internal link on the site is a plain `<a href>`: one listener on the document turns a
 * plain click on one into a client-side navigation (or, for a section link on its own page, a
 * smooth scroll). The router's `<Link>` on each anchor cost a page's hydration several hooks and two
 * effects per link, for the same result. Until this mounts, links simply load their page, and a
 * link to a path no route matches (a file such as /sitemap.xml) always does.
 */
export function LinkClickRouter() {
  const navigate = useNavigate();
  const isAppPath = use(AppPathContext);
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const action = linkAction(event, window.location, isAppPath);
      if (!action) return;
      event.preventDefault();
      if (action.kind === 'section') scrollToSection(action.id);
      else void navigate(action.to, { replace: action.replace });
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [navigate, isAppPath]);
  return null;
}
