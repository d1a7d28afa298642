import { timings } from '@/config/site';

/**
 * Marks a link that, on the page holding its target section, scrolls there in place (focus
 * moved, address unchanged) instead of jumping: see ContactLink and StaticIsland.
 */
export const SECTION_LINK_ATTRIBUTE = 'data-section-link';

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
  const top = section.getBoundingClientRect().top + window.scrollY - offset;
  window.scrollTo({ top, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  if (!section.hasAttribute('tabindex')) section.setAttribute('tabindex', '-1');
  section.focus({ preventScroll: true });
  return true;
}
