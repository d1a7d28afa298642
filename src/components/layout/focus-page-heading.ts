/**
 * After a client-side navigation, moves keyboard focus to the new page's main heading (or to the
 * main region when the page has none yet), the way a full page load starts reading from the top:
 * a screen reader announces the new page, and the next Tab continues from its start rather than
 * from a link that is no longer there. The heading is made focusable by script only (tabindex -1),
 * so it never becomes a Tab stop.
 */
export function focusPageHeading(main: HTMLElement | null) {
  if (!main) return;
  const heading = main.querySelector<HTMLElement>('h1');
  const target = heading ?? main;
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
}
