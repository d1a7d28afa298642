import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse, { defaultConfig, type RunnerResult } from 'lighthouse';

import { CHROMIUM_FLAGS } from '../chromium-flags';
import { medianFigures } from './median';

export type LighthouseFigures = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  /** The blocking time of every run of the page, lowest first, to show how much it varies. */
  tbtRunsMs?: number[];
  /** Lab only (bench-lab.ts): of this run's blocking time, the part caused by script files. */
  tbtScriptsMs?: number;
  /** Lab only: one run's navigation commit task in real time. */
  commitTaskMs?: number;
  /** Lab only, of the median figures: the commit task of every run, in the order of tbtRunsMs. */
  commitTaskRunsMs?: number[];
};

/** More figures read from one run's full result (the lab reads the trace and the long tasks). */
export type ExtraFigures = (result: RunnerResult, url: string) => Partial<LighthouseFigures>;

/**
 * The insight audits weigh nothing in any score, and on Node older than 22 some of them fail
 * (they call iterator helpers such as `map.values().find`). Skipping them lets the scores come
 * out the same on any Node, with no error lines.
 */
const insightAudits = (defaultConfig.categories?.performance?.auditRefs ?? [])
  .filter((ref) => ref.group === 'insights')
  .map((ref) => ref.id);

const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_FLAGS];

export async function startChrome(): Promise<LaunchedChrome> {
  const chromePath = process.env.PLAYWRIGHT_CHROMIUM_PATH ?? '/usr/bin/chromium';
  return launch({ chromePath, chromeFlags: CHROME_FLAGS });
}

/** The browser's own name for its build (e.g. "Chrome/156.0.8078.79"), from DevTools. */
export async function browserVersion(port: number): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${port}/json/version`);
  return ((await response.json()) as { Browser: string }).Browser;
}

/** One Lighthouse run with its defaults: mobile emulation and simulated throttling. */
async function runOnce(
  url: string,
  port: number,
  extra?: ExtraFigures,
): Promise<LighthouseFigures> {
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
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { categories, audits, runtimeError } = result.lhr;
  if (runtimeError || categories.performance?.score == null) {
    throw new Error(`Lighthouse failed on ${url}: ${runtimeError?.code ?? 'no performance score'}`);
  }
  const broken = Object.values(audits).filter((audit) => audit.scoreDisplayMode === 'error');
  for (const audit of broken) {
    console.error(
      `  ${url}: audit ${audit.id} failed to run: ${audit.errorMessage ?? 'no message'}`,
    );
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
    ...extra?.(result, url),
  };
}

/** Lighthouse on this Chromium sometimes loses the trace's navigation start (NO_NAVSTART). */
const ATTEMPTS_PER_RUN = 3;

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

async function runWithRetries(
  url: string,
  port: number,
  extra?: ExtraFigures,
): Promise<LighthouseFigures | undefined> {
  for (let attempt = 1; attempt <= ATTEMPTS_PER_RUN; attempt++) {
    try {
      return await runOnce(url, port, extra);
    } catch (error) {
      console.error(`  attempt ${attempt}: ${(error as Error).message}`);
    }
  }
  return undefined;
}

/**
 * The median of each figure over `runs` runs (see medianFigures). A run that fails three times
 * is left out; a page with no successful run is reported with every figure missing ("-").
 */
export async function measureWithLighthouse(
  url: string,
  port: number,
  runs: number,
  extra?: ExtraFigures,
): Promise<LighthouseFigures> {
  const results: LighthouseFigures[] = [];
  for (let i = 0; i < runs; i++) {
    const result = await runWithRetries(url, port, extra);
    if (result) results.push(result);
  }
  return results.length === 0 ? failed : medianFigures(results);
}
