import { clickableCardClass, stretchedLinkClass } from '@/components/ui/card-styles';
import { ArrowRightIcon } from '@/components/ui/icons';
import { pillarTheme } from '@/components/ui/pillar-theme';
import { paths } from '@/config/paths';
import type { PillarId } from '@/content/types';

type ServiceCardProps = {
  slug: string;
  pillar: PillarId;
  name: string;
  shortDescription: string;
  headingLevel?: 'h3' | 'h4';
};

/** A service card: the whole card links to /service/{slug} through its name. */
export function ServiceCard({
  slug,
  pillar,
  name,
  shortDescription,
  headingLevel: Heading = 'h3',
}: ServiceCardProps) {
  const theme = pillarTheme(pillar);
  return (
    <article
      className={`group flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm render-near-viewport-64 hover:border-slate-300 ${clickableCardClass}`}
    >
      <span aria-hidden="true" className={`mb-5 block h-1 w-10 rounded-full ${theme.badge}`} />
      <Heading className="text-lg font-bold text-ink">
        <a
          href={paths.service(slug)}
          className={`${stretchedLinkClass} underline-offset-4 group-hover:underline`}
        >
          {name}
        </a>
      </Heading>
      <p className="mt-3 flex-1 text-base leading-7 text-ink-muted">{shortDescription}</p>
      <span
        aria-hidden="true"
        className={`mt-5 inline-flex items-center gap-1.5 text-sm font-semibold ${theme.text}`}
      >
        Learn more
        <ArrowRightIcon className="size-4 transition-transform group-hover:translate-x-1" />
      </span>
    </article>
  );
}
