/**
 * `npm run bench`: the everyday report over the production build (BUILD_DIR, default dist/).
 * Per route: the gzipped JS, CSS and HTML of the first load against the budgets, Lighthouse 13
 * (mobile, simulated throttling) against the targets of scripts/bench/targets.ts, and in a real
 * Chromium the client-side navigation from the home page to every public route and five
 * interactions, at desktop speed and with the CPU slowed four times, against the targets of
 * scripts/bench/responsiveness.ts. Markdown to stdout, JSON to bench-results/, with the previous
 * full run's bytes and Lighthouse figures in brackets. Exits 1 when a route's JS is over budget.
 *
 *   npm run bench                      build, then everything, every route
 *   npm run bench -- --no-build        reuse the build
 *   npm run bench -- --bytes-only      bytes and budgets only (seconds: no Chromium)
 *   npm run bench -- --no-save         write nothing to bench-results/ (the check in npm test)
 *   npm run bench -- --runs 3          median of three Lighthouse runs per page (default 1)
 *   npm run bench -- --nav-only        bytes, navigation and interactions; no Lighthouse
 *   npm run bench -- --no-nav          bytes and Lighthouse; no navigation or interactions
 *   npm run bench -- --nav-runs 5      runs per navigation and interaction (default 3)
 *   npm run bench -- --routes /,/about only these routes (the last full run stays the baseline)
 *
 * Why a figure is what it is (the client-only build, an empty page, one header left out, the
 * trace of each run) is for `npm run bench:lab` (scripts/bench-lab.ts).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

import { privatePaths } from '../src/config/paths';
import { jsBudgetKb, measureFirstLoad, overBudget, type Manifest } from './bench/first-load';
import {
  interactionMisses,
  interactionTable,
  navigationMisses,
  navigationTable,
  responsivenessTargets,
  type InteractionResult,
  type NavigationResult,
} from './bench/responsiveness';
import { bytesTable, fmt, isPublic, lighthouseTable, type RouteReport } from './bench/tables';
import { missedTargets } from './bench/targets';
import { serveDist } from './serve-dist';

const root = resolve(import.meta.dirname, '..');
const results = join(root, 'bench-results');
const buildDir = process.env.BUILD_DIR ?? 'dist';
const buildPath = resolve(root, buildDir);

type Report = {
  date: string;
  /** The Lighthouse that measured the pages (absent when it did not run). */
  lighthouseVersion?: string;
  /** The Chromium build, as the browser names itself. */
  browser?: string;
  routes: RouteReport[];
  navigation?: NavigationResult[];
  interactions?: InteractionResult[];
};

/** A mistake in how the bench was called: printed as one line, without a stack. */
class UsageError extends Error {}

function readArgs() {
  try {
    return parseArgs({
      options: {
        'no-build': { type: 'boolean', default: false },
        'bytes-only': { type: 'boolean', default: false },
        'no-save': { type: 'boolean', default: false },
        runs: { type: 'string', default: '1' },
        'nav-only': { type: 'boolean', default: false },
        'no-nav': { type: 'boolean', default: false },
        'nav-runs': { type: 'string', default: '3' },
        routes: { type: 'string' },
      },
    }).values;
  } catch (error) {
    throw new UsageError(
      `${(error as Error).message} The client-only comparison, the empty page and --without-header are in npm run bench:lab.`,
    );
  }
}

const count = (text: string, flag: string) => {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) throw new UsageError(`${flag} wants a whole number >= 1.`);
  return n;
};

async function routeList(routes: string | undefined): Promise<string[]> {
  if (routes) return routes.split(',');
  const entry = (await import(`${buildPath}-ssr/entry-server.js`)) as {
    indexablePaths: () => string[];
  };
  // The private routes (/auth, /admin) are measured for information, without targets.
  return [...entry.indexablePaths(), ...privatePaths];
}

async function runLighthouse(report: Report, origin: string, runs: number) {
  const { browserVersion, measureWithLighthouse, startChrome } = await import('./bench/lighthouse');
  const manifest = join(root, 'node_modules', 'lighthouse', 'package.json');
  report.lighthouseVersion = (
    JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }
  ).version;
  const chrome = await startChrome();
  try {
    report.browser = await browserVersion(chrome.port);
    for (const route of report.routes) {
      console.error(`lighthouse ${route.path}`);
      route.prerendered = await measureWithLighthouse(`${origin}${route.path}`, chrome.port, runs);
    }
  } finally {
    chrome.kill();
  }
}

/**
 * The local server compresses a file when it is first asked for: every asset is asked for once
 * beforehand, so no measured fetch waits for that (a static host serves them ready).
 */
async function primeServer(origin: string) {
  const files = await readdir(join(buildPath, 'assets'));
  const headers = { 'accept-encoding': 'br, gzip' };
  for (const file of files)
    await (await fetch(`${origin}/assets/${file}`, { headers })).arrayBuffer();
}

async function runResponsiveness(report: Report, origin: string, runs: number) {
  const { launchChromium, measureInteractions, measureNavigations } =
    await import('./bench/responsiveness-browser');
  await primeServer(origin);
  const browser = await launchChromium();
  try {
    report.browser ??= `Chrome/${browser.version()}`;
    // Every public route but the home page, where each navigation starts.
    const targets = report.routes.map((r) => r.path).filter((p) => isPublic(p) && p !== '/');
    report.navigation = await measureNavigations(browser, origin, targets, runs);
    report.interactions = await measureInteractions(browser, origin, runs);
  } finally {
    await browser.close();
  }
}

function printReport(report: Report, previous: Report | undefined, navRuns: number) {
  const since = previous ? `; the previous full run (${previous.date}) in brackets` : '';
  console.log(`## First load per route (gzip)${since}\n`);
  console.log(bytesTable(report.routes, previous?.routes));
  if (report.lighthouseVersion) {
    console.log(
      `\n## Lighthouse ${report.lighthouseVersion} on ${report.browser}, mobile, simulated throttling\n`,
    );
    console.log(lighthouseTable(report.routes, previous?.routes));
    const publicRoutes = report.routes.filter((r) => isPublic(r.path) && r.prerendered);
    const met = publicRoutes.filter((r) => missedTargets(r.path, r.prerendered!).length === 0);
    console.log(
      `\nLighthouse targets met on ${met.length} of ${publicRoutes.length} public routes.`,
    );
  }
  if (report.navigation && report.interactions) {
    const t = responsivenessTargets;
    console.log(
      `\n## Client-side navigation from / (ms from the click to the new <h1> painted; median of ${navRuns}, ${report.browser})\n`,
    );
    console.log(navigationTable(report.navigation));
    console.log(
      `\n## Interaction to next paint on / (ms; "shown": from pointerdown to the result painted; median of ${navRuns})\n`,
    );
    console.log(interactionTable(report.interactions));
    const navMet = report.navigation.filter((r) => navigationMisses(r).length === 0).length;
    const inpMet = report.interactions.filter((r) => interactionMisses(r).length === 0).length;
    console.log(
      `\nNavigation targets (cold <= ${t.navigationMs.desktop} / ${t.navigationMs.cpu4x} ms, no blank frame) met on ${navMet} of ${report.navigation.length} routes; INP targets (<= ${t.inpMs.desktop} / ${t.inpMs.cpu4x} ms) on ${inpMet} of ${report.interactions.length} interactions.`,
    );
  }
}

async function main() {
  const args = readArgs();
  const lighthouseRuns = count(args.runs, '--runs');
  const navRuns = count(args['nav-runs'], '--nav-runs');
  const withLighthouse = !args['bytes-only'] && !args['nav-only'];
  const withNavigation = !args['bytes-only'] && !args['no-nav'];
  if (!args['no-build']) {
    console.error(`building ${buildDir}...`);
    execFileSync('npm', ['run', '--silent', 'build'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, BUILD_DIR: buildDir },
    });
  }
  const manifest = JSON.parse(
    await readFile(join(buildPath, '.vite', 'manifest.json'), 'utf8'),
  ) as Manifest;
  const report: Report = { date: new Date().toISOString(), routes: [] };
  for (const path of await routeList(args.routes)) {
    report.routes.push({
      path,
      firstLoad: await measureFirstLoad(buildPath, path, manifest),
      budgetKb: jsBudgetKb(path),
    });
  }

  if (withLighthouse || withNavigation) {
    const server = await serveDist(buildPath, 0);
    try {
      if (withLighthouse) await runLighthouse(report, server.url, lighthouseRuns);
      if (withNavigation) await runResponsiveness(report, server.url, navRuns);
    } finally {
      await server.close();
    }
  }

  const latest = join(results, 'latest.json');
  const previous = existsSync(latest)
    ? (JSON.parse(await readFile(latest, 'utf8')) as Report)
    : undefined;
  if (!args['no-save']) {
    await mkdir(results, { recursive: true });
    const json = JSON.stringify(report, null, 2);
    await writeFile(join(results, `${report.date.replace(/[:.]/g, '-')}.json`), json);
    // Only a full run becomes the baseline: a run of some routes or of some parts is compared
    // with the last full run, so the next full run still has every figure to compare with.
    if (!args.routes && withLighthouse && withNavigation) await writeFile(latest, json);
  }

  printReport(report, previous, navRuns);
  const over = overBudget(report.routes);
  if (over.length > 0) {
    const list = over.map((r) => `${r.path} ${fmt(r.firstLoad.jsKb, 1)} KB > ${r.budgetKb} KB`);
    console.log(`\n${over.length} route(s) over the JS budget: ${list.join(', ')}.`);
    process.exitCode = 1;
  } else {
    console.log(`\nEvery route within its JS budget (${buildDir}/).`);
  }
}

try {
  await main();
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  console.error(`bench: ${error.message}`);
  process.exitCode = 2;
}
