import { ResourceByline } from '@/components/resources/resource-byline';
import { FormattedDate } from '@/components/ui/formatted-date';

/** Author, publish date (UK format, in a <time>) and reading time. */
export function ArticleByline({
  author,
  publishDate,
  readTime,
}: {
  author: string;
  publishDate: string;
  readTime?: string;
}) {
  return (
    <ResourceByline
      items={[
        <span key="author" className="font-semibold text-ink-soft">
          {author}
        </span>,
        <FormattedDate key="date" date={publishDate} />,
        ...(readTime ? [readTime] : []),
      ]}
    />
  );
}
