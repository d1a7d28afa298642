import { coverImage } from '@/content/cover-image';
import type { Article, ArticleCategory } from '@/content/types';

/** The six articles of /articles (newest first); exactly two are featured ("Must-Read Articles"). */
export const articles: readonly Article[] = [
  {
    id: 'agentic-ai-controls',
    title: 'Agentic AI in Regulated Industries: Start With the Controls',
    description:
      'AI agents can now complete multi-step work across your systems. In financial services and the public sector, the winners will be those who design permissions, approval points and audit trails before they write a single prompt.',
    author: 'Marcus Okafor',
    publishDate: '2025-09-16',
    category: 'AI Innovation',
    readTime: '7 min read',
    ...coverImage(
      'articles',
      'agentic-ai-controls',
      'Abstract AI agent nodes connected through controlled checkpoints, in purple',
    ),
    linkedinUrl:
      'https://www.linkedin.com/pulse/agentic-ai-regulated-industries-start-controls-kestrel-data',
    featured: true,
  },
  {
    id: 'data-strategy-one-page',
    title: 'Your Data Strategy Should Fit on One Page',
    description:
      'Long strategy documents rarely change behaviour. We explain how to distil a data strategy into a single page that leaders remember, teams can act on and the board can hold you to.',
    author: 'Priya Raman',
    publishDate: '2025-08-05',
    category: 'Data Strategy',
    readTime: '5 min read',
    ...coverImage(
      'articles',
      'data-strategy-one-page',
      'Abstract single page of structured blocks and a target, in blue',
    ),
    linkedinUrl:
      'https://www.linkedin.com/pulse/your-data-strategy-should-fit-one-page-kestrel-data',
    featured: true,
  },
  {
    id: 'catalogue-adoption',
    title: 'Why Data Catalogues Fail, and How to Make Yours Stick',
    description:
      'Many organisations buy a data catalogue and find it empty a year later. Adoption depends on automated metadata, a handful of well-chosen use cases and stewards who have time to curate.',
    author: 'Hannah Kowalski',
    publishDate: '2025-06-24',
    category: 'Data Catalogue',
    readTime: '6 min read',
    ...coverImage(
      'articles',
      'catalogue-adoption',
      'Abstract grid of catalogue cards with search highlight, in teal and blue',
    ),
    linkedinUrl:
      'https://www.linkedin.com/pulse/why-data-catalogues-fail-how-make-yours-stick-kestrel-data',
    featured: false,
  },
  {
    id: 'governance-critical-data',
    title: 'Governance Starts With Your Critical Data Elements',
    description:
      'Trying to govern everything at once is the fastest route to governing nothing. Identifying the few dozen data elements your key decisions depend on gives governance focus and early, visible wins.',
    author: 'Eleanor Brooks',
    publishDate: '2025-04-29',
    category: 'Data Governance',
    readTime: '6 min read',
    ...coverImage(
      'articles',
      'governance-critical-data',
      'Abstract concentric rings highlighting a few key data points, in blue',
    ),
    linkedinUrl:
      'https://www.linkedin.com/pulse/governance-starts-critical-data-elements-kestrel-data',
    featured: false,
  },
  {
    id: 'finops-data-platforms',
    title: 'FinOps for Data Platforms: Keeping Cloud Costs Honest',
    description:
      'Cloud data platforms make it easy to scale and just as easy to overspend. Tagging, budgets, right-sizing and showback reports keep analytics affordable without slowing teams down.',
    author: 'Callum Reid',
    publishDate: '2025-02-18',
    category: 'Cloud Solutions',
    readTime: '8 min read',
    ...coverImage(
      'articles',
      'finops-data-platforms',
      'Abstract cloud shape above balanced cost bars, in green',
    ),
    linkedinUrl:
      'https://www.linkedin.com/pulse/finops-data-platforms-keeping-cloud-costs-honest-kestrel-data',
    featured: false,
  },
  {
    id: 'forecasts-managers-trust',
    title: 'Building Forecasts Managers Actually Trust',
    description:
      'Accuracy alone does not get a forecast used. Explainable features, honest uncertainty ranges and involving store and category managers early matter just as much to adoption.',
    author: 'Aisha Rahman',
    publishDate: '2024-12-10',
    category: 'Data Analytics',
    readTime: '6 min read',
    ...coverImage(
      'articles',
      'forecasts-managers-trust',
      'Abstract forecast line with a shaded confidence band, in blue and purple',
    ),
    linkedinUrl:
      'https://www.linkedin.com/pulse/building-forecasts-managers-actually-trust-kestrel-data',
    featured: false,
  },
];

/** Badge colour classes per article category (each distinct, AA contrast on light backgrounds). */
export const articleCategoryColours: Readonly<Record<ArticleCategory, string>> = {
  'Data Analytics': 'bg-blue-100 text-blue-800',
  'AI Innovation': 'bg-purple-100 text-purple-800',
  'Digital Strategy': 'bg-green-100 text-green-800',
  'Cloud Solutions': 'bg-cyan-100 text-cyan-800',
  'Machine Learning': 'bg-indigo-100 text-indigo-800',
  'Data Governance': 'bg-amber-100 text-amber-800',
  'Data Catalogue': 'bg-teal-100 text-teal-800',
  'Data Strategy': 'bg-rose-100 text-rose-800',
};

/** Used for any category without a mapping. */
export const defaultArticleBadgeClass = 'bg-blue-100 text-blue-800';

/** Badge classes for a category; unknown categories get the blue default. */
export function getArticleBadgeClass(category: string): string {
  return Object.hasOwn(articleCategoryColours, category)
    ? articleCategoryColours[category as ArticleCategory]
    : defaultArticleBadgeClass;
}

/** Featured articles, in order (the "Must-Read Articles" section). */
export const featuredArticles: readonly Article[] = articles.filter((article) => article.featured);
