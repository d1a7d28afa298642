import { ResourceByline } from '@/components/resources/resource-byline';
import { ResourceCard } from '@/components/resources/resource-card';
import { WhitepaperAction } from '@/components/resources/whitepaper-action';
import { FormattedDate } from '@/components/ui/formatted-date';
import type { Whitepaper } from '@/content/types';

/** A whitepaper: cover, category, title, summary, author, date, length and the download. */
export function WhitepaperCard({
  paper,
  priority = false,
}: {
  paper: Whitepaper;
  priority?: boolean;
}) {
  return (
    <ResourceCard
      item={paper}
      priority={priority}
      label={paper.category}
      titleClassName="line-clamp-3 text-xl"
      className="border-slate-200 render-near-viewport-152"
    >
      <div className="mt-auto pt-6">
        <ResourceByline
          className="border-t border-slate-200 pt-4"
          items={[
            <span key="author" className="font-semibold text-ink-soft">
              {paper.author}
            </span>,
            <FormattedDate key="date" date={paper.publishDate} />,
            `${paper.pages} pages`,
          ]}
        />
        <div className="mt-5">
          <WhitepaperAction
            title={paper.title}
            available={paper.available}
            downloadUrl={paper.downloadUrl}
          />
        </div>
      </div>
    </ResourceCard>
  );
}
