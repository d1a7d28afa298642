// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { indexablePaths } from '../../../src/app/static-paths';
import { paths } from '../../../src/config/paths';
import { articles } from '../../../src/content/articles';
import { privacyPolicy } from '../../../src/content/policies/privacy-policy';
import { pageSources } from '../../../scripts/sitemap/page-sources';
import {
  type ContentHistory,
  gitContentHistory,
  lastmodOf,
  sitemapXml,
} from '../../../scripts/sitemap/sitemap';

const root = join(import.meta.dirname, '../../..');
const SITE = 'https://www.example.co.uk';

/** A history in which every file was last committed on this date. */
const committedOn = (date: string): ContentHistory => ({ commitDate: () => date });
const noHistory: ContentHistory = { unavailable: 'a shallow clone' };

describe('the sitemap’s page sources', () => {
  it.each(indexablePaths())('%s has its content modules written out, each a real file', (path) => {
    const sources = pageSources(path);
    expect(sources, `${path} needs an entry in scripts/sitemap/page-sources.ts`).toBeDefined();
    expect(sources!.files.length).toBeGreaterThan(0);
    for (const file of sources!.files) expect(existsSync(join(root, file)), file).toBe(true);
  });

  it('takes a policy’s own date and the newest article’s', () => {
    expect(pageSources(paths.privacyPolicy)?.declaredDate).toBe(privacyPolicy.date);
    const newest = articles
      .map((article) => article.publishDate)
      .sort()
      .at(-1);
    expect(pageSources(paths.articles)?.declaredDate).toBe(newest);
    expect(pageSources(paths.about)?.declaredDate).toBeUndefined();
  });

  it('fails the build for a sitemap page with no entry, naming it', () => {
    expect(() => sitemapXml(['/about', '/new-page'], SITE, noHistory)).toThrow(
      /\/new-page is in the sitemap but not in scripts\/sitemap\/page-sources\.ts/,
    );
  });
});

describe('a page’s lastmod', () => {
  it('is the date the content declares, before its last commit', () => {
    expect(
      lastmodOf({ files: ['a.ts'], declaredDate: '2025-08-25' }, committedOn('2026-01-02')),
    ).toBe('2025-08-25');
  });

  it('is the last commit of its content modules when it declares none', () => {
    const asked: (readonly string[])[] = [];
    const history: ContentHistory = {
      commitDate: (files) => {
        asked.push(files);
        return '2026-01-02';
      },
    };
    expect(lastmodOf({ files: ['a.ts', 'b.ts'] }, history)).toBe('2026-01-02');
    expect(asked).toEqual([['a.ts', 'b.ts']]);
  });

  it('is left out without a history to trust, rather than made up', () => {
    expect(lastmodOf({ files: ['a.ts'] }, noHistory)).toBeUndefined();
    const xml = sitemapXml([paths.about, paths.privacyPolicy], SITE, noHistory);
    expect(xml).toContain(`<url><loc>${SITE}/about</loc></url>`);
    expect(xml).toContain(
      `<url><loc>${SITE}/privacy-policy</loc><lastmod>${privacyPolicy.date}</lastmod></url>`,
    );
  });
});

describe('the content history from git', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'sitemap-git-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const git = (cwd: string, args: string[], date = '2025-01-01T12:00:00Z') =>
    execFileSync('git', ['-c', 'user.name=T', '-c', 'user.email=t@example.com', ...args], {
      cwd,
      env: { ...process.env, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date },
      stdio: 'pipe',
    });
  const commit = (file: string, date: string) => {
    writeFileSync(join(dir, file), date);
    git(dir, ['add', file], date);
    git(dir, ['commit', '-q', '-m', file], date);
  };

  it('dates files by the last commit that touched any of them', () => {
    git(dir, ['init', '-q']);
    commit('a.ts', '2025-03-04T10:00:00Z');
    commit('b.ts', '2025-05-06T10:00:00Z');
    commit('c.ts', '2025-07-08T10:00:00Z');
    const history = gitContentHistory(dir);
    expect(history).toHaveProperty('commitDate');
    const { commitDate } = history as { commitDate: (files: string[]) => string | undefined };
    expect(commitDate(['a.ts'])).toBe('2025-03-04');
    expect(commitDate(['a.ts', 'b.ts'])).toBe('2025-05-06');
    expect(commitDate(['never-committed.ts'])).toBeUndefined();
  });

  it('has none in a shallow clone or outside git', () => {
    const origin = join(dir, 'origin');
    execFileSync('mkdir', [origin]);
    git(origin, ['init', '-q']);
    writeFileSync(join(origin, 'a.ts'), 'a');
    git(origin, ['add', 'a.ts']);
    git(origin, ['commit', '-q', '-m', 'a']);
    writeFileSync(join(origin, 'b.ts'), 'b');
    git(origin, ['add', 'b.ts']);
    git(origin, ['commit', '-q', '-m', 'b']);
    git(dir, ['clone', '-q', '--depth', '1', `file://${origin}`, 'shallow']);
    expect(gitContentHistory(join(dir, 'shallow'))).toEqual({ unavailable: 'a shallow clone' });
    const plain = join(dir, 'plain');
    execFileSync('mkdir', [plain]);
    expect(gitContentHistory(plain)).toEqual({ unavailable: 'not a git checkout' });
  });
});
