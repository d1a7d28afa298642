import { ContactLink } from '@/components/layout/contact-link';
import { buttonClass } from '@/components/ui/button-styles';
import { CtaBanner } from '@/components/ui/cta-banner';
import { ArrowRightIcon, LightbulbIcon, MapIcon, SparkIcon } from '@/components/ui/icons';
import { resourcesCta } from '@/content/resources-copy';

const tileIcons: Record<string, typeof SparkIcon> = {
  'free-strategy-session': SparkIcon,
  'custom-roadmap': MapIcon,
  'expert-insights': LightbulbIcon,
};

/** Closing call to action of /case-studies and /whitepapers: "Get in Touch" and three tiles. */
export function ResourcesCta() {
  return (
    <CtaBanner
      id="resources-cta-heading"
      heading={resourcesCta.heading}
      body={resourcesCta.body}
      glow="top-right"
      lead={
        <p className="inline-flex rounded-full bg-white/10 px-4 py-1.5 text-sm font-bold text-white ring-1 ring-white/25">
          {resourcesCta.socialProof}
        </p>
      }
      tiles={
        // Three columns from lg; on a tablet one tile a row, the icon beside the text.
        <ul className="relative mt-12 grid gap-4 lg:grid-cols-3">
          {resourcesCta.tiles.map((tile) => {
            const Icon = tileIcons[tile.id] ?? SparkIcon;
            return (
              <li
                key={tile.id}
                className="rounded-2xl bg-white/10 p-6 ring-1 ring-white/20 md:flex md:gap-5 lg:block"
              >
                <Icon className="size-7 shrink-0 text-brand-200" />
                <div>
                  <h3 className="mt-4 text-lg font-bold md:mt-0 lg:mt-4">{tile.title}</h3>
                  <p className="mt-2 text-base leading-7 text-slate-100">{tile.description}</p>
                </div>
              </li>
            );
          })}
        </ul>
      }
    >
      <ContactLink className={buttonClass({ variant: 'inverse', size: 'lg', className: 'mt-8' })}>
        {resourcesCta.cta.label}
        <ArrowRightIcon />
      </ContactLink>
    </CtaBanner>
  );
}
