import { createHash } from 'node:crypto';

import { describe, expect, it } from 'vitest';

import {
  deferHydration,
  HYDRATION_LOADER,
  hydrationLoaderHash,
} from '@/page-loading/hydration-loader';

const page = [
  '<html><head><title>t</title>',
  '<link rel="modulepreload" href="/assets/about-page-A.js">',
  '<script type="module" crossorigin src="/assets/index-B.js"></script>',
  '<link rel="modulepreload" crossorigin href="/assets/react-C.js">',
  '<link rel="modulepreload" crossorigin href="/assets/about-page-A.js">',
  '<script type="application/ld+json">{"@type":"Thing"}</script>',
  '</head><body><div id="root"><h1>About</h1></div></body></html>',
].join('');

describe('deferHydration', () => {
  it('swaps the module tags for one loader at the end of <body> that lists the same files', () => {
    const html = deferHydration(page);
    expect(html).not.toMatch(/<link rel="modulepreload"|<script type="module"/);
    expect(html).toContain('<script type="application/ld+json">');
    expect(html).toContain(
      '<script data-entry="/assets/index-B.js" ' +
        'data-preload="/assets/about-page-A.js /assets/react-C.js">',
    );
    expect(html.indexOf('data-entry')).toBeGreaterThan(html.indexOf('<h1>About</h1>'));
    expect(html.endsWith(`${HYDRATION_LOADER}</script></body></html>`)).toBe(true);
  });

  it('refuses a page without exactly one entry script', () => {
    expect(() => deferHydration('<html><body></body></html>')).toThrow(/found 0/);
  });
});

type PaintCallback = (
  list: { getEntriesByName: (name: string) => unknown[] },
  self: { disconnect: () => void },
) => void;

/**
 * Runs the loader's text against a stand-in window, as the browser would run it. `stylesheet`:
 * whether the page names a full stylesheet to the loader.
 */
function runLoader({ reportsPaints, stylesheet }: { reportsPaints: boolean; stylesheet?: true }) {
  const loader = document.createElement('script');
  loader.dataset.entry = '/assets/index-B.js';
  loader.dataset.preload = '/assets/about-page-A.js /assets/react-C.js';
  if (stylesheet) loader.dataset.stylesheet = '/assets/style-A.css';
  const timers: (() => void)[] = [];
  const onLoad: (() => void)[] = [];
  const paintObservers: PaintCallback[] = [];
  let disconnected = 0;
  class FakePerformanceObserver {
    static supportedEntryTypes = reportsPaints ? ['paint', 'navigation'] : ['navigation'];
    constructor(private readonly callback: PaintCallback) {}
    observe(options: { type: string; buffered: boolean }) {
      expect(options).toEqual({ type: 'paint', buffered: true });
      paintObservers.push(this.callback);
    }
  }
  const fakeWindow = {
    PerformanceObserver: FakePerformanceObserver,
    setTimeout: (callback: () => void) => timers.push(callback),
    addEventListener: (type: string, callback: () => void) => {
      if (type === 'load') onLoad.push(callback);
    },
  };
  document.head.replaceChildren();
  const fakeDocument = {
    currentScript: loader,
    readyState: 'loading',
    head: document.head,
    createElement: document.createElement.bind(document),
  };
  new Function('document', 'window', HYDRATION_LOADER)(fakeDocument, fakeWindow);

  const paint = (name: string) =>
    paintObservers.forEach((callback) =>
      callback(
        { getEntriesByName: (wanted) => (wanted === name ? [{ name }] : []) },
        { disconnect: () => (disconnected += 1) },
      ),
    );
  const added = () =>
    [...document.head.querySelectorAll('link[rel=modulepreload], script[type=module]')].map(
      (el) => el.getAttribute('href') ?? el.getAttribute('src'),
    );
  /** Runs the timer tasks queued so far, one task each; returns how many ran. */
  const runQueuedTasks = () => timers.splice(0).map((task) => task()).length;
  const drainTasks = () => {
    while (runQueuedTasks() > 0);
  };
  /** The full stylesheet's link, once the loader has added it. */
  const sheet = () => document.head.querySelector<HTMLLinkElement>('link[rel=stylesheet]');
  return {
    sheet,
    paint,
    added,
    timers,
    onLoad,
    runQueuedTasks,
    drainTasks,
    disconnected: () => disconnected,
  };
}

const everyFile = ['/assets/about-page-A.js', '/assets/react-C.js', '/assets/index-B.js'];

describe('the loader', () => {
  it('is allowed by its sha256 CSP hash', () => {
    const digest = createHash('sha256').update(HYDRATION_LOADER, 'utf8').digest('base64');
    expect(hydrationLoaderHash()).toBe(`'sha256-${digest}'`);
  });

  it('adds the preloads and the entry only once the page has had its first contentful paint', () => {
    const loader = runLoader({ reportsPaints: true });
    loader.paint('first-paint');
    expect(loader.timers).toHaveLength(0);
    loader.paint('first-contentful-paint');
    expect(loader.disconnected()).toBe(1);
    expect(loader.added()).toEqual([]);
    loader.drainTasks();
    expect(loader.added()).toEqual(everyFile);
  });

  it('falls back to the load event where paints are not reported', () => {
    const loader = runLoader({ reportsPaints: false });
    expect(loader.timers).toHaveLength(0);
    loader.onLoad.forEach((callback) => callback());
    loader.drainTasks();
    expect(loader.added()).toEqual(everyFile);
  });

  it('adds one file per task, the entry last, so no single task grows long', () => {
    const loader = runLoader({ reportsPaints: true });
    loader.paint('first-contentful-paint');
    const afterEachTask: (string | null)[][] = [];
    while (loader.runQueuedTasks() > 0) afterEachTask.push(loader.added());
    expect(afterEachTask).toEqual([everyFile.slice(0, 1), everyFile.slice(0, 2), everyFile]);
  });

  it('asks for the full stylesheet only once the page has painted, without blocking', () => {
    const loader = runLoader({ reportsPaints: true, stylesheet: true });
    expect(loader.sheet()).toBeNull();
    loader.paint('first-contentful-paint');
    expect(loader.sheet()?.getAttribute('href')).toBe('/assets/style-A.css');
    expect(loader.sheet()?.media).toBe('print');
  });

  it('adds the entry only once the full stylesheet has arrived and applies it then', () => {
    const loader = runLoader({ reportsPaints: true, stylesheet: true });
    loader.paint('first-contentful-paint');
    loader.drainTasks();
    expect(loader.sheet()?.media).toBe('print');
    expect(loader.added()).toEqual(everyFile.slice(0, 2));
    loader.sheet()!.dispatchEvent(new Event('load'));
    expect(loader.sheet()?.media).toBe('all');
    loader.drainTasks();
    expect(loader.added()).toEqual(everyFile);
  });

  it('asks for the full stylesheet at the load event where paints are not reported', () => {
    const loader = runLoader({ reportsPaints: false, stylesheet: true });
    expect(loader.sheet()).toBeNull();
    loader.onLoad.forEach((callback) => callback());
    loader.sheet()!.dispatchEvent(new Event('load'));
    loader.drainTasks();
    expect(loader.added()).toEqual(everyFile);
  });

  it('still hydrates when the full stylesheet fails to load', () => {
    const loader = runLoader({ reportsPaints: true, stylesheet: true });
    loader.paint('first-contentful-paint');
    loader.drainTasks();
    loader.sheet()!.dispatchEvent(new Event('error'));
    loader.drainTasks();
    expect(loader.added()).toEqual(everyFile);
  });

  it('asks for no stylesheet on a page that names none', () => {
    const loader = runLoader({ reportsPaints: true });
    loader.paint('first-contentful-paint');
    loader.drainTasks();
    expect(loader.sheet()).toBeNull();
    expect(loader.added()).toEqual(everyFile);
  });
});
