import { useState } from 'react';

import { PillarIcon } from '@/components/home/pillar-icon';
import { ServicesCtaTile } from '@/components/home/services-cta-tile';
import { ServiceCard } from '@/components/services/service-card';
import { buttonClass } from '@/components/ui/button-styles';
import { SectionHeading } from '@/components/ui/section-heading';
import { useTabs } from '@/components/ui/use-tabs';
import { paths } from '@/config/paths';
import { servicesSectionContent } from '@/content/home';
import { defaultPillarId, pillars } from '@/content/pillars';
import { getServiceSummariesByPillar } from '@/content/service-catalogue';
import type { PillarId } from '@/content/types';
import { StaticIsland } from '@/page-loading/static-island';

const triggerClass =
  'inline-flex flex-1 items-center justify-center gap-2 rounded-lg px-4 py-2.5 text-sm font-semibold text-ink-soft transition-colors hover:text-ink sm:flex-none sm:px-6 sm:text-base data-[state=active]:bg-white data-[state=active]:text-ink data-[state=active]:shadow-sm';

const pillarIds = pillars.map((pillar) => pillar.id);

const activeIconClass: Record<PillarId, string> = {
  data: 'text-data-700',
  ai: 'text-ai-700',
  digital: 'text-digital-700',
};

/**
 * The three service pillars in tabs (Data by default; arrow keys move between tabs). Every
 * panel is rendered, the inactive ones `hidden`, so the static HTML links to all 21 services.
 */
export function ServicesTabs() {
  const [active, setActive] = useState<PillarId>(defaultPillarId);
  const tabs = useTabs({ values: pillarIds, value: active, onValueChange: setActive });
  return (
    <section aria-labelledby="services-title" className="bg-slate-50 py-20 sm:py-24">
      <div className="container-page">
        <SectionHeading
          id="services-title"
          eyebrow="What we do"
          title={servicesSectionContent.heading}
          intro={servicesSectionContent.intro}
        />
        <div className="mt-10">
          <div
            {...tabs.listProps}
            aria-label="Service pillars"
            className="mx-auto flex max-w-md gap-1 rounded-xl bg-slate-200/70 p-1 sm:w-fit sm:max-w-none"
          >
            {pillars.map((pillar) => (
              <button key={pillar.id} {...tabs.tabProps(pillar.id)} className={triggerClass}>
                <PillarIcon
                  pillar={pillar.id}
                  className={`size-5 ${active === pillar.id ? activeIconClass[pillar.id] : ''}`}
                />
                {pillar.label}
              </button>
            ))}
          </div>
          {pillars.map((pillar) => (
            <div
              key={pillar.id}
              {...tabs.panelProps(pillar.id)}
              className="mt-10 rounded-2xl focus-visible:outline-offset-4"
            >
              <StaticIsland>
                <div className="flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
                  <h3 className="text-2xl font-bold text-ink">{pillar.title}</h3>
                  <p className="text-sm font-semibold text-ink-muted">
                    {pillar.services.length} services
                  </p>
                </div>
                <p className="mt-3 max-w-3xl leading-7 text-ink-muted">{pillar.description}</p>
                <ul className="mt-8 grid gap-3 sm:grid-cols-2 sm:gap-5 lg:grid-cols-3">
                  {getServiceSummariesByPillar(pillar.id).map((service) => (
                    <li key={service.slug}>
                      <ServiceCard service={service} variant="compact" headingLevel="h4" />
                    </li>
                  ))}
                  <ServicesCtaTile pillar={pillar.id} cardCount={pillar.services.length} />
                </ul>
              </StaticIsland>
            </div>
          ))}
        </div>
        <div className="mt-12 text-center">
          <a href={paths.services} className={buttonClass({ variant: 'outline' })}>
            {servicesSectionContent.viewAllCta.label}
          </a>
        </div>
      </div>
    </section>
  );
}
