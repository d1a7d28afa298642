import { readFileSync } from 'node:fs';

import { launch } from 'chrome-launcher';
import lighthouse, { defaultConfig } from 'lighthouse';

import { CHROMIUM_FLAGS, findChromium } from '../chromium.ts';
import { median } from './report.ts';
import type { LighthouseFigures } from './targets.ts';

const scores = ['performance', 'accessibility', 'bestPractices', 'seo'] as const;
const figures = [...scores, 'lcpMs', 'tbtMs', 'cls'] as const;

/**
 * The median of each figure over a page's runs, as Lighthouse's own guidance reads "the median
 * of several runs". Not the figures of one "median run": picking a run by its score let the tie
 * breaker, not the blocking time, decide which blocking time was reported. A score is a whole
 * number: between two middle runs, the lower one counts.
 */
export function medianFigures(runs: readonly LighthouseFigures[]): LighthouseFigures {
  if (runs.length === 0) throw new Error('medianFigures needs at least one run');
  const of = (key: (typeof figures)[number]) => median(runs.map((run) => run[key]));
  return Object.fromEntries(
    figures.map((key) => [key, scores.includes(key as never) ? Math.floor(of(key)) : of(key)]),
  ) as LighthouseFigures;
}

/**
 * The insight audits weigh nothing in any score, and on Node older than 22 some of them fail
 * (they call iterator helpers such as `map.values().find`): skipping them keeps the scores the
 * same on any Node, with no error lines.
 */
const insightAudits = (defaultConfig.categories?.performance?.auditRefs ?? [])
  .filter((ref) => ref.group === 'insights')
  .map((ref) => ref.id);

/** One Lighthouse run with its defaults: mobile emulation and simulated throttling. */
async function runOnce(url: string, port: number): Promise<LighthouseFigures> {
  const result = await lighthouse(
    url,
    {
      port,
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    },
    { extends: 'lighthouse:default', settings: { skipAudits: insightAudits } },
  );
  const { categories, audits, runtimeError } = result?.lhr ?? {};
  if (!categories || !audits || runtimeError || categories.performance?.score == null) {
    throw new Error(`Lighthouse failed on ${url}: ${runtimeError?.code ?? 'no performance score'}`);
  }
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
  };
}

/**
 * Lighthouse on each route, the median of each figure over `runs` runs. This Chromium sometimes
 * loses the trace's navigation start (NO_NAVSTART), so a run is tried up to three times; a page
 * with no successful run has every figure missing (NaN).
 */
export async function measureWithLighthouse(
  origin: string,
  routes: readonly string[],
  runs: number,
) {
  const chrome = await launch({
    chromePath: findChromium(),
    chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
  });
  const measured: (LighthouseFigures & { path: string })[] = [];
  try {
    for (const path of routes) {
      console.error(`lighthouse ${path}`);
      const results: LighthouseFigures[] = [];
      for (let i = 0; i < runs * 3 && results.length < runs; i++) {
        await runOnce(`${origin}${path}`, chrome.port).then(
          (run) => results.push(run),
          (error: Error) => console.error(`  ${error.message}`),
        );
      }
      measured.push({ path, ...(results.length > 0 ? medianFigures(results) : failed) });
    }
  } finally {
    chrome.kill();
  }
  const manifest = new URL('../../node_modules/lighthouse/package.json', import.meta.url);
  const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string };
  return { version, runs, routes: measured };
}

const failed = Object.fromEntries(figures.map((key) => [key, Number.NaN])) as LighthouseFigures;
