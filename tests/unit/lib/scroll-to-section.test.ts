import { readFileSync } from 'node:fs';

import { afterEach, describe, expect, it, vi } from 'vitest';

import { LAYOUT_ALL_ATTRIBUTE, scrollToSection } from '@/lib/scroll-to-section';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  document.documentElement.removeAttribute(LAYOUT_ALL_ATTRIBUTE);
  document.body.replaceChildren();
});

function addSection(id: string, top: number) {
  const section = document.createElement('section');
  section.id = id;
  vi.spyOn(section, 'getBoundingClientRect').mockReturnValue({ top } as DOMRect);
  document.body.append(section);
  return section;
}

describe('scrollToSection', () => {
  it('returns false, and lays nothing out, when the section is not on the page', () => {
    expect(scrollToSection('contact')).toBe(false);
    expect(document.documentElement.hasAttribute(LAYOUT_ALL_ATTRIBUTE)).toBe(false);
  });

  it('lays out every section before it reads the position, scrolls below the header, focuses', () => {
    const section = addSection('contact', 1_000);
    let laidOutWhenRead = false;
    vi.mocked(section.getBoundingClientRect).mockImplementation(() => {
      laidOutWhenRead = document.documentElement.hasAttribute(LAYOUT_ALL_ATTRIBUTE);
      return { top: 1_000 } as DOMRect;
    });
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});

    expect(scrollToSection('contact')).toBe(true);

    expect(laidOutWhenRead).toBe(true);
    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 1_000 - 80 }));
    expect(section.getAttribute('tabindex')).toBe('-1');
    expect(document.activeElement).toBe(section);
  });

  it('glides there, unless the visitor asked for reduced motion: then it jumps', () => {
    addSection('contact', 500);
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const motion = (reduce: boolean) =>
      vi.stubGlobal('matchMedia', (query: string) => ({
        matches: reduce && query === '(prefers-reduced-motion: reduce)',
      }));

    motion(false);
    scrollToSection('contact');
    expect(scrollTo).toHaveBeenLastCalledWith(expect.objectContaining({ behavior: 'smooth' }));

    motion(true);
    scrollToSection('contact');
    expect(scrollTo).toHaveBeenLastCalledWith(expect.objectContaining({ behavior: 'auto' }));
  });

  it('the stylesheet turns off content-visibility under that attribute', () => {
    const css = readFileSync('src/styles/index.css', 'utf8');
    expect(css).toMatch(
      new RegExp(
        `:root\\[${LAYOUT_ALL_ATTRIBUTE}\\] :is\\(\\.render-near-viewport, \\[class\\*='render-near-viewport-'\\]\\) \\{\\s*content-visibility: visible;`,
      ),
    );
  });
});
