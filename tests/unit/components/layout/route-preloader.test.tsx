import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { preloadTarget, RoutePreloader } from '@/components/layout/route-preloader';

function renderLinks() {
  const preload = vi.fn();
  render(
    <>
      <RoutePreloader preload={preload} />
      <a href="/about">
        <span>About us</span>
      </a>
      <a href="/">Here</a>
      <a href="https://example.com/about">Elsewhere</a>
      <a href="/files/report.pdf" download>
        Report
      </a>
      <button type="button">Not a link</button>
    </>,
  );
  return preload;
}

describe('RoutePreloader', () => {
  it('loads the page a link leads to when the pointer reaches it, once', () => {
    const preload = renderLinks();
    fireEvent.pointerOver(screen.getByText('About us'));
    fireEvent.pointerOver(screen.getByText('About us'));
    expect(preload).toHaveBeenCalledTimes(1);
    expect(preload).toHaveBeenCalledWith('/about');
  });

  it('also on keyboard focus and on a touch', () => {
    const preload = renderLinks();
    fireEvent.focusIn(screen.getByRole('link', { name: 'About us' }));
    expect(preload).toHaveBeenCalledWith('/about');
    const second = renderLinks();
    fireEvent.touchStart(screen.getAllByText('About us')[1]!);
    expect(second).toHaveBeenCalledWith('/about');
  });

  it('ignores the page in view, other sites, downloads and anything that is not a link', () => {
    const preload = renderLinks();
    for (const name of ['Here', 'Elsewhere', 'Report', 'Not a link']) {
      fireEvent.pointerOver(screen.getByText(name));
    }
    expect(preload).not.toHaveBeenCalled();
  });
});

describe('preloadTarget', () => {
  it('resolves relative links against the current address', () => {
    const link = document.createElement('a');
    link.setAttribute('href', 'whitepapers?x=1#top');
    document.body.append(link);
    expect(preloadTarget(link, new URL('http://localhost/about'))).toBe('/whitepapers');
    link.remove();
  });
});
