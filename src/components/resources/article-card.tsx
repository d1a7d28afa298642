import { ArticleByline } from '@/components/resources/article-byline';
import { ArticleCategoryBadge } from '@/components/resources/article-category-badge';
import { buttonClass } from '@/components/ui/button-styles';
import { CardImage } from '@/components/ui/card-image';
import { clickableCardClass, stretchedLinkClass } from '@/components/ui/card-styles';
import { ExternalLink } from '@/components/ui/external-link';
import { LinkedInIcon } from '@/components/ui/linkedin-icon';
import { articlesPageContent } from '@/content/resources-copy';
import type { Article } from '@/content/types';

type ArticleCardProps = {
  article: Article;
  /** 'featured': the large Must-Read card; 'standard': the All Articles grid card. */
  variant?: 'featured' | 'standard';
  priority?: boolean;
};

/**
 * An article card. The whole card opens the post in a new tab: its one link (the button) is
 * stretched over the card, and it names the article for screen readers.
 */
export function ArticleCard({ article, variant = 'standard', priority = false }: ArticleCardProps) {
  const featured = variant === 'featured';
  const label = featured ? articlesPageContent.featuredReadLabel : articlesPageContent.readLabel;
  return (
    <article
      className={`group flex h-full flex-col overflow-hidden rounded-2xl border bg-white shadow-sm render-near-viewport-148 ${
        featured ? 'border-brand-200' : 'border-slate-200'
      } ${clickableCardClass}`}
    >
      <CardImage
        cover={article}
        priority={priority}
        className="transition-transform duration-300 group-hover:scale-[1.02]"
      />
      <div className={`flex flex-1 flex-col ${featured ? 'p-6 sm:p-8' : 'p-6'}`}>
        <div className="flex flex-wrap items-center gap-2">
          {featured ? (
            <span className="rounded-full bg-ink px-3 py-1 text-xs font-bold tracking-widest text-white">
              {articlesPageContent.featuredBadge}
            </span>
          ) : null}
          <ArticleCategoryBadge category={article.category} />
        </div>
        <h3
          className={`mt-4 font-bold text-ink underline-offset-4 group-hover:underline ${
            featured ? 'text-2xl leading-8' : 'text-xl leading-7'
          }`}
        >
          {article.title}
        </h3>
        <p className={`mt-3 text-base leading-7 text-ink-muted ${featured ? '' : 'line-clamp-3'}`}>
          {article.description}
        </p>
        <div className="mt-auto pt-6">
          <ArticleByline
            author={article.author}
            publishDate={article.publishDate}
            readTime={article.readTime}
          />
          <ExternalLink
            href={article.linkedinUrl}
            srContext={article.title}
            className={buttonClass({
              variant: featured ? 'primary' : 'outline',
              className: `mt-5 w-full ${stretchedLinkClass}`,
            })}
          >
            <LinkedInIcon className="size-4" />
            {label}
          </ExternalLink>
        </div>
      </div>
    </article>
  );
}
