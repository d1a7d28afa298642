import { lazy, Suspense, useEffect, useRef, useState } from 'react';

import { clientLogos } from '@/content/clients';

// The carousel engine (embla, ~9 KB gzip) loads only when the logos come near the viewport,
// so it is not part of the home page's first load.
const CarouselControls = lazy(() =>
  import('@/components/home/carousel-controls').then((module) => ({
    default: module.CarouselControls,
  })),
);

/** How far below the viewport the carousel starts loading its engine. */
const LOAD_MARGIN = '300px';

/**
 * The looping carousel of client wordmarks. The 11 slides are plain markup in the static HTML,
 * in a viewport of fixed height; once the carousel nears the screen, CarouselControls attaches
 * embla to that same markup (no DOM swap, no layout shift) and renders the Pause/Play button
 * in a slot whose height is reserved from the start.
 */
export function ClientCarousel() {
  const viewportRef = useRef<HTMLDivElement>(null);
  const [live, setLive] = useState(false);

  useEffect(() => {
    const viewport = viewportRef.current;
    if (!viewport) return;
    if (typeof IntersectionObserver === 'undefined') {
      queueMicrotask(() => setLive(true));
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        setLive(true);
      },
      { rootMargin: `${LOAD_MARGIN} 0px` },
    );
    observer.observe(viewport);
    return () => observer.disconnect();
  }, []);

  return (
    <div role="region" aria-roledescription="carousel" aria-label="Client logos">
      <div
        ref={viewportRef}
        className="overflow-hidden [mask-image:linear-gradient(to_right,transparent,black_8%,black_92%,transparent)]"
      >
        <div className="flex h-24 touch-pan-y">
          {clientLogos.map((client, index) => (
            <div
              key={client.id}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${clientLogos.length}`}
              className="flex min-w-0 flex-[0_0_50%] items-center justify-center px-4 sm:flex-[0_0_33.333%] md:flex-[0_0_25%] lg:flex-[0_0_20%]"
            >
              <img
                src={client.logo}
                alt={client.name}
                width={client.width}
                height={client.height}
                // Lazy in the static HTML; once the carousel is near, load every logo, including
                // the ones clipped off to the side, so none pops in as it slides into view.
                loading={live ? 'eager' : 'lazy'}
                decoding="async"
                draggable={false}
                className="h-12 w-auto max-w-full"
              />
            </div>
          ))}
        </div>
      </div>
      <div className="mt-4 flex h-10 justify-center">
        {live ? (
          <Suspense fallback={null}>
            <CarouselControls viewportRef={viewportRef} />
          </Suspense>
        ) : null}
      </div>
    </div>
  );
}
