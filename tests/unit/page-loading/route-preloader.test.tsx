import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { preloadTarget, RoutePreloader } from '@/page-loading/route-preloader';
import { HYDRATED_ATTRIBUTE } from '@/page-loading/hydration-marker';

function renderLinks() {
  const preload = vi.fn();
  render(
    <MemoryRouter>
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
    </MemoryRouter>,
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

describe('RoutePreloader and the links on screen', () => {
  /** The links the stand-in observer reports as on screen, and its callback to report them. */
  let report: (targets: Element[]) => void = () => {};

  function stubBrowser({ saveData = false } = {}) {
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: IntersectionObserverCallback) {
          report = (targets) =>
            callback(
              targets.map(
                (target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry,
              ),
              this as unknown as IntersectionObserver,
            );
        }
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => setTimeout(callback, 0));
    vi.stubGlobal('navigator', { ...navigator, connection: { saveData } });
  }

  afterEach(() => {
    vi.unstubAllGlobals();
    document.documentElement.removeAttribute(HYDRATED_ATTRIBUTE);
  });

  const idle = () => act(() => new Promise((done) => setTimeout(done, 5)));

  it('once the page has hydrated and the browser is idle, loads each page linked on screen', async () => {
    stubBrowser();
    const preload = renderLinks();
    await idle();
    report([screen.getByRole('link', { name: 'About us' })]);
    expect(preload).not.toHaveBeenCalled();

    document.documentElement.setAttribute(HYDRATED_ATTRIBUTE, '');
    await idle();
    report([
      screen.getByRole('link', { name: 'About us' }),
      screen.getByRole('link', { name: 'Here' }),
    ]);
    expect(preload).toHaveBeenCalledTimes(1);
    expect(preload).toHaveBeenCalledWith('/about');
    fireEvent.pointerOver(screen.getByText('About us'));
    expect(preload).toHaveBeenCalledTimes(1);
  });

  it('never loads the staff area ahead, however visible its link', async () => {
    stubBrowser();
    document.documentElement.setAttribute(HYDRATED_ATTRIBUTE, '');
    const preload = vi.fn();
    render(
      <MemoryRouter>
        <RoutePreloader preload={preload} />
        <a href="/auth">Staff sign-in</a>
        <a href="/admin/staff">Staff</a>
      </MemoryRouter>,
    );
    await idle();
    report([
      screen.getByRole('link', { name: 'Staff sign-in' }),
      screen.getByRole('link', { name: 'Staff' }),
    ]);
    expect(preload).not.toHaveBeenCalled();
  });

  it('in the staff area loads no public page because its link is in view, only on intent', async () => {
    stubBrowser();
    document.documentElement.setAttribute(HYDRATED_ATTRIBUTE, '');
    const preload = vi.fn();
    render(
      <MemoryRouter initialEntries={['/admin']}>
        <RoutePreloader preload={preload} />
        <a href="/about">About us</a>
      </MemoryRouter>,
    );
    await idle();
    report([screen.getByRole('link', { name: 'About us' })]);
    expect(preload).not.toHaveBeenCalled();
    fireEvent.pointerOver(screen.getByText('About us'));
    expect(preload).toHaveBeenCalledWith('/about');
  });

  it('loads nothing ahead for a visitor who saves data, but still on intent', async () => {
    stubBrowser({ saveData: true });
    document.documentElement.setAttribute(HYDRATED_ATTRIBUTE, '');
    const preload = renderLinks();
    await idle();
    report([screen.getByRole('link', { name: 'About us' })]);
    expect(preload).not.toHaveBeenCalled();
    fireEvent.pointerOver(screen.getByText('About us'));
    expect(preload).toHaveBeenCalledWith('/about');
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
