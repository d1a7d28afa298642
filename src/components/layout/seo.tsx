import { useEffect } from 'react';

import { site } from '@/config/site';
import { absoluteUrl } from '@/lib/seo/absolute-url';
import { dropOtherPageStructuredData } from '@/page-loading/other-page-structured-data';

export type SeoProps = {
  /** The page's own title; the brand is appended. */
  title: string;
  description: string;
  /** Path of the canonical URL, e.g. "/services". */
  path: string;
  keywords?: readonly string[];
  image?: string;
  type?: 'website' | 'article';
  noindex?: boolean;
};

export function formatTitle(title: string) {
  return title.includes(site.name) ? title : `${title} | ${site.name}`;
}

/**
 * The page's head tags. React 19 hoists <title>, <meta> and <link> into <head> on the client;
 * the prerender script moves them there in the static HTML. Structured data is not here: the
 * prerender writes it (src/lib/seo/page-structured-data.ts), as only the HTML of a URL is read
 * for it.
 */
export function Seo({
  title,
  description,
  path,
  keywords = site.defaultKeywords,
  image = site.defaultImage,
  type = 'website',
  noindex = false,
}: SeoProps) {
  useEffect(() => dropOtherPageStructuredData(path), [path]);
  const fullTitle = formatTitle(title);
  const canonical = absoluteUrl(path);
  const imageUrl = absoluteUrl(image);
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      <meta name="keywords" content={keywords.join(', ')} />
      <meta name="robots" content={noindex ? 'noindex, nofollow' : 'index, follow'} />
      <link rel="canonical" href={canonical} />
      <meta property="og:type" content={type} />
      <meta property="og:site_name" content={site.name} />
      <meta property="og:locale" content={site.locale} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={canonical} />
      <meta property="og:image" content={imageUrl} />
      <meta property="og:image:width" content="1200" />
      <meta property="og:image:height" content="630" />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={fullTitle} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={imageUrl} />
    </>
  );
}
