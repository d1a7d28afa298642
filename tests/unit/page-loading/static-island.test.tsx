import { act, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';

import { StaticIsland } from '@/page-loading/static-island';
import {
  beginPrerenderHydration,
  endPrerenderHydration,
  isHydratingPrerenderedHtml,
} from '@/page-loading/prerender-hydration';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Where() {
  const { pathname, hash } = useLocation();
  return <output data-testid="where">{`${pathname}${hash}`}</output>;
}

function App({ children }: { children: ReactNode }) {
  return (
    <MemoryRouter initialEntries={['/privacy-policy']}>
      <Where />
      <StaticIsland>{children}</StaticIsland>
    </MemoryRouter>
  );
}

const prerendered = (
  <>
    <p>Prerendered text</p>
    <a href="/cookie-policy">Cookie policy</a>
    <a href="#contact-us">Contact us</a>
    <a href="https://ico.org.uk/">ICO</a>
    <a href="/privacy-policy#contact" data-section-link="">
      Talk to us
    </a>
    <section id="contact">Contact section</section>
  </>
);

/** Mounts the server HTML of `App` and hydrates it, with the island's content `onClient`. */
async function hydratePrerendered(onClient: ReactNode) {
  // The document's own address, which a real browser keeps equal to the router's.
  window.history.replaceState(null, '', '/privacy-policy');
  const container = document.createElement('div');
  container.innerHTML = renderToString(<App>{prerendered}</App>);
  document.body.replaceChildren(container);
  beginPrerenderHydration();
  await act(async () => {
    hydrateRoot(container, <App>{onClient}</App>);
  });
  return container;
}

afterEach(() => {
  endPrerenderHydration();
  document.body.replaceChildren();
});

describe('StaticIsland', () => {
  it('adopts the prerendered HTML as it is instead of hydrating its children', async () => {
    // Different client children prove React did not render them over the static markup.
    const container = await hydratePrerendered(<p>Client text</p>);
    expect(container.textContent).toContain('Prerendered text');
    expect(container.textContent).not.toContain('Client text');
    expect(isHydratingPrerenderedHtml()).toBe(true);
  });

  it('renders its children when it is not hydrating prerendered HTML (a client render)', async () => {
    const container = document.createElement('div');
    document.body.replaceChildren(container);
    await act(async () => {
      createRoot(container).render(<App>{prerendered}</App>);
    });
    expect(container.textContent).toContain('Prerendered text');
    expect(container.querySelector('a[href="/cookie-policy"]')).not.toBeNull();
  });
});
