import type { ReactNode } from 'react';

import type { PillarId } from '@/content/types';

/** Line and glow colours of each pillar on its dark hero. */
export const tones: Record<PillarId, { line: string; glow: string }> = {
  data: { line: 'text-data-300', glow: 'bg-data-400' },
  ai: { line: 'text-ai-300', glow: 'bg-ai-400' },
  digital: { line: 'text-digital-300', glow: 'bg-digital-400' },
};

/**
 * A point of the art in percent of its square box; the SVG layer draws on the same 0-100 grid,
 * centred on (50, 50), with an inner ring of radius 38 and a dotted outer one of radius 47.
 */
export type Point = readonly [x: number, y: number];

/** Puts a tile's centre on a point. */
export const at = ([x, y]: Point) => ({ left: `${x}%`, top: `${y}%` });

export const tileClass =
  'absolute inline-flex -translate-1/2 items-center justify-center border border-white/20 bg-white/10 shadow-2xl backdrop-blur';

/**
 * What every hero art shares, drawn to fill the hero's square art box: a glow, the SVG layer (two
 * rings and the `lines` given) and HTML tiles over it.
 */
export function ArtFrame({
  glow,
  lines,
  children,
}: {
  glow: string;
  lines: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="absolute inset-0">
      <div className={`absolute inset-1/4 rounded-full opacity-40 blur-3xl ${glow}`} />
      <svg
        viewBox="0 0 100 100"
        width="100%"
        height="100%"
        className="absolute inset-0 overflow-visible"
        fill="none"
        stroke="currentColor"
        strokeLinecap="round"
        strokeWidth="0.4"
      >
        <circle cx="50" cy="50" r="38" className="text-white/20" />
        <circle
          cx="50"
          cy="50"
          r="47"
          strokeDasharray="0.5 3"
          strokeWidth="0.8"
          className="text-white/30"
        />
        {lines}
      </svg>
      {children}
    </div>
  );
}
