import {
  ArtFrame,
  at,
  tileClass,
  tones,
  type Point,
} from '@/components/services/hero-art/art-frame';
import { ServiceIcon } from '@/components/services/service-icon';
import { serviceCatalogue } from '@/content/service-catalogue';
import type { PillarId } from '@/content/types';

/** Where the three companion icons sit: on the inner ring at -50°, 190° and 70°. */
const companionPoints: readonly Point[] = [
  [74.4, 20.9],
  [12.6, 43.4],
  [63, 85.7],
];

/**
 * The centre's links to the companions, the way each pillar links things: Data with straight
 * spokes, AI with curved synapses, Digital with right-angled circuit traces.
 */
const links: Record<PillarId, string> = {
  data: 'M50 50L74.4 20.9M50 50L12.6 43.4M50 50L63 85.7',
  ai: 'M50 50Q53.5 28.1 74.4 20.9M50 50Q29.3 57.9 12.6 43.4M50 50Q67.2 64 63 85.7',
  digital: 'M50 50H74.4V20.9M50 50H12.6V43.4M50 50H63V85.7',
};

/** Six dots on the outer ring (zero-length strokes with round caps). */
const dots = 'M94.2 66.1h0M33.9 94.2h0M9.3 73.5h0M33.9 5.8h0M66.1 5.8h0M94.2 33.9h0';

/**
 * A service page's hero art: the service's own icon large at the centre and the next three
 * services of its pillar on a ring around it, linked the pillar's way, in the pillar's colours.
 */
export function ServiceHeroArt({ slug, pillar }: { slug: string; pillar: PillarId }) {
  const tone = tones[pillar];
  const siblings = serviceCatalogue.filter((service) => service.pillar === pillar);
  const index = siblings.findIndex((service) => service.slug === slug);
  return (
    <ArtFrame
      glow={tone.glow}
      lines={
        <g className={tone.line}>
          <path d={links[pillar]} strokeDasharray={pillar === 'data' ? '1.5 1.5' : undefined} />
          <path d={dots} strokeWidth="2" />
        </g>
      }
    >
      <span className={`${tileClass} size-36 rounded-[2rem] xl:size-40`} style={at([50, 50])}>
        <ServiceIcon slug={slug} className="size-20 text-white xl:size-24" />
      </span>
      {companionPoints.map((point, offset) => {
        const companion = siblings[(index + 1 + offset) % siblings.length]!.slug;
        return (
          <span key={companion} className={`${tileClass} size-14 rounded-2xl`} style={at(point)}>
            <ServiceIcon slug={companion} className={`size-7 ${tone.line}`} />
          </span>
        );
      })}
    </ArtFrame>
  );
}
