import { describe, expect, it } from 'vitest';
import {
  articleCategoryColours,
  articles,
  defaultArticleBadgeClass,
  featuredArticles,
  getArticleBadgeClass,
} from '@/content/articles';

import { AA_TEXT, classContrast } from '../support/tailwind-colours';

describe('articles', () => {
  it('have unique slug ids', () => {
    expect(articles.length).toBeGreaterThan(0);
    const ids = articles.map((a) => a.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('are dated with real calendar days, newest first', () => {
    for (const { publishDate } of articles) {
      expect(publishDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(new Date(`${publishDate}T00:00:00Z`).toISOString().slice(0, 10)).toBe(publishDate);
    }
    const dates = articles.map((a) => a.publishDate);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('link every article to a LinkedIn post', () => {
    for (const article of articles)
      expect(article.linkedinUrl).toMatch(/^https:\/\/www\.linkedin\.com\/pulse\/[a-z0-9-]+$/);
  });

  // The Must-Read section lays its cards out as a pair (two columns, both images eager).
  it('feature a pair, in list order', () => {
    expect(featuredArticles).toEqual(articles.filter((a) => a.featured));
    expect(featuredArticles).toHaveLength(2);
  });

  it('only use categories that have a badge colour', () => {
    for (const article of articles)
      expect(Object.hasOwn(articleCategoryColours, article.category)).toBe(true);
  });
});

describe('article badge colours', () => {
  it('give each category its own mapping', () => {
    for (const [category, className] of Object.entries(articleCategoryColours))
      expect(getArticleBadgeClass(category)).toBe(className);
  });

  it('fall back to the default for an unknown category, inherited keys included', () => {
    expect(getArticleBadgeClass('Quantum Computing')).toBe(defaultArticleBadgeClass);
    expect(getArticleBadgeClass('toString')).toBe(defaultArticleBadgeClass);
  });

  // The badge text is small: WCAG AA asks 4.5:1 of its colour against its background.
  it.each(Object.entries({ ...articleCategoryColours, '(default)': defaultArticleBadgeClass }))(
    'pair %s text with its background at AA contrast',
    (_, className) => {
      const ratio = classContrast(className);
      expect(typeof ratio, String(ratio)).toBe('number');
      expect(ratio).toBeGreaterThanOrEqual(AA_TEXT);
    },
  );
});
