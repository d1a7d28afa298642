import { ContactLink } from '@/components/layout/contact-link';
import { buttonClass } from '@/components/ui/button-styles';
import { ArrowRightIcon, LightbulbIcon, MapIcon, SparkIcon } from '@/components/ui/icons';
import { resourcesCta } from '@/content/page-copy';

const tileIcons: Record<string, typeof SparkIcon> = {
  'free-strategy-session': SparkIcon,
  'custom-roadmap': MapIcon,
  'expert-insights': LightbulbIcon,
};

/** Closing call to action of /case-studies and /whitepapers: "Get in Touch" and three tiles. */
export function ResourcesCta() {
  return (
    <section aria-labelledby="resources-cta-heading" className="container-page py-16 sm:py-20">
      <div className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-ink via-brand-900 to-brand-800 px-6 py-12 text-white sm:px-12 sm:py-16">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 bg-[radial-gradient(circle_at_85%_15%,rgba(255,255,255,0.14),transparent_45%)]"
        />
        <div className="relative mx-auto max-w-2xl text-center">
          <p className="inline-flex rounded-full bg-white/10 px-4 py-1.5 text-sm font-bold text-white ring-1 ring-white/25">
            {resourcesCta.socialProof}
          </p>
          <h2
            id="resources-cta-heading"
            className="mt-5 text-3xl font-extrabold tracking-tight sm:text-4xl"
          >
            {resourcesCta.heading}
          </h2>
          <p className="mt-4 text-lg leading-8 text-slate-100">{resourcesCta.body}</p>
          <ContactLink
            className={buttonClass({ variant: 'inverse', size: 'lg', className: 'mt-8' })}
          >
            {resourcesCta.cta.label}
            <ArrowRightIcon />
          </ContactLink>
        </div>
        <ul className="relative mt-12 grid gap-4 md:grid-cols-3">
          {resourcesCta.tiles.map((tile) => {
            const Icon = tileIcons[tile.id] ?? SparkIcon;
            return (
              <li key={tile.id} className="rounded-2xl bg-white/10 p-6 ring-1 ring-white/20">
                <Icon className="size-7 text-brand-200" />
                <h3 className="mt-4 text-lg font-bold">{tile.title}</h3>
                <p className="mt-2 text-base leading-7 text-slate-100">{tile.description}</p>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
