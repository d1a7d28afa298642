import { Badge } from '@/components/ui/badge';
import { SectionHeading } from '@/components/ui/section-heading';
import { frameworks } from '@/content/frameworks';
import { frameworksSectionContent } from '@/content/home';
import type { FrameworkBadge } from '@/content/types';

const badgeColour: Record<FrameworkBadge, string> = {
  'Active Supplier': 'bg-emerald-100 text-emerald-800',
  'Approved Supplier': 'bg-blue-100 text-blue-800',
  'Framework Partner': 'bg-violet-100 text-violet-800',
};

/** The government-approved supplier section: three procurement frameworks with their badges. */
export function FrameworksSection() {
  return (
    <section
      aria-labelledby="frameworks-title"
      className="bg-slate-50 py-20 render-near-viewport sm:py-24"
    >
      <div className="container-page">
        <SectionHeading
          id="frameworks-title"
          eyebrow="Public sector"
          title={frameworksSectionContent.heading}
          intro={frameworksSectionContent.intro}
        />
        {/* Three columns from lg; on a tablet each card is one row, the logo beside the text,
            as three columns there would leave each description a few words a line. */}
        <ul className="mt-12 grid gap-6 lg:grid-cols-3">
          {frameworks.map((framework) => (
            <li
              key={framework.id}
              data-testid="framework"
              className="flex flex-col items-center rounded-2xl border border-slate-200 bg-white p-7 text-center shadow-sm md:flex-row md:items-start md:gap-7 md:text-left lg:flex-col lg:items-center lg:gap-0 lg:text-center"
            >
              <img
                src={framework.logo}
                alt={framework.logoAlt}
                width={framework.width}
                height={framework.height}
                loading="lazy"
                decoding="async"
                className="size-24 shrink-0"
              />
              <div>
                <Badge className={`mt-5 md:mt-0 lg:mt-5 ${badgeColour[framework.badge]}`}>
                  {framework.badge}
                </Badge>
                <h3 className="mt-3 text-xl font-bold text-ink">{framework.name}</h3>
                <p className="mt-1 text-sm font-semibold text-ink-muted">{framework.provider}</p>
                <p className="mt-4 text-sm leading-6 text-ink-muted">{framework.description}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
