import type { ReactNode } from 'react';

import { PillarIcon } from '@/components/home/pillar-icon';
import { ServiceIcon } from '@/components/services/service-icon';
import { serviceCatalogue } from '@/content/service-catalogue';
import type { PillarId } from '@/content/types';

/** Line and glow colours of each pillar on its dark hero. */
const tones: Record<PillarId, { line: string; glow: string }> = {
  data: { line: 'text-data-300', glow: 'bg-data-400' },
  ai: { line: 'text-ai-300', glow: 'bg-ai-400' },
  digital: { line: 'text-digital-300', glow: 'bg-digital-400' },
};

/** Points of the art, in percent of its square box (the SVG layer uses the same 0-100 units). */
type Point = readonly [x: number, y: number];

const CENTRE: Point = [50, 50];
const RING = 38;
const OUTER_RING = 47;

/** Where a service page's three companion icons sit on the ring. */
const satellites: readonly Point[] = [-50, 190, 70].map((degrees) => onRing(RING, degrees));

function onRing(radius: number, degrees: number): Point {
  const radians = (degrees * Math.PI) / 180;
  return [
    Math.round((CENTRE[0] + radius * Math.cos(radians)) * 10) / 10,
    Math.round((CENTRE[1] + radius * Math.sin(radians)) * 10) / 10,
  ];
}

/**
 * How a pillar links the centre to a companion: Data with straight spokes, AI with curved
 * synapses, Digital with right-angled circuit traces.
 */
function connector(pillar: PillarId, [x, y]: Point): string {
  const [cx, cy] = CENTRE;
  if (pillar === 'digital') return `M${cx} ${cy}H${x}V${y}`;
  if (pillar === 'ai') {
    const bend = [(cx + x) / 2 + (y - cy) * 0.3, (cy + y) / 2 - (x - cx) * 0.3];
    return `M${cx} ${cy}Q${bend.join(' ')} ${x} ${y}`;
  }
  return `M${cx} ${cy}L${x} ${y}`;
}

/** Style of the pieces placed over the SVG layer at a point. */
const at = ([x, y]: Point) => ({ left: `${x}%`, top: `${y}%` });

/**
 * The square, fixed-size box every hero art shares: hidden below the large breakpoint, hidden
 * from assistive technology, an SVG layer of rings and lines (a 100 × 100 grid) with HTML tiles
 * over it. A fixed size, so the centred hero column never moves while it renders.
 */
function ArtFrame({
  glow,
  lines,
  children,
}: {
  glow: string;
  lines: ReactNode;
  children: ReactNode;
}) {
  return (
    <div aria-hidden="true" className="relative mx-auto hidden size-80 lg:block xl:size-96">
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
        <circle cx={CENTRE[0]} cy={CENTRE[1]} r={RING} className="text-white/20" />
        <circle
          cx={CENTRE[0]}
          cy={CENTRE[1]}
          r={OUTER_RING}
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

const tileClass =
  'absolute inline-flex -translate-1/2 items-center justify-center border border-white/20 bg-white/10 shadow-2xl backdrop-blur';

/**
 * A service page's hero art: the service's own icon large at the centre, three other services
 * of its pillar on a ring around it, linked the way the pillar links things, in its colours.
 */
export function ServiceHeroArt({ slug, pillar }: { slug: string; pillar: PillarId }) {
  const tone = tones[pillar];
  const siblings = serviceCatalogue.filter((service) => service.pillar === pillar);
  const index = siblings.findIndex((service) => service.slug === slug);
  const companions = satellites.map(
    (point, offset) => [point, siblings[(index + 1 + offset) % siblings.length]!.slug] as const,
  );
  return (
    <ArtFrame
      glow={tone.glow}
      lines={
        <g className={tone.line} strokeDasharray={pillar === 'data' ? '1.5 1.5' : undefined}>
          {companions.map(([point]) => (
            <path key={point.join()} d={connector(pillar, point)} />
          ))}
          {[20, 110, 150, 250, 290, 340].map((degrees) => {
            const [x, y] = onRing(OUTER_RING, degrees);
            return <circle key={degrees} cx={x} cy={y} r="1" fill="currentColor" stroke="none" />;
          })}
        </g>
      }
    >
      <span className={`${tileClass} size-36 rounded-[2rem] xl:size-40`} style={at(CENTRE)}>
        <ServiceIcon slug={slug} className="size-20 text-white xl:size-24" />
      </span>
      {companions.map(([point, companion]) => (
        <span key={companion} className={`${tileClass} size-14 rounded-2xl`} style={at(point)}>
          <ServiceIcon slug={companion} className={`size-7 ${tone.line}`} />
        </span>
      ))}
    </ArtFrame>
  );
}

const pillarPoints: Record<PillarId, Point> = {
  data: [50, 22],
  ai: [25.8, 64],
  digital: [74.2, 64],
};

/**
 * The /services hero art: the three pillars in a triangle, each in its colour, and one dot per
 * service on the outer ring, coloured by its pillar.
 */
export function ServicesHeroArt() {
  const step = 360 / serviceCatalogue.length;
  const [data, ai, digital] = [pillarPoints.data, pillarPoints.ai, pillarPoints.digital];
  return (
    <ArtFrame
      glow="bg-brand-400"
      lines={
        <>
          <path
            d={`M${data.join(' ')}L${ai.join(' ')}L${digital.join(' ')}z`}
            className="text-white/40"
          />
          {serviceCatalogue.map((service, index) => {
            const [x, y] = onRing(OUTER_RING, index * step - 90);
            return (
              <circle
                key={service.slug}
                cx={x}
                cy={y}
                r="1.2"
                fill="currentColor"
                stroke="none"
                className={tones[service.pillar].line}
              />
            );
          })}
        </>
      }
    >
      {(Object.keys(pillarPoints) as PillarId[]).map((pillar) => (
        <span
          key={pillar}
          className={`${tileClass} size-24 rounded-3xl xl:size-28`}
          style={at(pillarPoints[pillar])}
        >
          <PillarIcon pillar={pillar} className={`size-12 xl:size-14 ${tones[pillar].line}`} />
        </span>
      ))}
    </ArtFrame>
  );
}
