/**
 * `npm run bench:lab`: the questions behind a Lighthouse figure, which the everyday bench does
 * not ask on every run. Lighthouse (mobile, simulated throttling) on the prerendered build beside
 * the same site built as a client-only SPA, and on an empty page served with the same headers
 * (the floor that this machine and Lighthouse's harness set, whatever the site does). Per run it
 * reads the trace for the navigation's commit task (real time; the site has no say in it) and
 * splits the blocking time between script files and the browser's own work. JSON goes to
 * bench-results/lab-*.json.
 *
 *   npm run bench:lab                                  build both, every route, one run each
 *   npm run bench:lab -- --no-build --routes /,/about --runs 3
 *   npm run bench:lab -- --no-build --without-header Cross-Origin-Opener-Policy
 *                      serve every build without that header of _headers, to measure its cost
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

import { blockingTimeBySource, type SimulatedTask } from './bench/lab/blocking';
import {
  blockingTimeByCommitTask,
  navigationCommitTaskMs,
  type CommitTaskHalf,
  type TraceEvent,
} from './bench/lab/commit-task';
import {
  browserVersion,
  measureWithLighthouse,
  startChrome,
  type ExtraFigures,
  type LighthouseFigures,
} from './bench/lighthouse';
import { fmt, isPublic } from './bench/tables';
import { lighthouseTargets } from './bench/targets';
import { serveDist } from './serve-dist';
import { parseHeadersFile } from './static-headers';

const root = resolve(import.meta.dirname, '..');
const buildDir = process.env.BUILD_DIR ?? 'dist';
const buildPath = resolve(root, buildDir);
const spaPath = join(root, 'dist-spa');
const { values: args } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    runs: { type: 'string', default: '1' },
    routes: { type: 'string' },
    'without-header': { type: 'string', multiple: true, default: [] },
  },
});
const omitHeaders = args['without-header'];

type LabRoute = { path: string; prerendered: LighthouseFigures; spa: LighthouseFigures };

/** The trace's commit task and the script part of the blocking time, for one run. */
const labFigures: ExtraFigures = (result, url) => {
  const { audits, mainDocumentUrl } = result.lhr;
  const numeric = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  const longTasks = (audits['long-tasks']?.details as { items?: SimulatedTask[] } | undefined)
    ?.items;
  const traceEvents = result.artifacts.Trace.traceEvents as TraceEvent[];
  return {
    tbtScriptsMs: longTasks
      ? blockingTimeBySource(longTasks, numeric('first-contentful-paint'), numeric('interactive'))
          .scriptsMs
      : Number.NaN,
    commitTaskMs: navigationCommitTaskMs(traceEvents, mainDocumentUrl ?? url) ?? Number.NaN,
  };
};

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

/** The empty control page, with the build's _headers, in a fresh temporary folder. */
async function writeEmptySite(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-empty-'));
  await writeFile(join(dir, 'index.html'), EMPTY_PAGE);
  if (existsSync(join(buildPath, '_headers')))
    await copyFile(join(buildPath, '_headers'), join(dir, '_headers'));
  return dir;
}

/** Fails early, with the names it knows, when --without-header names a header _headers lacks. */
async function checkOmittedHeaders() {
  if (omitHeaders.length === 0) return;
  const rules = parseHeadersFile(await readFile(join(buildPath, '_headers'), 'utf8'));
  const known = new Set(rules.flatMap((rule) => rule.headers.map(([name]) => name.toLowerCase())));
  const unknown = omitHeaders.filter((name) => !known.has(name.toLowerCase()));
  if (unknown.length > 0) {
    console.error(
      `bench:lab: ${buildDir}/_headers has no ${unknown.join(', ')}. It has: ${[...known].join(', ')}.`,
    );
    process.exit(2);
  }
}

/** Each run's blocking time, lowest first, with its commit task's real time in brackets. */
const eachRun = (figures: LighthouseFigures) =>
  (figures.tbtRunsMs ?? [])
    .map((ms, i) => {
      const commit = figures.commitTaskRunsMs?.[i];
      return commit == null || Number.isNaN(commit) ? fmt(ms) : `${fmt(ms)} (${fmt(commit)})`;
    })
    .join(' / ') || '-';

const row = (label: string, build: string, f: LighthouseFigures) =>
  `| ${label} | ${build} | ${fmt(f.performance)} | ${fmt(f.lcpMs)} | ${fmt(f.fcpMs)} | ${fmt(f.tbtMs)} | ${eachRun(f)} | ${fmt(f.tbtScriptsMs)} |`;

const halfLine = (label: string, half: CommitTaskHalf) =>
  `- ${label} (${half.runs} runs, commit task ${fmt(half.commitTaskMs.min)}-${fmt(half.commitTaskMs.max)} ms): TBT median ${fmt(half.medianTbtMs)} ms, ${half.meetingTarget} of ${half.runs} runs within ${lighthouseTargets.tbtMs} ms.`;

function printLab(routes: readonly LabRoute[], empty: LighthouseFigures, browser: string) {
  const served = omitHeaders.length > 0 ? `, served without ${omitHeaders.join(', ')}` : '';
  console.log(`## Lighthouse lab on ${browser}: prerendered vs client-only SPA${served}\n`);
  console.log(
    '| route | build | perf | LCP ms | FCP ms | TBT ms | TBT of each run (commit task ms) | TBT from JS |',
  );
  console.log('|---|---|---:|---:|---:|---:|---:|---:|');
  console.log(row('empty page', 'same headers', empty));
  for (const route of routes) {
    console.log(row(route.path, 'prerendered', route.prerendered));
    console.log(row(route.path, 'spa', route.spa));
  }
  // Every run of the public pages, split at the median commit task: how much of the blocking
  // time follows the one task the site has no say in.
  const runs = routes
    .filter((r) => isPublic(r.path))
    .flatMap(({ prerendered }) =>
      (prerendered.tbtRunsMs ?? []).map((tbtMs, i) => ({
        tbtMs,
        commitTaskMs: prerendered.commitTaskRunsMs?.[i] ?? Number.NaN,
      })),
    );
  const split = blockingTimeByCommitTask(runs, lighthouseTargets.tbtMs);
  if (split) {
    console.log('\nBlocking time against the commit task, every run of the public pages:');
    console.log(halfLine('shorter half', split.shorter));
    console.log(halfLine('longer half', split.longer));
  }
  if (empty.tbtMs > lighthouseTargets.tbtMs) {
    console.log(
      `\nThe empty page misses TBT too (${fmt(empty.tbtMs)} > ${lighthouseTargets.tbtMs} ms): that much is the cost of starting a page in a fresh renderer process on this machine.`,
    );
  }
}

async function main() {
  if (!args['no-build']) {
    for (const [dir, prerender] of [
      [buildDir, true],
      ['dist-spa', false],
    ] as const) {
      console.error(`building ${dir}...`);
      execFileSync('npm', ['run', '--silent', 'build'], {
        cwd: root,
        stdio: ['ignore', 'ignore', 'inherit'],
        env: { ...process.env, BUILD_DIR: dir, PRERENDER: String(prerender) },
      });
    }
  }
  if (!existsSync(spaPath)) {
    console.error('bench:lab: dist-spa/ is missing: run without --no-build once.');
    process.exit(2);
  }
  await checkOmittedHeaders();
  const runs = Math.max(1, Number(args.runs));
  const paths =
    args.routes?.split(',') ??
    (
      (await import(`${buildPath}-ssr/entry-server.js`)) as { indexablePaths: () => string[] }
    ).indexablePaths();

  const prerendered = await serveDist(buildPath, 0, { omitHeaders });
  const spa = await serveDist(spaPath, 0, { omitHeaders });
  const emptyDir = await writeEmptySite();
  const emptySite = await serveDist(emptyDir, 0, { omitHeaders });
  const chrome = await startChrome();
  try {
    const browser = await browserVersion(chrome.port);
    console.error('lighthouse: the empty page');
    const empty = await measureWithLighthouse(`${emptySite.url}/`, chrome.port, runs, labFigures);
    const routes: LabRoute[] = [];
    for (const path of paths) {
      console.error(`lighthouse ${path}`);
      routes.push({
        path,
        prerendered: await measureWithLighthouse(
          `${prerendered.url}${path}`,
          chrome.port,
          runs,
          labFigures,
        ),
        spa: await measureWithLighthouse(`${spa.url}${path}`, chrome.port, runs, labFigures),
      });
    }
    const date = new Date().toISOString();
    const results = join(root, 'bench-results');
    await mkdir(results, { recursive: true });
    const variant = omitHeaders.map((name) => `-without-${name.toLowerCase()}`).join('');
    await writeFile(
      join(results, `lab-${date.replace(/[:.]/g, '-')}${variant}.json`),
      JSON.stringify(
        { date, browser, omittedHeaders: omitHeaders, emptyPage: empty, routes },
        null,
        2,
      ),
    );
    printLab(routes, empty, browser);
  } finally {
    chrome.kill();
    await Promise.all([prerendered.close(), spa.close(), emptySite.close()]);
    await rm(emptyDir, { recursive: true, force: true });
  }
}

await main();
