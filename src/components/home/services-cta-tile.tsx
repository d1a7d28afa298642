import { ContactLink } from '@/components/layout/contact-link';
import { pillarTheme } from '@/components/ui/pillar-theme';
import { limits } from '@/config/site';
import type { PillarId } from '@/content/types';

/** Columns the tile spans to close the last row of a grid of `count` cards (2 cols sm, 3 lg). */
function spanClasses(count: number) {
  const sm = count % 2 === 1 ? 'sm:col-span-1' : 'sm:col-span-2';
  const lg = ['lg:col-span-3', 'lg:col-span-2', 'lg:col-span-1'][count % 3];
  return `${sm} ${lg}`;
}

type ServicesCtaTileProps = {
  pillar: PillarId;
  /** How many service cards precede the tile, so it fills the rest of their last row. */
  cardCount: number;
};

/** Closes a pillar's grid with an invitation to a free strategy call, so no row is left ragged. */
export function ServicesCtaTile({ pillar, cardCount }: ServicesCtaTileProps) {
  const theme = pillarTheme(pillar);
  return (
    <li
      className={`flex flex-col justify-center rounded-2xl border border-dashed p-6 sm:p-8 ${theme.tint} ${theme.border} ${spanClasses(cardCount)}`}
    >
      <p className="text-lg font-bold text-ink">Not sure which service fits?</p>
      <p className="mt-2 text-sm leading-6 text-ink-soft">
        Talk it through with a senior consultant in a free {limits.freeConsultationMinutes}-minute
        strategy call. No obligation, just expert insights.
      </p>
      <ContactLink
        className={`mt-5 inline-flex items-center gap-2 self-start rounded-lg px-4 py-2.5 text-sm font-semibold ${theme.button}`}
      >
        Book a free strategy call
      </ContactLink>
    </li>
  );
}
