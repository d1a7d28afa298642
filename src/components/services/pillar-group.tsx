import { ServiceCard } from '@/components/services/service-card';
import { pillarTheme } from '@/components/ui/pillar-theme';
import type { PillarId, ServiceSummary } from '@/content/types';

type PillarGroupProps = {
  id: PillarId;
  label: string;
  title: string;
  description: string;
  services: readonly ServiceSummary[];
  tint?: boolean;
};

/** Columns of the wide layout, and how many of them the pillar's introduction takes. */
const COLUMNS = 3;
const INTRO_SPAN = 2;

/**
 * One pillar on /services: its heading and description, then its service cards. On wide screens
 * the introduction sits in the first row beside the first card (a subgrid), so 13 and 4 cards
 * both fill whole rows.
 */
export function PillarGroup({
  id,
  label,
  title,
  description,
  services,
  tint = false,
}: PillarGroupProps) {
  const theme = pillarTheme(id);
  const headingId = `${id}-services-heading`;
  const rows = Math.ceil((services.length + INTRO_SPAN) / COLUMNS);
  return (
    <section
      id={`${id}-services`}
      aria-labelledby={headingId}
      className={`scroll-mt-header py-16 sm:py-20 ${tint ? 'bg-slate-50' : ''}`}
    >
      <div className="container-page lg:grid lg:grid-cols-3 lg:gap-6">
        <div className="max-w-3xl lg:relative lg:z-10 lg:col-span-2 lg:col-start-1 lg:row-start-1 lg:self-center lg:pr-8">
          <p
            className={`inline-flex items-center rounded-full px-3 py-1 text-xs font-bold tracking-widest uppercase ${theme.softBadge}`}
          >
            {label} · {services.length} services
          </p>
          <h2
            id={headingId}
            className="mt-4 text-3xl font-extrabold tracking-tight text-ink sm:text-4xl"
          >
            {title}
          </h2>
          <p className="mt-4 text-lg leading-8 text-ink-muted">{description}</p>
        </div>
        <ul
          style={{ gridRowEnd: `span ${rows}` }}
          className="mt-10 grid gap-6 sm:grid-cols-2 lg:col-span-3 lg:col-start-1 lg:row-start-1 lg:mt-0 lg:grid-cols-subgrid lg:grid-rows-subgrid"
        >
          {services.map((service) => (
            <li key={service.slug} className="lg:first:col-start-3">
              <ServiceCard service={service} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
