type ParticlesProps = {
  /** How many dots (20 to 40 per page keeps the background calm). */
  count?: number;
  /** Varies the pattern between sections so two heroes do not look identical. */
  seed?: number;
  /**
   * 'fill' spreads the dots over the whole parent. 'top' keeps them in a fixed-height box at the
   * top, for a banner whose content can still grow (a form swapped in): the dots then stay put
   * and add nothing to layout shift.
   */
  layout?: 'fill' | 'top';
  className?: string;
};

/** A tiny deterministic pseudo-random sequence: same input, same output, on server and client. */
function fraction(index: number, salt: number) {
  const x = Math.sin(index * 12.9898 + salt * 78.233) * 43758.5453;
  return x - Math.floor(x);
}

/**
 * Decorative floating dots for dark banners. Pure CSS: absolutely positioned, no layout, no
 * JavaScript after render, hidden from assistive technology, still under
 * prefers-reduced-motion, and pulsing only once the page is ready (see DecorativeMotion).
 * Each dot pulses once and the last is still within 5 s: motion that starts by itself and runs
 * longer needs a way to pause it (WCAG 2.2.2), and a page left open should cost nothing. Pulsing
 * forever kept half a core busy painting on a machine without a GPU.
 * Positions derive from the index, so hydration matches the static HTML.
 * The parent must be `relative overflow-hidden` (and `isolate` when using a negative z-index).
 * With 'fill', render it after the parent's content: the dots' percentages then resolve against
 * the finished parent, even when the browser paints between chunks of the HTML.
 */
export function Particles({
  count = 24,
  seed = 1,
  layout = 'fill',
  className = '',
}: ParticlesProps) {
  const dots = Array.from({ length: count }, (_, index) => {
    const size = 2 + Math.round(fraction(index, seed + 3) * 3);
    return {
      left: `${(fraction(index, seed) * 100).toFixed(2)}%`,
      top: `${(fraction(index, seed + 1) * 100).toFixed(2)}%`,
      size,
      opacity: (0.15 + fraction(index, seed + 2) * 0.35).toFixed(2),
      // one pulse each, all over within 5 s of the page being ready (see above)
      delay: `${(fraction(index, seed + 4) * 2).toFixed(2)}s`,
      duration: `${(2 + fraction(index, seed + 5)).toFixed(2)}s`,
    };
  });
  return (
    <div
      aria-hidden="true"
      data-testid="particles"
      className={`pointer-events-none absolute inset-x-0 top-0 overflow-hidden ${layout === 'top' ? 'h-[52rem]' : 'bottom-0'} ${className}`}
    >
      {dots.map((dot, index) => (
        <span
          key={index}
          className="absolute rounded-full bg-white motion-safe:in-data-[motion=on]:animate-pulse"
          style={{
            left: dot.left,
            top: dot.top,
            width: dot.size,
            height: dot.size,
            opacity: dot.opacity,
            animationDelay: dot.delay,
            animationDuration: dot.duration,
            animationIterationCount: 1,
          }}
        />
      ))}
    </div>
  );
}
