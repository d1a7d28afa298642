import { createContext, use, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';

import { scrollToSection } from '@/lib/scroll-to-section';
import { type IsAppPath, linkAction } from '@/page-loading/link-action';

/**
 * Which paths are pages of the app. The app's entries provide it from the route table (this
 * layer may not import the app); without it every link is left to the browser.
 */
export const AppPathContext = createContext<IsAppPath>(() => false);

/** A page's code and data, fetched before the navigation to it starts. */
export type PreparePage = (pathname: string) => Promise<unknown>;

const nothingToPrepare: PreparePage = () => Promise.resolve();

/** Whether a clicked link's page is still loading, its navigation not yet started. */
let waitingForPage = false;
export const isWaitingForPage = () => waitingForPage;

type LinkClickRouterProps = {
  /** Resolves once the page at a path can render without suspending (failures resolve too). */
  prepare?: PreparePage;
};

/**
 * Every internal link on the site is a plain `<a href>`: one listener on the document turns a
 * plain click on one into a client-side navigation (or, for a section link on its own page, a
 * smooth scroll). The router's `<Link>` on each anchor cost a page's hydration several hooks and two
 * effects per link, for the same result. Until this mounts, links simply load their page, and a
 * link to a path no route matches (a file such as /sitemap.xml) always does.
 *
 * The navigation starts once the page's code is in (at once when it already is): React then
 * renders the new page in one go instead of first rendering up to the missing page, throwing
 * that work away and starting again when the code lands. Meanwhile the current page stays, and
 * the address changes with the content, as on a full page load. A later click, Back or any other
 * navigation in the meantime wins over a click still waiting.
 */
export function LinkClickRouter({ prepare = nothingToPrepare }: LinkClickRouterProps) {
  const navigate = useNavigate();
  const isAppPath = use(AppPathContext);
  const { key } = useLocation();
  const currentKey = useRef(key);
  useEffect(() => {
    currentKey.current = key;
  }, [key]);

  useEffect(() => {
    let latestClick = 0;
    const onClick = (event: MouseEvent) => {
      const action = linkAction(event, window.location, isAppPath);
      if (!action) return;
      event.preventDefault();
      if (action.kind === 'section') {
        scrollToSection(action.id);
        return;
      }
      const click = ++latestClick;
      const from = currentKey.current;
      waitingForPage = true;
      void prepare(new URL(action.to, window.location.href).pathname).then(() => {
        if (click !== latestClick) return;
        waitingForPage = false;
        if (currentKey.current !== from) return;
        void navigate(action.to, { replace: action.replace });
      });
    };
    document.addEventListener('click', onClick);
    return () => {
      document.removeEventListener('click', onClick);
      waitingForPage = false;
    };
  }, [navigate, isAppPath, prepare]);
  return null;
}
