import { PillarIcon } from '@/components/home/pillar-icon';
import {
  ArtFrame,
  at,
  tileClass,
  tones,
  type Point,
} from '@/components/services/hero-art/art-frame';
import { pillarIds } from '@/content/pillars';
import { serviceCatalogue } from '@/content/service-catalogue';
import type { PillarId } from '@/content/types';

/** The pillars at the corners of a triangle inside the inner ring. */
const pillarPoints: Record<PillarId, Point> = {
  data: [50, 22],
  ai: [25.8, 64],
  digital: [74.2, 64],
};

/**
 * The /services hero art: the three pillars in a triangle, each in its colour, and one dot per
 * service around the outer ring, in its pillar's colour.
 */
export function ServicesHeroArt() {
  const step = (2 * Math.PI) / serviceCatalogue.length;
  return (
    <ArtFrame
      glow="bg-brand-400"
      lines={
        <>
          <path d="M50 22L25.8 64H74.2z" className="text-white/40" />
          {serviceCatalogue.map((service, index) => (
            <circle
              key={service.slug}
              cx={(50 + 47 * Math.sin(index * step)).toFixed(1)}
              cy={(50 - 47 * Math.cos(index * step)).toFixed(1)}
              r="1.2"
              fill="currentColor"
              stroke="none"
              className={tones[service.pillar].line}
            />
          ))}
        </>
      }
    >
      {pillarIds.map((pillar) => (
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
