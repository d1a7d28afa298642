import { lazy, Suspense } from 'react';

import type { PillarId } from '@/content/types';

/*
 * The art's code loads only when React renders it, which is on a client-side navigation: a
 * prerendered page has the art in its HTML already, adopted inside a StaticIsland without being
 * rendered, so its first load needs none of this code. The prerender waits for it like any lazy
 * page. Until it arrives the hero's art box stays empty, at its full size.
 */
const Art = lazy(() =>
  import('@/components/services/hero-art/service-hero-art').then((module) => ({
    default: module.ServiceHeroArt,
  })),
);

/** A service page's hero art (ServiceHeroArt), its code loaded on demand. */
export function LazyServiceHeroArt(props: { slug: string; pillar: PillarId }) {
  return (
    <Suspense fallback={null}>
      <Art {...props} />
    </Suspense>
  );
}
