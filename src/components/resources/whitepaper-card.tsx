import { ResourceByline } from '@/components/resources/resource-byline';
import { WhitepaperAction } from '@/components/resources/whitepaper-action';
import { CardImage } from '@/components/ui/card-image';
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
    <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm render-near-viewport-152">
      <div className="relative">
        <CardImage cover={paper} priority={priority} />
        {paper.featured ? (
          <p className="absolute top-4 left-4 rounded-full bg-accent px-3 py-1 text-xs font-bold tracking-widest text-ink uppercase shadow">
            Featured
          </p>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col p-6">
        <p className="text-sm font-bold tracking-wide text-brand-700 uppercase">{paper.category}</p>
        <h3 className="mt-2 line-clamp-3 text-xl leading-7 font-bold text-ink">{paper.title}</h3>
        <p className="mt-3 line-clamp-4 text-base leading-7 text-ink-muted">{paper.description}</p>
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
      </div>
    </article>
  );
}
