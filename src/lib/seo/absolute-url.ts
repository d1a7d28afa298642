import { site } from '@/config/site';

/** An absolute URL on the production site, for canonical links, Open Graph and JSON-LD. */
export function absoluteUrl(path: string): string {
  if (/^https?:\/\//.test(path)) return path;
  return new URL(path, site.url).toString();
}
