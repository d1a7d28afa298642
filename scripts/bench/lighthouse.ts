import { launch } from 'chrome-launcher';
import lighthouse, { defaultConfig } from 'lighthouse';

import { CHROMIUM_FLAGS, findChromium } from '../chromium.ts';
import { median } from './report.ts';
import type { LighthouseFigures } from './targets.ts';

/**
 * The median of each figure over a page's runs, as Lighthouse's own guidance reads "the median
 * of several runs". Not the figures of one "median run": picking a run by its score let the tie
 * breaker, not the blocking time, decide which blocking time was reported.
 */
export function medianFigures(runs: readonly LighthouseFigures[]): LighthouseFigures {
  if (runs.length === 0) throw new Error('medianFigures needs at least one run');
  const of = (pick: (run: LighthouseFigures) => number) => median(runs.map(pick));
  // A score is a whole number: between two middle runs, the lower one counts.
  const score = (pick: (run: LighthouseFigures) => number) => Math.floor(of(pick));
  return {
    performance: score((run) => run.performance),
    accessibility: score((run) => run.accessibility),
    bestPractices: score((run) => run.bestPractices),
    seo: score((run) => run.seo),
    lcpMs: of((run) => run.lcpMs),
    tbtMs: of((run) => run.tbtMs),
    cls: of((run) => run.cls),
    fcpMs: of((run) => run.fcpMs),
    tbtRunsMs: runs.map((run) => run.tbtMs).sort((a, b) => a - b),
  };
}

/**
 * The insight audits weigh nothing in any score, and on Node older than 22 some of them fail
 * (they call iterator helpers such as `map.values().find`). Skipping them lets the scores come
 * out the same on any Node, with no error lines.
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
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    },
    { extends: 'lighthouse:default', settings: { skipAudits: insightAudits } },
  );
  const { categories, audits, runtimeError } = result?.lhr ?? {};
  if (!categories || !audits || runtimeError || categories.performance?.score == null) {
    throw new Error(`Lighthouse failed on ${url}: ${runtimeError?.code ?? 'no performance score'}`);
  }
  for (const audit of Object.values(audits).filter((a) => a.scoreDisplayMode === 'error')) {
    console.error(`  ${url}: audit ${audit.id} failed to run: ${audit.errorMessage ?? ''}`);
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
    fcpMs: numeric('first-contentful-paint'),
  };
}

/** Lighthouse on this Chromium sometimes loses the trace's navigation start (NO_NAVSTART). */
const ATTEMPTS_PER_RUN = 3;

/**
 * Lighthouse on each URL, the median of each figure over `runs` runs. A run that fails three
 * times is left out; a page with no successful run is reported with every figure missing (NaN).
 */
export async function measureWithLighthouse(urls: readonly string[], runs: number) {
  const chrome = await launch({
    chromePath: findChromium(),
    chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
  });
  const figures: LighthouseFigures[] = [];
  try {
    for (const url of urls) {
      console.error(`lighthouse ${url}`);
      const results: LighthouseFigures[] = [];
      for (let i = 0; i < runs * ATTEMPTS_PER_RUN && results.length < runs; i++) {
        try {
          results.push(await runOnce(url, chrome.port));
        } catch (error) {
          console.error(`  ${(error as Error).message}`);
        }
      }
      figures.push(results.length > 0 ? medianFigures(results) : failed);
    }
  } finally {
    chrome.kill();
  }
  return figures;
}

const failed: LighthouseFigures = {
  performance: Number.NaN,
  accessibility: Number.NaN,
  bestPractices: Number.NaN,
  seo: Number.NaN,
  lcpMs: Number.NaN,
  tbtMs: Number.NaN,
  cls: Number.NaN,
  fcpMs: Number.NaN,
};
