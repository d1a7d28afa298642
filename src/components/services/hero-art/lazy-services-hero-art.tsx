import { lazy, Suspense } from 'react';

// Loaded on demand for the reason given in lazy-service-hero-art.tsx.
const Art = lazy(() =>
  import('@/components/services/hero-art/services-hero-art').then((module) => ({
    default: module.ServicesHeroArt,
  })),
);

/** The /services hero art (ServicesHeroArt), its code loaded on demand. */
export function LazyServicesHeroArt() {
  return (
    <Suspense fallback={null}>
      <Art />
    </Suspense>
  );
}
