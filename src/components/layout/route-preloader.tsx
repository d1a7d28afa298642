import { useEffect } from 'react';

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

/**
 * Fetches the next page's code as soon as the visitor shows the intent to follow a link (the
 * pointer on it, keyboard focus, a finger touching it), so the click that follows usually finds
 * the page ready and the navigation commits at once. Each page is asked for once.
 */
export function RoutePreloader({ preload }: Props) {
  useEffect(() => {
    const asked = new Set<string>();
    const onIntent = (event: Event) => {
      const pathname = preloadTarget(event.target, window.location);
      if (!pathname || asked.has(pathname)) return;
      asked.add(pathname);
      preload(pathname);
    };
    const options = { capture: true, passive: true } as const;
    for (const type of ['pointerover', 'focusin', 'touchstart'] as const) {
      document.addEventListener(type, onIntent, options);
    }
    return () => {
      for (const type of ['pointerover', 'focusin', 'touchstart'] as const) {
        document.removeEventListener(type, onIntent, options);
      }
    };
  }, [preload]);
  return null;
}
