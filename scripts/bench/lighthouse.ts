import { launch } from 'chrome-launcher';
import lighthouse, { defaultConfig } from 'lighthouse';

import { CHROMIUM_FLAGS, findChromium } from '../chromium.ts';
import { median } from './report.ts';
import type { LighthouseFigures } from './targets.ts';

/** Each figure's Lighthouse category (a score out of 100) or audit (its numeric value). */
const categories = {
  performance: 'performance',
  accessibility: 'accessibility',
  bestPractices: 'best-practices',
  seo: 'seo',
} as const;
const audits = {
  lcpMs: 'largest-contentful-paint',
  tbtMs: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
} as const;
const figures = [...Object.keys(categories), ...Object.keys(audits)] as (keyof LighthouseFigures)[];

/**
 * The median of each figure over a page's runs, as Lighthouse's own guidance reads "the median
 * of several runs". Not the figures of one "median run": picking a run by its score let the tie
 * breaker, not the blocking time, decide which blocking time was reported. A score is a whole
 * number: between two middle runs, the lower one counts. No runs: every figure missing (NaN).
 */
export function medianFigures(runs: readonly LighthouseFigures[]): LighthouseFigures {
  const of = (key: keyof LighthouseFigures) => median(runs.map((run) => run[key]));
  return Object.fromEntries(
    figures.map((key) => [key, key in categories ? Math.floor(of(key)) : of(key)]),
  ) as LighthouseFigures;
}

/**
 * The insight audits weigh nothing in any score, and on Node older than 22 some of them fail
 * (they call iterator helpers such as `map.values().find`): skipping them keeps the scores the
 * same on any Node, with no error lines.
 */
const insightAudits = defaultConfig
  .categories!.performance!.auditRefs.filter((ref) => ref.group === 'insights')
  .map((ref) => ref.id);

/** The system Chromium, headless, for Lighthouse to drive on its port; `kill()` it when done. */
export const launchForLighthouse = () =>
  launch({ chromePath: findChromium(), chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS] });

/**
 * One Lighthouse run with its defaults: mobile emulation and simulated throttling. `lhr` is the
 * whole result, for figures beyond these.
 */
export async function runOnce(url: string, port: number) {
  const flags = { port, logLevel: 'error', onlyCategories: Object.values(categories) } as const;
  const config = { extends: 'lighthouse:default', settings: { skipAudits: insightAudits } };
  const { lhr } = (await lighthouse(url, flags, config))!;
  if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.code}`);
  const score = (id: string) => Math.round(lhr.categories[id]!.score! * 100);
  const numeric = (id: string) => lhr.audits[id]!.numericValue!;
  const run = [
    ...Object.entries(categories).map(([key, id]) => [key, score(id)]),
    ...Object.entries(audits).map(([key, id]) => [key, numeric(id)]),
  ];
  const figures = Object.fromEntries(run) as LighthouseFigures;
  return { version: lhr.lighthouseVersion, figures, lhr };
}

/**
 * Lighthouse on each route, the median of each figure over `runs` runs. This Chromium sometimes
 * loses the trace's navigation start (NO_NAVSTART), so a run is tried up to three times.
 */
export async function measureWithLighthouse(origin: string, routes: string[], runs: number) {
  const chrome = await launchForLighthouse();
  let version = '';
  const measured: (LighthouseFigures & { path: string })[] = [];
  try {
    for (const path of routes) {
      console.error(`lighthouse ${path}`);
      const results: LighthouseFigures[] = [];
      for (let i = 0; i < runs * 3 && results.length < runs; i++) {
        try {
          const run = await runOnce(`${origin}${path}`, chrome.port);
          version = run.version;
          results.push(run.figures);
        } catch (error) {
          console.error(`  ${(error as Error).message}`);
        }
      }
      measured.push({ path, ...medianFigures(results) });
    }
  } finally {
    chrome.kill();
  }
  return { version, runs, routes: measured };
}
