import { act } from 'react';
import { createRoot } from 'react-dom/client';

import { LazyServiceHeroArt } from '@/components/services/hero-art/lazy-service-hero-art';
import { LazyServicesHeroArt } from '@/components/services/hero-art/lazy-services-hero-art';

/**
 * The hero art's code loads on demand, so the first render of each art suspends once. Render both
 * and wait for their code inside one awaited act scope, so the tests' own renders do not suspend.
 */
export async function loadHeroArt() {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  const container = document.createElement('div');
  const root = createRoot(container);
  await act(async () => {
    root.render(
      <>
        <LazyServiceHeroArt slug="data-audits" pillar="data" />
        <LazyServicesHeroArt />
      </>,
    );
    await Promise.all([
      import('@/components/services/hero-art/service-hero-art'),
      import('@/components/services/hero-art/services-hero-art'),
    ]);
  });
  // React retries the suspended parts as each act scope ends.
  for (let round = 0; container.querySelectorAll('svg').length < 2; round += 1) {
    if (round === 50) throw new Error('The hero art did not load');
    await act(() => new Promise((done) => setTimeout(done, 20)));
  }
  act(() => root.unmount());
}
