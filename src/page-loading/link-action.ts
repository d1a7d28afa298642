import { SECTION_LINK_ATTRIBUTE } from '@/lib/scroll-to-section';

/** On a link, asks for a full page load instead of a client-side navigation. */
export const RELOAD_DOCUMENT_ATTRIBUTE = 'data-reload-document';

export type LinkAction =
  { kind: 'route'; to: string; replace: boolean } | { kind: 'section'; id: string };

type Click = Pick<
  MouseEvent,
  'button' | 'metaKey' | 'ctrlKey' | 'shiftKey' | 'altKey' | 'defaultPrevented' | 'target'
>;

/** A click that should follow a link in this tab: the main button, no modifier keys. */
function isPlainLeftClick(
  event: Pick<Click, 'button' | 'metaKey' | 'ctrlKey' | 'shiftKey' | 'altKey'>,
) {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/** Whether a path is a page of the app's route table (anything else is a file or unknown). */
export type IsAppPath = (pathname: string) => boolean;

/**
 * What the app does for a click on a link, when it is not the browser's own default: a link to
 * another page of this site becomes a client-side navigation (replacing the entry when it points
 * where we already are, as the router's own links do); a section link (`data-section-link`) to a
 * section on this very page scrolls to it. Everything else is left to the browser: other sites,
 * same-origin files and paths no route matches (`/sitemap.xml`, a PDF: the router would show its
 * 404 page for them), new tabs, downloads, modified clicks, other in-page jumps, and links that
 * ask for a full load.
 */
export function linkAction(
  event: Click,
  here: Location | URL,
  isAppPath: IsAppPath,
): LinkAction | null {
  if (event.defaultPrevented || !isPlainLeftClick(event)) return null;
  const link = (event.target as Element | null)?.closest?.('a[href]');
  if (!(link instanceof HTMLAnchorElement)) return null;
  if ((link.target && link.target !== '_self') || link.hasAttribute('download')) return null;
  if (link.hasAttribute(RELOAD_DOCUMENT_ATTRIBUTE)) return null;
  const url = new URL(link.href);
  if (url.origin !== here.origin) return null;
  const samePage = url.pathname === here.pathname && url.search === here.search;
  if (url.hash && samePage) {
    const id = decodeURIComponent(url.hash.slice(1));
    return link.hasAttribute(SECTION_LINK_ATTRIBUTE) && document.getElementById(id)
      ? { kind: 'section', id }
      : null;
  }
  if (!isAppPath(url.pathname)) return null;
  const to = `${url.pathname}${url.search}${url.hash}`;
  return { kind: 'route', to, replace: samePage && url.hash === here.hash };
}
