import { timings } from '@/config/site';

/**
 * Marks a link that, on the page holding its target section, scrolls there in place (focus
 * moved, address unchanged) instead of jumping: see ContactLink and StaticIsland.
 */
export const SECTION_LINK_ATTRIBUTE = 'data-section-link';

/**
 * Set on <html> before a script scrolls to a section: sections below the fold are laid out only
 * near the viewport (`render-near-viewport`), so until then their height is a placeholder and a
 * position read from the layout would be off by the difference. With the attribute every section
 * is laid out, so the position is exact; it stays, as the page has been used beyond its first
 * screen by then.
 */
export const LAYOUT_ALL_ATTRIBUTE = 'data-layout-all';

export function prefersReducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

/**
 * Scrolls a section into view below the fixed header and moves focus to it, so keyboard and
 * screen-reader users land where sighted users look. Returns false when the section is absent.
 */
export function scrollToSection(
  id: string,
  offset: number = timings.anchorScrollOffsetPx,
): boolean {
  const section = document.getElementById(id);
  if (!section) return false;
  document.documentElement.setAttribute(LAYOUT_ALL_ATTRIBUTE, '');
  const top = section.getBoundingClientRect().top + window.scrollY - offset;
  window.scrollTo({ top, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  if (!section.hasAttribute('tabindex')) section.setAttribute('tabindex', '-1');
  section.focus({ preventScroll: true });
  return true;
}
