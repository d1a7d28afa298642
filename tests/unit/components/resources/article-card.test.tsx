import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { ArticleCard } from '@/components/resources/article-card';
import { ArticleCategoryBadge } from '@/components/resources/article-category-badge';
import { articleCategoryColours, articles, defaultArticleBadgeClass } from '@/content/articles';
import type { Article } from '@/content/types';

const article = articles.find((item) => !item.featured)!;
const featured = articles.find((item) => item.featured)!;

describe('ArticleCard', { timeout: 15_000 }, () => {
  it('has exactly one link, opening the post in a new tab without opener or referrer', () => {
    render(<ArticleCard article={article} />);
    const card = screen.getByRole('article');
    const links = within(card).getAllByRole('link');
    expect(links).toHaveLength(1);
    const link = links[0]!;
    expect(link).toHaveAttribute('href', article.linkedinUrl);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link).toHaveAccessibleName(`Read on LinkedIn: ${article.title} (opens in a new tab)`);
  });

  it('stretches that link over the whole card, so clicking anywhere on it opens the post', () => {
    render(<ArticleCard article={article} />);
    const card = screen.getByRole('article');
    expect(card.className).toContain('relative');
    expect(screen.getByRole('link').className).toMatch(/after:absolute/);
    expect(screen.getByRole('link').className).toMatch(/after:inset-0/);
  });

  it('clamps the description to three lines in the All Articles grid', () => {
    render(<ArticleCard article={article} />);
    expect(screen.getByText(article.description)).toHaveClass('line-clamp-3');
  });

  it('shows author and a UK-format publish date in a <time>', () => {
    render(<ArticleCard article={{ ...article, publishDate: '2025-03-09' }} />);
    expect(screen.getByText(article.author)).toBeInTheDocument();
    expect(screen.getByText('9 March 2025')).toHaveAttribute('dateTime', '2025-03-09');
  });

  it('marks a featured card FEATURED with a "Read Full Article" link', () => {
    render(<ArticleCard article={featured} variant="featured" />);
    expect(screen.getByText('FEATURED')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Read Full Article:/ })).toHaveAttribute(
      'href',
      featured.linkedinUrl,
    );
  });
});

describe('ArticleCategoryBadge', () => {
  it('colours each category with its class from the content mapping', () => {
    for (const [category, className] of Object.entries(articleCategoryColours)) {
      const { unmount } = render(<ArticleCategoryBadge category={category} />);
      expect(screen.getByText(category)).toHaveClass(...className.split(' '));
      unmount();
    }
  });

  it('gives a card whose category has no mapping the default colours', () => {
    const unmapped = { ...article, category: 'Quantum Computing' } as unknown as Article;
    render(<ArticleCard article={unmapped} />);
    expect(screen.getByText('Quantum Computing')).toHaveClass(
      ...defaultArticleBadgeClass.split(' '),
    );
  });
});
