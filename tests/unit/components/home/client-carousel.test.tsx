import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { ClientCarousel } from '@/components/home/client-carousel';
import { clientLogos } from '@/content/clients';

/** jsdom has no layout, matchMedia or observers: give embla what it measures and observes. */
function stubBrowser({ reducedMotion }: { reducedMotion: boolean }) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: reducedMotion && query.includes('prefers-reduced-motion: reduce'),
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  );
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(private readonly callback: IntersectionObserverCallback) {}
      observe(target: Element) {
        this.callback(
          [{ isIntersecting: true, target } as IntersectionObserverEntry],
          this as never,
        );
      }
      unobserve() {}
      disconnect() {}
      takeRecords() {
        return [];
      }
    },
  );
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  // Slides 200 px wide side by side in a 600 px viewport, so there is something to scroll.
  const isSlide = (el: HTMLElement) => el.getAttribute('aria-roledescription') === 'slide';
  vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockImplementation(function (
    this: HTMLElement,
  ) {
    return isSlide(this) ? 200 : 600;
  });
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(96);
  // jsdom computes no margins (empty string); embla reads the last slide's margin as a number.
  const computeStyle = window.getComputedStyle.bind(window);
  vi.spyOn(window, 'getComputedStyle').mockImplementation((element, pseudo) => {
    const style = computeStyle(element, pseudo);
    const read = style.getPropertyValue.bind(style);
    style.getPropertyValue = (name: string) =>
      read(name) || (name.startsWith('margin') ? '0px' : '');
    return style;
  });
  vi.spyOn(HTMLElement.prototype, 'offsetLeft', 'get').mockImplementation(function (
    this: HTMLElement,
  ) {
    return isSlide(this) ? [...(this.parentElement?.children ?? [])].indexOf(this) * 200 : 0;
  });
}

function setVisibility(state: 'hidden' | 'visible') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

// Role queries over many nodes are slow in jsdom on a busy machine: allow more than 5 s.
describe('ClientCarousel', { timeout: 15_000 }, () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    setVisibility('visible');
  });

  describe('with motion allowed', () => {
    beforeEach(() => stubBrowser({ reducedMotion: false }));

    it('renders every client logo, each with alt text and a size, in a labelled carousel region', () => {
      render(<ClientCarousel />);
      const region = screen.getByRole('region', { name: 'Client logos' });
      expect(region).toHaveAttribute('aria-roledescription', 'carousel');
      const logos = screen.getAllByRole('img');
      expect(logos).toHaveLength(clientLogos.length);
      expect(logos.map((logo) => logo.getAttribute('alt'))).toEqual(
        clientLogos.map((client) => client.name),
      );
      for (const logo of logos) {
        expect(logo).toHaveAttribute('width');
        expect(logo).toHaveAttribute('height');
      }
    });

    it('autoplays, and the Pause button stops it and Play starts it again', async () => {
      const user = userEvent.setup();
      render(<ClientCarousel />);
      const pause = await screen.findByRole(
        'button',
        { name: 'Pause the client logo carousel' },
        { timeout: 5000 },
      );
      await user.click(pause);
      const play = screen.getByRole('button', { name: 'Play the client logo carousel' });
      await user.click(play);
      expect(
        screen.getByRole('button', { name: 'Pause the client logo carousel' }),
      ).toBeInTheDocument();
    });

    it('stops while the page is hidden and resumes when it is visible again', async () => {
      render(<ClientCarousel />);
      await screen.findByRole(
        'button',
        { name: 'Pause the client logo carousel' },
        { timeout: 5000 },
      );
      act(() => setVisibility('hidden'));
      expect(
        screen.getByRole('button', { name: 'Play the client logo carousel' }),
      ).toBeInTheDocument();
      act(() => setVisibility('visible'));
      expect(
        screen.getByRole('button', { name: 'Pause the client logo carousel' }),
      ).toBeInTheDocument();
    });
  });

  describe('under prefers-reduced-motion', () => {
    beforeEach(() => stubBrowser({ reducedMotion: true }));

    it('does not autoplay; the visitor can still start it with Play', async () => {
      render(<ClientCarousel />);
      const play = await screen.findByRole(
        'button',
        { name: 'Play the client logo carousel' },
        { timeout: 5000 },
      );
      expect(screen.queryByRole('button', { name: /pause/i })).not.toBeInTheDocument();
      expect(play).toBeInTheDocument();
    });
  });
});
