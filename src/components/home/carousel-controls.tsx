import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel, { type UseEmblaCarouselType } from 'embla-carousel-react';
import { useEffect, useState, type RefObject } from 'react';

import { timings } from '@/config/site';
import { prefersReducedMotion } from '@/lib/scroll-to-section';

/** The plugin only sets itself up when there is more than one snap; play() would throw otherwise. */
function canAutoplay(api: NonNullable<UseEmblaCarouselType[1]>) {
  return api.scrollSnapList().length > 1;
}

type CarouselControlsProps = {
  /** The carousel viewport already in the page; embla takes it over. */
  viewportRef: RefObject<HTMLDivElement | null>;
};

/**
 * The live part of the client carousel: attaches embla (loop) with autoplay (3 s, stops on
 * interaction) to the existing viewport and renders the Pause/Play button (WCAG 2.2.2).
 * Autoplay starts only when the visitor has not asked for reduced motion, and stops if they
 * ask for it later. While the document is hidden the autoplay plugin stops itself on
 * visibilitychange and resumes when the page is visible again.
 */
export function CarouselControls({ viewportRef }: CarouselControlsProps) {
  const [autoplay] = useState(() =>
    Autoplay({ delay: timings.carouselAutoplayMs, stopOnInteraction: true, playOnInit: false }),
  );
  const [emblaRef, emblaApi] = useEmblaCarousel({ loop: true, align: 'start' }, [autoplay]);
  const [playing, setPlaying] = useState(false);

  useEffect(() => {
    emblaRef(viewportRef.current);
  }, [emblaRef, viewportRef]);

  useEffect(() => {
    if (!emblaApi) return;
    // The plugin emits these before it updates isPlaying(), so take the state from the event.
    const onPlay = () => setPlaying(true);
    const onStop = () => setPlaying(false);
    emblaApi.on('autoplay:play', onPlay).on('autoplay:stop', onStop);
    if (canAutoplay(emblaApi) && !prefersReducedMotion()) autoplay.play();
    const query = window.matchMedia?.('(prefers-reduced-motion: reduce)');
    const onMotionChange = (event: MediaQueryListEvent) => {
      if (event.matches) autoplay.stop();
    };
    query?.addEventListener('change', onMotionChange);
    return () => {
      emblaApi.off('autoplay:play', onPlay).off('autoplay:stop', onStop);
      query?.removeEventListener('change', onMotionChange);
    };
  }, [emblaApi, autoplay]);

  const toggle = () => {
    if (autoplay.isPlaying()) autoplay.stop();
    else if (emblaApi && canAutoplay(emblaApi)) autoplay.play();
  };

  return (
    <button
      type="button"
      onClick={toggle}
      aria-label={playing ? 'Pause the client logo carousel' : 'Play the client logo carousel'}
      className="inline-flex items-center gap-2 rounded-full border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-ink-soft hover:border-slate-400 hover:text-ink"
    >
      <svg
        viewBox="0 0 16 16"
        width="14"
        height="14"
        aria-hidden="true"
        focusable="false"
        fill="currentColor"
      >
        {playing ? <path d="M4 2h3v12H4zm5 0h3v12H9z" /> : <path d="M4 2l10 6-10 6z" />}
      </svg>
      {/* Both words share one grid cell, so the button keeps the wider one's width: "Play"
          turning into "Pause" moves neither the centred button nor its icon (a layout shift). */}
      <span className="grid">
        <span className="invisible col-start-1 row-start-1">Pause</span>
        <span className="col-start-1 row-start-1">{playing ? 'Pause' : 'Play'}</span>
      </span>
    </button>
  );
}
