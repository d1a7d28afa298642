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
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-ink-muted">
      <span className="font-semibold text-ink-soft">{author}</span>
      <span aria-hidden="true">·</span>
      <FormattedDate date={publishDate} />
      {readTime ? (
        <>
          <span aria-hidden="true">·</span>
          <span>{readTime}</span>
        </>
      ) : null}
    </p>
  );
}
