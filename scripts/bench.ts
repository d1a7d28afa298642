/**
 * `npm run bench`: one report over the production build. Per route, the gzipped JS, CSS and
 * HTML of the first load against the budgets, and Lighthouse 13 (mobile, simulated throttling) for
 * the prerendered site beside the same site built as a client-only SPA. Markdown to stdout, JSON
 * to bench-results/, with the previous full run's figures beside the new ones, and per prerendered
 * page the targets it misses (scripts/bench/targets.ts). BUILD_DIR names the prerendered build.
 *
 *   npm run bench                      build both, bytes for every route, Lighthouse for every route
 *   npm run bench -- --no-build        reuse dist/ and dist-spa/
 *   npm run bench -- --bytes-only      skip Lighthouse (no Chromium, no Node 22, no network)
 *   npm run bench -- --no-save         write nothing to bench-results/ (the check in npm test)
 *   npm run bench -- --runs 3          median of three Lighthouse runs per page
 *   npm run bench -- --spa-runs 1      runs per page for the client-only build (default: --runs)
 *   npm run bench -- --routes /,/about only these routes (compared with the last full run,
 *                                      which stays the baseline)
 *   npm run bench -- --without-header Cross-Origin-Opener-Policy
 *                                      serve both builds without that header of _headers, to
 *                                      measure what it costs (a separate latest-*.json)
 *
 * Every Lighthouse run also measures an empty page served with the same headers: the floor that
 * this machine and Lighthouse's own harness set, whatever the site does. Lighthouse 13 needs
 * Node >= 22.19; on an older Node the bench runs itself again under Node 22 from the npm registry.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

import { privatePaths } from '../src/config/paths';
import { blockingTimeByCommitTask, type CommitTaskHalf } from './bench/commit-task';
import {
  jsBudgetKb,
  measureFirstLoad,
  overBudget,
  type FirstLoad,
  type Manifest,
} from './bench/first-load';
// Lighthouse is loaded only when a run measures with it: --bytes-only needs none of it.
import type { LighthouseFigures } from './bench/lighthouse';
import {
  BENCH_NODE_PACKAGE,
  checkNode,
  LIGHTHOUSE_MIN_NODE,
  relaunchUnderNode22,
} from './bench/node-runtime';
import { lighthouseTargets, missedTargets } from './bench/targets';
import { serveDist } from './serve-dist';
import { parseHeadersFile } from './static-headers';

const root = resolve(import.meta.dirname, '..');
const results = join(root, 'bench-results');
/** The prerendered build measured (BUILD_DIR, e.g. the e2e build inside `npm test`). */
const buildDir = process.env.BUILD_DIR ?? 'dist';
const buildPath = resolve(root, buildDir);
const { values: args } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    'bytes-only': { type: 'boolean', default: false },
    runs: { type: 'string', default: '1' },
    'spa-runs': { type: 'string' },
    routes: { type: 'string' },
    'without-header': { type: 'string', multiple: true, default: [] },
    'no-save': { type: 'boolean', default: false },
  },
});
const omitHeaders = args['without-header'];

type RouteReport = {
  path: string;
  firstLoad: FirstLoad;
  budgetKb?: number;
  prerendered?: LighthouseFigures;
  spa?: LighthouseFigures;
};
type Report = {
  date: string;
  /** The Lighthouse that measured the pages (absent in runs before it was recorded). */
  lighthouseVersion?: string;
  /** The Chromium build it drove, as the browser names itself. */
  browser?: string;
  routes: RouteReport[];
  /** Headers of _headers left out of every response in this run (--without-header). */
  omittedHeaders?: string[];
  /** An empty page served with the same headers: what no page can go below here. */
  emptyPage?: LighthouseFigures;
};

function build(dir: string, prerender: boolean) {
  console.error(`building ${dir}${prerender ? '' : ' (client-only SPA)'}...`);
  execFileSync('npm', ['run', '--silent', 'build'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, BUILD_DIR: dir, PRERENDER: String(prerender) },
  });
}

async function routeList(): Promise<string[]> {
  if (args.routes) return args.routes.split(',');
  const entry = (await import(`${buildPath}-ssr/entry-server.js`)) as {
    indexablePaths: () => string[];
  };
  // The private routes (/auth, /admin) are measured for information (the admin shell must paint
  // within 1 s).
  return [...entry.indexablePaths(), ...privatePaths];
}

const fmt = (n: number | null | undefined, digits = 0) =>
  n == null || Number.isNaN(n) ? '-' : n.toFixed(digits); // JSON turns NaN into null
const withPrevious = (now: string, before: string | undefined) =>
  before === undefined || before === now ? now : `${now} (${before})`;

function bytesTable(report: Report, previous?: Report) {
  const lines = [
    '| route | JS KB | CSS KB | HTML KB | JS budget | status |',
    '|---|---:|---:|---:|---:|---|',
  ];
  for (const route of report.routes) {
    const before = previous?.routes.find((r) => r.path === route.path)?.firstLoad;
    const over = route.budgetKb !== undefined && route.firstLoad.jsKb > route.budgetKb;
    lines.push(
      `| ${route.path} | ${withPrevious(fmt(route.firstLoad.jsKb, 1), before && fmt(before.jsKb, 1))} | ${fmt(route.firstLoad.cssKb, 1)} | ${fmt(route.firstLoad.htmlKb, 1)} | ${route.budgetKb ?? '-'} | ${route.budgetKb === undefined ? '-' : over ? 'OVER' : 'ok'} |`,
    );
  }
  return lines.join('\n');
}

/** The targets are for public pages; the private ones are measured for information. */
const isPublic = (path: string) => !privatePaths.includes(path);
const isPublicRoute = (route: RouteReport) => isPublic(route.path);

/** Each run's blocking time, lowest first, with its commit task's real time in brackets. */
const eachRun = (figures: LighthouseFigures) =>
  (figures.tbtRunsMs ?? [])
    .map((ms, i) => {
      const commit = figures.commitTaskRunsMs?.[i];
      // A run without a measured commit task has NaN, which JSON turns into null.
      return commit == null || Number.isNaN(commit) ? fmt(ms) : `${fmt(ms)} (${fmt(commit)})`;
    })
    .join(' / ') || '-';

function lighthouseTable(report: Report, previous?: Report) {
  const lines = [
    '| route | build | perf | a11y | best pr. | SEO | LCP ms | TBT ms | TBT of each run (commit task) | TBT from JS | CLS | FCP ms | targets |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
  ];
  for (const route of report.routes) {
    const before = previous?.routes.find((r) => r.path === route.path);
    for (const kind of ['prerendered', 'spa'] as const) {
      const now = route[kind];
      if (!now) continue;
      const was = before?.[kind];
      const misses =
        kind === 'prerendered' && isPublic(route.path) ? missedTargets(route.path, now) : [];
      const targets = kind === 'spa' || !isPublic(route.path) ? '-' : misses.join(', ') || 'met';
      lines.push(
        `| ${route.path} | ${kind} | ${withPrevious(fmt(now.performance), was && fmt(was.performance))} | ${fmt(now.accessibility)} | ${fmt(now.bestPractices)} | ${fmt(now.seo)} | ${withPrevious(fmt(now.lcpMs), was && fmt(was.lcpMs))} | ${withPrevious(fmt(now.tbtMs), was && fmt(was.tbtMs))} | ${eachRun(now)} | ${fmt(now.tbtScriptsMs)} | ${fmt(now.cls, 3)} | ${fmt(now.fcpMs)} | ${targets} |`,
      );
    }
  }
  return lines.join('\n');
}

const EMPTY_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Empty page</title>
    <meta name="description" content="The bench's control: a page with nothing to load." />
  </head>
  <body>
    <main><h1>Empty page</h1></main>
  </body>
</html>
`;

/** The empty control page, with dist/'s _headers, in a fresh temporary folder. */
async function writeEmptySite(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-empty-'));
  await writeFile(join(dir, 'index.html'), EMPTY_PAGE);
  if (existsSync(join(buildPath, '_headers')))
    await copyFile(join(buildPath, '_headers'), join(dir, '_headers'));
  return dir;
}

function emptyPageLine(report: Report, previous?: Report) {
  const now = report.emptyPage;
  if (!now) return '';
  const was = previous?.emptyPage;
  return `Empty page with the same headers (the floor here): perf ${withPrevious(fmt(now.performance), was && fmt(was.performance))}, TBT ${withPrevious(fmt(now.tbtMs), was && fmt(was.tbtMs))} ms (runs ${eachRun(now)}), FCP ${fmt(now.fcpMs)} ms, LCP ${fmt(now.lcpMs)} ms.`;
}

const halfLine = (label: string, half: CommitTaskHalf) =>
  `- ${label} (${half.runs} runs, commit task ${fmt(half.commitTaskMs.min)}-${fmt(half.commitTaskMs.max)} ms): TBT median ${fmt(half.medianTbtMs)} ms, ${half.meetingTarget} of ${half.runs} runs within ${lighthouseTargets.tbtMs} ms.`;

/**
 * Every run of the prerendered public pages, split at the median commit task: how much of the
 * blocking time follows the one task the site has no say in.
 */
function commitTaskLines(report: Report) {
  const runs = report.routes.filter(isPublicRoute).flatMap(({ prerendered }) =>
    (prerendered?.tbtRunsMs ?? []).map((tbtMs, i) => ({
      tbtMs,
      commitTaskMs: prerendered?.commitTaskRunsMs?.[i] ?? Number.NaN,
    })),
  );
  const split = blockingTimeByCommitTask(runs, lighthouseTargets.tbtMs);
  if (!split) return '';
  return [
    "Blocking time against the navigation's commit task (real time on this machine; see docs/decisions/0011-coop-and-the-fresh-renderer.md), every run of the public pages:",
    halfLine('shorter half', split.shorter),
    halfLine('longer half', split.longer),
  ].join('\n');
}

function installedLighthouseVersion(): string {
  const manifest = join(root, 'node_modules', 'lighthouse', 'package.json');
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

/** A mistake in how the bench was called: printed as one line, without a stack. */
class UsageError extends Error {}

/** Fails early, with the names it knows, when --without-header names a header _headers lacks. */
async function checkOmittedHeaders() {
  if (omitHeaders.length === 0) return;
  const rules = parseHeadersFile(await readFile(join(buildPath, '_headers'), 'utf8'));
  const known = new Set(rules.flatMap((rule) => rule.headers.map(([name]) => name.toLowerCase())));
  const unknown = omitHeaders.filter((name) => !known.has(name.toLowerCase()));
  if (unknown.length > 0) {
    throw new UsageError(
      `--without-header: dist/_headers has no ${unknown.join(', ')}. It has: ${[...known].join(', ')}.`,
    );
  }
}

async function main() {
  if (!args['no-build']) {
    build(buildDir, true);
    if (!args['bytes-only']) build('dist-spa', false);
  }
  await checkOmittedHeaders();
  const manifest = JSON.parse(
    await readFile(join(buildPath, '.vite', 'manifest.json'), 'utf8'),
  ) as Manifest;
  const paths = await routeList();
  const report: Report = { date: new Date().toISOString(), routes: [] };
  if (!args['bytes-only']) report.lighthouseVersion = installedLighthouseVersion();
  if (omitHeaders.length > 0) report.omittedHeaders = omitHeaders;
  for (const path of paths) {
    report.routes.push({
      path,
      firstLoad: await measureFirstLoad(buildPath, path, manifest),
      budgetKb: jsBudgetKb(path),
    });
  }

  if (!args['bytes-only']) {
    if (!existsSync(join(root, 'dist-spa')))
      throw new UsageError('dist-spa/ is missing: run without --no-build once.');
    const runs = Math.max(1, Number(args.runs));
    const spaRuns = Math.max(1, Number(args['spa-runs'] ?? args.runs));
    const { browserVersion, measureWithLighthouse, startChrome } =
      await import('./bench/lighthouse');
    const prerendered = await serveDist(buildPath, 0, { omitHeaders });
    const spa = await serveDist(join(root, 'dist-spa'), 0, { omitHeaders });
    const emptyDir = await writeEmptySite();
    const empty = await serveDist(emptyDir, 0, { omitHeaders });
    const chrome = await startChrome();
    try {
      report.browser = await browserVersion(chrome.port);
      console.error('lighthouse: the empty page');
      report.emptyPage = await measureWithLighthouse(`${empty.url}/`, chrome.port, runs);
      for (const route of report.routes) {
        console.error(`lighthouse ${route.path}`);
        route.prerendered = await measureWithLighthouse(
          `${prerendered.url}${route.path}`,
          chrome.port,
          runs,
        );
        route.spa = await measureWithLighthouse(`${spa.url}${route.path}`, chrome.port, spaRuns);
      }
    } finally {
      chrome.kill();
      await prerendered.close();
      await spa.close();
      await empty.close();
      await rm(emptyDir, { recursive: true, force: true });
    }
  }

  if (!args['no-save']) await mkdir(results, { recursive: true });
  // A run without some headers is compared only with the last run without the same headers.
  const variant = omitHeaders.map((name) => `-without-${name.toLowerCase()}`).join('');
  const latest = join(results, `latest${variant}.json`);
  const previous = existsSync(latest)
    ? (JSON.parse(await readFile(latest, 'utf8')) as Report)
    : undefined;
  if (!args['no-save']) {
    await writeFile(
      join(results, `${report.date.replace(/[:.]/g, '-')}${variant}.json`),
      JSON.stringify(report, null, 2),
    );
  }
  // Only a full run becomes the baseline: a run of some routes, or of bytes only, is compared
  // with the last full run and kept beside it, so the next full run still has every figure to
  // compare with.
  const fullRun = !args.routes && !args['bytes-only'];
  if (fullRun && !args['no-save']) await writeFile(latest, JSON.stringify(report, null, 2));

  console.log(
    `## First load per route (gzip)${previous ? `; the previous full run (${previous.date}) in brackets` : ''}\n`,
  );
  console.log(bytesTable(report, previous));
  if (!args['bytes-only']) {
    const served = omitHeaders.length > 0 ? `, served without ${omitHeaders.join(', ')}` : '';
    console.log(
      `\n## Lighthouse ${report.lighthouseVersion} on ${report.browser}, mobile, simulated throttling: prerendered vs client-only SPA${served}\n`,
    );
    console.log(lighthouseTable(report, previous));
    console.log(`\n${emptyPageLine(report, previous)}`);
    if (report.emptyPage && report.emptyPage.tbtMs > lighthouseTargets.tbtMs) {
      console.log(
        `The empty page misses TBT too (${fmt(report.emptyPage.tbtMs)} > ${lighthouseTargets.tbtMs} ms): that much is the cost of starting a page in a fresh renderer process on this machine (docs/decisions/0011-coop-and-the-fresh-renderer.md).`,
      );
    }
    const commitLines = commitTaskLines(report);
    if (commitLines) console.log(`\n${commitLines}`);
    const missing = report.routes.filter(
      (r) => isPublic(r.path) && r.prerendered && missedTargets(r.path, r.prerendered).length > 0,
    );
    console.log(
      `\nLighthouse targets met on ${report.routes.filter(isPublicRoute).length - missing.length} of ${report.routes.filter(isPublicRoute).length} public routes.`,
    );
  }
  const over = overBudget(report.routes);
  if (over.length > 0) {
    const list = over.map((r) => `${r.path} ${fmt(r.firstLoad.jsKb, 1)} KB > ${r.budgetKb} KB`);
    console.log(`\n${over.length} route(s) over the JS budget: ${list.join(', ')}.`);
    process.exitCode = 1;
  } else {
    console.log(`\nEvery route within its JS budget (${buildDir}/).`);
  }
}

/** Lighthouse runs on a Node that has what it needs; on an older one the bench runs itself again. */
function runUnderNode22() {
  console.error(
    `bench: Lighthouse needs Node >= ${LIGHTHOUSE_MIN_NODE} and this is ${process.versions.node}: running again under ${BENCH_NODE_PACKAGE} from the npm registry.`,
  );
  const outcome = relaunchUnderNode22(fileURLToPath(import.meta.url), process.argv.slice(2));
  if ('error' in outcome) {
    throw new UsageError(
      `could not start ${BENCH_NODE_PACKAGE} (${outcome.error}). Install Node >= ${LIGHTHOUSE_MIN_NODE}, or measure bytes only with --bytes-only.`,
    );
  }
  process.exitCode = outcome.code;
}

try {
  const node = args['bytes-only']
    ? ({ kind: 'ready' } as const)
    : checkNode(process.versions.node, process.env);
  if (node.kind === 'too-old') throw new UsageError(node.message);
  if (node.kind === 'relaunch') runUnderNode22();
  else await main();
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  console.error(`bench: ${error.message}`);
  process.exitCode = 2;
}
