import { PolicyBlock } from '@/components/policy/policy-block';
import { PolicyToc, policySectionId } from '@/components/policy/policy-toc';
import { FormattedDate } from '@/components/ui/formatted-date';
import { PageHero } from '@/components/ui/page-hero';
import type { PolicyDocument as PolicyDocumentData, PolicySection } from '@/content/types';
import { StaticIsland } from '@/page-loading/static-island';

/** A policy page: hero with the date (and version), a table of contents and every section. */
export function PolicyDocument({ document }: { document: PolicyDocumentData }) {
  return (
    <>
      <PageHero title={document.title} intro={document.summary}>
        <p className="inline-flex items-center gap-2 rounded-full border border-white/25 bg-white/10 px-4 py-2 text-sm text-white">
          {document.dateLabel} <FormattedDate date={document.date} className="font-bold" />
        </p>
        {document.versionLabel ? (
          <p className="inline-flex items-center rounded-full border border-white/25 bg-white/10 px-4 py-2 text-sm font-bold text-white">
            {document.versionLabel}
          </p>
        ) : null}
      </PageHero>
      <div className="container-page grid gap-10 py-12 sm:py-16 lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-16">
        <aside className="lg:sticky lg:top-28 lg:self-start">
          <StaticIsland>
            <PolicyToc sections={document.sections} />
          </StaticIsland>
        </aside>
        <div className="max-w-prose min-w-0">
          <StaticIsland>
            {document.sections.map((section) => (
              <PolicySectionView key={section.id} section={section} />
            ))}
          </StaticIsland>
        </div>
      </div>
    </>
  );
}

function PolicySectionView({ section }: { section: PolicySection }) {
  const id = policySectionId(section.id);
  return (
    <section
      id={id}
      aria-labelledby={`${id}-heading`}
      className="scroll-mt-header border-t border-slate-200 pt-10 pb-4 render-near-viewport first:border-t-0 first:pt-0"
    >
      <h2
        id={`${id}-heading`}
        className="text-2xl font-extrabold tracking-tight text-ink sm:text-3xl"
      >
        {section.heading}
      </h2>
      {section.blocks.map((block, index) => (
        <PolicyBlock key={index} block={block} />
      ))}
    </section>
  );
}
