import { PRERENDERED_PATH_ATTRIBUTE, samePath } from './prerendered-path';

const STRUCTURED_DATA = 'script[type="application/ld+json"]';

/**
 * The prerender writes a page's structured data into <head>, for that page alone: once the
 * browser shows another page, it goes, so the document never describes a page it is not.
 */
export function dropOtherPageStructuredData(path: string): void {
  const renderedFor = document.getElementById('root')?.getAttribute(PRERENDERED_PATH_ATTRIBUTE);
  if (renderedFor != null && samePath(renderedFor, path)) return;
  document.head.querySelectorAll(STRUCTURED_DATA).forEach((script) => script.remove());
}
