import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse from 'lighthouse';

import { CHROMIUM_FLAGS } from '../chromium-flags';
import { blockingTimeBySource, type SimulatedTask } from './blocking';
import { navigationCommitTaskMs, type TraceEvent } from './commit-task';
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
  /** Of this run's blocking time, the part caused by script files (see blockingTimeBySource). */
  tbtScriptsMs?: number;
  /** The blocking time of every run of the page, lowest first, to show how much it varies. */
  tbtRunsMs?: number[];
  /** One run's navigation commit task in real time (see navigationCommitTaskMs). */
  commitTaskMs?: number;
  /** Of the median figures: the commit task of every run, in the order of tbtRunsMs. */
  commitTaskRunsMs?: number[];
};

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
async function runOnce(url: string, port: number): Promise<LighthouseFigures> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { categories, audits, runtimeError, mainDocumentUrl } = result.lhr;
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
  const longTasks = (audits['long-tasks']?.details as { items?: SimulatedTask[] } | undefined)
    ?.items;
  const bySource = blockingTimeBySource(
    longTasks ?? [],
    numeric('first-contentful-paint'),
    numeric('interactive'),
  );
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    fcpMs: numeric('first-contentful-paint'),
    tbtScriptsMs: longTasks ? bySource.scriptsMs : Number.NaN,
    commitTaskMs:
      navigationCommitTaskMs(
        result.artifacts.Trace.traceEvents as TraceEvent[],
        mainDocumentUrl ?? url,
      ) ?? Number.NaN,
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

async function runWithRetries(url: string, port: number): Promise<LighthouseFigures | undefined> {
  for (let attempt = 1; attempt <= ATTEMPTS_PER_RUN; attempt++) {
    try {
      return await runOnce(url, port);
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
): Promise<LighthouseFigures> {
  const results: LighthouseFigures[] = [];
  for (let i = 0; i < runs; i++) {
    const result = await runWithRetries(url, port);
    if (result) results.push(result);
  }
  return results.length === 0 ? failed : medianFigures(results);
}
