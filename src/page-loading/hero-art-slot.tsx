import type { ReactNode } from 'react';

import { BelowTheFold } from '@/page-loading/below-the-fold';
import { StaticIsland } from '@/page-loading/static-island';

/**
 * Where a hero's decorative art goes (PageHero gives it a fixed-size box). A prerendered page
 * adopts the art's HTML as it is, so its first load fetches none of the art's code. On a
 * client-side navigation the art is rendered, and its code fetched, one frame after the hero:
 * the new heading is painted without waiting for the art, which then fills its box and moves
 * nothing.
 */
export function HeroArtSlot({ children }: { children: ReactNode }) {
  return (
    <BelowTheFold fallback={null}>
      <StaticIsland>{children}</StaticIsland>
    </BelowTheFold>
  );
}
