import { describe, expect, it } from 'vitest';
import {
  articleCategoryColours,
  articles,
  defaultArticleBadgeClass,
  featuredArticles,
  getArticleBadgeClass,
} from '@/content/articles';

describe('articles', () => {
  it('has six articles with unique ids, exactly two featured', () => {
    expect(articles).toHaveLength(6);
    expect(new Set(articles.map((a) => a.id)).size).toBe(6);
    expect(articles.filter((a) => a.featured)).toHaveLength(2);
    expect(featuredArticles).toHaveLength(2);
  });

  it('links every article to a LinkedIn post and dates it in ISO form', () => {
    for (const article of articles) {
      expect(article.linkedinUrl).toMatch(/^https:\/\/www\.linkedin\.com\/pulse\/[a-z0-9-]+$/);
      expect(article.publishDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  it('only uses categories that have a badge colour', () => {
    for (const article of articles)
      expect(Object.hasOwn(articleCategoryColours, article.category)).toBe(true);
  });
});

describe('article badge colours', () => {
  it('maps each of the eight article categories to a distinct class', () => {
    expect(Object.keys(articleCategoryColours).sort()).toEqual(
      [
        'Data Analytics',
        'AI Innovation',
        'Digital Strategy',
        'Cloud Solutions',
        'Machine Learning',
        'Data Governance',
        'Data Catalogue',
        'Data Strategy',
      ].sort(),
    );
    const classes = Object.values(articleCategoryColours);
    expect(new Set(classes).size).toBe(classes.length);
    for (const [category, className] of Object.entries(articleCategoryColours)) {
      expect(getArticleBadgeClass(category)).toBe(className);
      // A light background with a dark text shade of the same hue (AA contrast).
      expect(className).toMatch(/^bg-([a-z]+)-100 text-\1-800$/);
    }
  });

  it('falls back to blue for an unknown category', () => {
    expect(defaultArticleBadgeClass).toBe('bg-blue-100 text-blue-800');
    expect(getArticleBadgeClass('Quantum Computing')).toBe(defaultArticleBadgeClass);
    expect(getArticleBadgeClass('toString')).toBe(defaultArticleBadgeClass);
  });
});
