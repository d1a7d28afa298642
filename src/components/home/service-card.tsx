import { PillarIcon } from '@/components/home/pillar-icon';
import { pillarTheme } from '@/components/ui/pillar-theme';
import { paths } from '@/config/paths';
import type { ServiceSummary } from '@/content/types';

type ServiceCardProps = {
  service: ServiceSummary;
  /** h4 when the cards sit under a pillar's h3. */
  headingLevel?: 'h3' | 'h4';
};

/**
 * One service in the home-page tabs. The whole card is clickable through a stretched link on
 * the title, so the link's accessible name is just the service name. Compact (icon beside the
 * text) on phones, stacked from the small breakpoint up.
 */
export function ServiceCard({ service, headingLevel = 'h3' }: ServiceCardProps) {
  const theme = pillarTheme(service.pillar);
  const Heading = headingLevel;
  return (
    <article className="group relative flex h-full gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition render-near-viewport-40 hover:-translate-y-0.5 hover:border-slate-300 hover:shadow-lg has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-brand-600 motion-reduce:hover:translate-y-0 sm:flex-col sm:gap-0 sm:p-6">
      <span
        className={`inline-flex size-10 shrink-0 items-center justify-center rounded-xl sm:size-11 ${theme.softBadge}`}
      >
        <PillarIcon pillar={service.pillar} />
      </span>
      <div className="flex flex-1 flex-col">
        <Heading className="text-base font-bold text-ink sm:mt-5 sm:text-lg">
          <a
            href={paths.service(service.slug)}
            className="outline-none after:absolute after:inset-0 after:rounded-2xl after:content-['']"
          >
            {service.name}
          </a>
        </Heading>
        <p className="mt-1.5 flex-1 text-sm leading-6 text-ink-muted sm:mt-2">
          {service.shortDescription}
        </p>
        <span
          aria-hidden="true"
          className={`mt-5 hidden items-center gap-1 text-sm font-semibold sm:inline-flex ${theme.text}`}
        >
          Learn more
          <svg
            viewBox="0 0 20 20"
            width="16"
            height="16"
            className="transition-transform group-hover:translate-x-0.5"
          >
            <path
              d="M4 10h11m-4-4l4 4-4 4"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </span>
      </div>
    </article>
  );
}
