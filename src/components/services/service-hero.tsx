import { ContactLink } from '@/components/layout/contact-link';
import { LazyServiceHeroArt } from '@/components/services/hero-art/lazy-service-hero-art';
import { buttonClass } from '@/components/ui/button-styles';
import { ArrowLeftIcon, ArrowRightIcon, ClockIcon } from '@/components/ui/icons';
import { PageHero } from '@/components/ui/page-hero';
import { pillarTheme } from '@/components/ui/pillar-theme';
import { paths } from '@/config/paths';
import { serviceDetailCopy } from '@/content/page-copy';
import type { PillarId } from '@/content/types';
import { HeroArtSlot } from '@/page-loading/hero-art-slot';

type ServiceHeroProps = {
  slug: string;
  pillar: PillarId;
  pillarLabel: string;
  title: string;
  description: string;
  timeline: string;
};

/**
 * Back link, pillar badge, h1, description, "Get Started Today" and the typical timeline, with
 * the service's art beside them on large screens.
 */
export function ServiceHero({
  slug,
  pillar,
  pillarLabel,
  title,
  description,
  timeline,
}: ServiceHeroProps) {
  const theme = pillarTheme(pillar);
  return (
    <PageHero
      background={theme.heroGradient}
      title={title}
      intro={description}
      art={
        <HeroArtSlot>
          <LazyServiceHeroArt slug={slug} pillar={pillar} />
        </HeroArtSlot>
      }
      eyebrow={
        <div className="flex flex-col items-start gap-6">
          <a
            href={paths.services}
            className="inline-flex items-center gap-2 rounded-md text-sm font-semibold text-white/90 underline-offset-4 hover:text-white hover:underline"
          >
            <ArrowLeftIcon className="size-4" />
            {serviceDetailCopy.backLabel}
          </a>
          <span
            className={`inline-flex items-center rounded-full px-3 py-1 text-xs font-bold tracking-widest uppercase ${theme.softBadge}`}
          >
            {pillarLabel} Services
          </span>
        </div>
      }
    >
      <ContactLink className={buttonClass({ variant: 'inverse', size: 'lg' })}>
        {serviceDetailCopy.heroCta.label}
        <ArrowRightIcon />
      </ContactLink>
      <p className="inline-flex items-center gap-3 rounded-lg border border-white/25 bg-white/10 px-5 py-3 text-white">
        <ClockIcon className="size-5 shrink-0" />
        <span>
          <span className="text-slate-100">{serviceDetailCopy.timelineLabel}: </span>
          <strong className="font-bold">{timeline}</strong>
        </span>
      </p>
    </PageHero>
  );
}
