import { ServiceIcon } from '@/components/services/service-icon';
import { clickableCardClass, stretchedLinkClass } from '@/components/ui/card-styles';
import { OutlineIcon } from '@/components/ui/outline-icon';
import { pillarTheme } from '@/components/ui/pillar-theme';
import { paths } from '@/config/paths';
import type { ServiceSummary } from '@/content/types';

/**
 * `compact` (the home page's tabs): icon beside the text and no "Learn more" on phones, stacked
 * from the small breakpoint up. `roomy` (/services and related services): always stacked, with
 * larger text. A placeholder height (`render-near-viewport-*`) sizes the content box, so it is
 * the cards' mean real height at phone width less padding and border (a card rendering as it
 * scrolls in then moves little). On /services the first card sits beside its pillar's centred
 * introduction on the first screen of a desktop, so from `lg` it is that card's height there.
 */
const variants = {
  compact: {
    card: 'gap-4 p-5 render-near-viewport-32 sm:flex-col sm:gap-0 sm:p-6',
    heading: 'text-base sm:mt-5 sm:text-lg',
    description: 'mt-1.5 text-sm leading-6 sm:mt-2',
    more: 'hidden sm:inline-flex',
  },
  roomy: {
    card: 'flex-col p-6 render-near-viewport-61 lg:render-near-viewport-64',
    heading: 'mt-5 text-lg',
    description: 'mt-3 text-base leading-7',
    more: 'inline-flex',
  },
} as const;

type ServiceCardProps = {
  service: Pick<ServiceSummary, 'slug' | 'pillar' | 'name' | 'shortDescription'>;
  variant?: keyof typeof variants;
  /** h4 when the cards sit under a pillar's h3. */
  headingLevel?: 'h3' | 'h4';
};

/**
 * One service: its own icon, name, short description and "Learn more". The whole card links to
 * /service/{slug} through a link stretched over it from the name, so the link's accessible name
 * is just the service name.
 */
export function ServiceCard({
  service,
  variant = 'roomy',
  headingLevel: Heading = 'h3',
}: ServiceCardProps) {
  const theme = pillarTheme(service.pillar);
  const style = variants[variant];
  return (
    <article
      className={`group flex h-full rounded-2xl border border-slate-200 bg-white shadow-sm hover:border-slate-300 ${clickableCardClass} ${style.card}`}
    >
      <span
        className={`inline-flex size-10 shrink-0 items-center justify-center rounded-xl sm:size-11 ${theme.softBadge}`}
      >
        <ServiceIcon slug={service.slug} />
      </span>
      <div className="flex flex-1 flex-col">
        <Heading className={`font-bold text-ink ${style.heading}`}>
          <a
            href={paths.service(service.slug)}
            className={`${stretchedLinkClass} underline-offset-4 group-hover:underline`}
          >
            {service.name}
          </a>
        </Heading>
        <p className={`flex-1 text-ink-muted ${style.description}`}>{service.shortDescription}</p>
        <span
          aria-hidden="true"
          className={`mt-5 items-center gap-1.5 text-sm font-semibold ${theme.text} ${style.more}`}
        >
          Learn more
          {/* Drawn here rather than imported from the ui icons, whose chunk the home page would
              then load for this one arrow. */}
          <OutlineIcon
            d="M5 12h14M13 6l6 6-6 6"
            className="size-4 transition-transform group-hover:translate-x-1"
          />
        </span>
      </div>
    </article>
  );
}
