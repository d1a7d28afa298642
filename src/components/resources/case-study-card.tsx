import { CaseStudyMetrics } from '@/components/resources/case-study-metrics';
import { buttonClass } from '@/components/ui/button-styles';
import { CardImage } from '@/components/ui/card-image';
import { ExternalLink } from '@/components/ui/external-link';
import { ExternalIcon } from '@/components/ui/icons';
import { caseStudiesPageContent } from '@/content/page-copy';
import type { CaseStudy } from '@/content/types';

/** A case study: cover, industry, title, summary, tags, metrics and the PDF link. */
export function CaseStudyCard({
  study,
  priority = false,
}: {
  study: CaseStudy;
  priority?: boolean;
}) {
  return (
    <article
      className={`flex h-full flex-col overflow-hidden rounded-2xl border bg-white shadow-sm render-near-viewport-196 ${
        study.featured ? 'border-amber-300 ring-1 ring-amber-300' : 'border-slate-200'
      }`}
    >
      <div className="relative">
        <CardImage cover={study} priority={priority} />
        {study.featured ? (
          <p className="absolute top-4 left-4 rounded-full bg-accent px-3 py-1 text-xs font-bold tracking-widest text-ink uppercase shadow">
            Featured
          </p>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col p-6">
        <p className="text-sm font-bold tracking-wide text-brand-700 uppercase">{study.industry}</p>
        <h3 className="mt-2 line-clamp-2 text-lg leading-7 font-bold text-ink">{study.title}</h3>
        <p className="mt-3 line-clamp-4 text-base leading-7 text-ink-muted">{study.description}</p>
        <ul aria-label="Tags" className="mt-4 flex flex-wrap gap-2">
          {study.tags.map((tag) => (
            <li
              key={tag}
              className="rounded-full bg-brand-50 px-2.5 py-1 text-xs font-semibold text-brand-800"
            >
              {tag}
            </li>
          ))}
        </ul>
        <div className="mt-auto pt-6">
          <CaseStudyMetrics metrics={study.metrics} />
          <ExternalLink
            href={study.pdfUrl}
            srContext={study.title}
            className={buttonClass({ className: 'mt-5 w-full' })}
          >
            {caseStudiesPageContent.readLabel}
            <ExternalIcon className="size-4" />
          </ExternalLink>
        </div>
      </div>
    </article>
  );
}
