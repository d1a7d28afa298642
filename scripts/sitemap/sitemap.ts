/**
 * sitemap.xml, with each page's `lastmod` the date its content last changed, never the build's
 * date: a search engine that learns a date is false stops trusting it for the whole site.
 *
 * The date a page's content declares wins (page-sources.ts); otherwise the last commit of its
 * content modules. Without that history (no git, or a shallow clone, where every file seems to
 * have changed in the oldest commit fetched) such a page has no `lastmod` at all: the element is
 * optional, and leaving it out says nothing false.
 */
import { execFileSync } from 'node:child_process';

import { type PageSources, pageSources } from './page-sources.ts';

/** The date (YYYY-MM-DD) of the last commit that touched any of the files, if any did. */
export type CommitDate = (files: readonly string[]) => string | undefined;

export type ContentHistory = { commitDate: CommitDate } | { unavailable: string };

const git = (root: string, args: readonly string[]) =>
  execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });

/** The repository's history of the content files, or why there is none to trust. */
export function gitContentHistory(root: string): ContentHistory {
  let shallow: string;
  try {
    shallow = git(root, ['rev-parse', '--is-shallow-repository']).trim();
  } catch {
    return { unavailable: 'not a git checkout' };
  }
  if (shallow === 'true') return { unavailable: 'a shallow clone' };
  return {
    commitDate: (files) =>
      git(root, ['log', '-1', '--format=%cI', '--', ...files])
        .trim()
        .slice(0, 10) || undefined,
  };
}

/** A page's `lastmod`: its declared date, else its content's last commit, else none. */
export function lastmodOf(sources: PageSources, history: ContentHistory): string | undefined {
  if (sources.declaredDate) return sources.declaredDate;
  return 'commitDate' in history ? history.commitDate(sources.files) : undefined;
}

/** The sitemap of these paths; a path with no written-out sources is a build error. */
export function sitemapXml(
  paths: readonly string[],
  siteUrl: string,
  history: ContentHistory,
): string {
  const entries = paths.map((path) => {
    const sources = pageSources(path);
    if (!sources) {
      throw new Error(
        `${path} is in the sitemap but not in scripts/sitemap/page-sources.ts: name its content modules there.`,
      );
    }
    const loc = new URL(path, siteUrl).toString();
    const lastmod = lastmodOf(sources, history);
    return `  <url><loc>${loc}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`;
}
