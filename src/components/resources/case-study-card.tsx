import { CaseStudyMetrics } from '@/components/resources/case-study-metrics';
import { ResourceCard } from '@/components/resources/resource-card';
import { buttonClass } from '@/components/ui/button-styles';
import { ExternalLink } from '@/components/ui/external-link';
import { ExternalIcon } from '@/components/ui/icons';
import { caseStudiesPageContent } from '@/content/resources-copy';
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
    <ResourceCard
      item={study}
      priority={priority}
      label={study.industry}
      titleClassName="line-clamp-2 text-lg"
      className={`render-near-viewport-196 ${
        study.featured ? 'border-amber-300 ring-1 ring-amber-300' : 'border-slate-200'
      }`}
    >
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
    </ResourceCard>
  );
}
