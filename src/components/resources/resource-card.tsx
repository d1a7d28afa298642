import type { ReactNode } from 'react';

import { CardImage } from '@/components/ui/card-image';
import type { CoverImage } from '@/content/types';

type ResourceCardProps = {
  /** A case study or whitepaper: its cover, title, summary and whether it is featured. */
  item: CoverImage & { featured: boolean; title: string; description: string };
  priority: boolean;
  /** The small line above the title: an industry or a category. */
  label: string;
  /** Size and clamp of the h3, which differ by kind of resource. */
  titleClassName: string;
  /** Border and placeholder height of the card. */
  className: string;
  /** Tags, figures and the action: what a kind of resource adds under the description. */
  children: ReactNode;
};

/**
 * The frame of a case study or whitepaper card: cover with the "Featured" mark, then label,
 * title and summary, then the kind's own details, pushed to the bottom when cards share a row.
 */
export function ResourceCard({
  item,
  priority,
  label,
  titleClassName,
  className,
  children,
}: ResourceCardProps) {
  return (
    <article
      className={`flex h-full flex-col overflow-hidden rounded-2xl border bg-white shadow-sm ${className}`}
    >
      <div className="relative">
        <CardImage cover={item} priority={priority} />
        {item.featured ? (
          <p className="absolute top-4 left-4 rounded-full bg-accent px-3 py-1 text-xs font-bold tracking-widest text-ink uppercase shadow">
            Featured
          </p>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col p-6">
        <p className="text-sm font-bold tracking-wide text-brand-700 uppercase">{label}</p>
        <h3 className={`mt-2 leading-7 font-bold text-ink ${titleClassName}`}>{item.title}</h3>
        <p className="mt-3 line-clamp-4 text-base leading-7 text-ink-muted">{item.description}</p>
        {children}
      </div>
    </article>
  );
}
