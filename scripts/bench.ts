/**
 * `npm run bench`: every budget and target the project states (scripts/bench/targets.ts),
 * measured on the production build (BUILD_DIR, default dist/) and written to docs/performance.md
 * with the date, the command and the machine. Exits 1 when a public page's JS is over budget.
 *
 *   --only bytes,lighthouse,floor,navigation,interactions,preload,admin,booking,local-start,live,
 *          slots,answers   (bytes always; alone: no report)
 *   --no-build   reuse the build        --runs N   runs per figure (Lighthouse 1, floor 5,
 *                                                  slots 20, answers 10, the rest 3)
 */
import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

import { measureBytes } from './bench/first-load.ts';
import { mergeReport, overBudget, parts, renderParts, type BenchResults } from './bench/report.ts';
import { floorTarget } from './bench/targets.ts';
import { BUILD_DIR } from './build-dir.ts';
import { findChromium } from './chromium.ts';
import { serveDist } from './serve-dist.ts';

const root = resolve(import.meta.dirname, '..');
const buildPath = resolve(root, BUILD_DIR);
const reportFile = join(root, 'docs', 'performance.md');

/** A mistake in how the bench was called: one line, exit code 2. */
function refuse(message: string): never {
  console.error(`bench: ${message}`);
  process.exit(2);
}

function readArgs(argv: string[]) {
  const options = {
    'no-build': { type: 'boolean' },
    only: { type: 'string', default: parts.join(',') },
    runs: { type: 'string' },
  } as const;
  let values;
  try {
    ({ values } = parseArgs({ args: argv, options }));
  } catch (error) {
    refuse((error as Error).message);
  }
  const only = new Set(values.only.split(','));
  const unknown = [...only].filter((part) => !(parts as readonly string[]).includes(part));
  if (unknown.length > 0) refuse(`--only takes ${parts.join(', ')}: not ${unknown.join(', ')}.`);
  const runs = values.runs === undefined ? undefined : Number(values.runs);
  if (runs !== undefined && !(Number.isInteger(runs) && runs >= 1)) {
    refuse('--runs wants a whole number >= 1.');
  }
  return { build: !values['no-build'], only, runs };
}

function describeMachine(withChromium: boolean): string {
  const chromium = withChromium
    ? `, ${execFileSync(findChromium(), ['--version'], { encoding: 'utf8' }).trim()}`
    : '';
  const load = loadavg()[0]!.toFixed(2);
  return `${cpus()[0]!.model}, ${availableParallelism()} cores (load average ${load} at the start)${chromium}, Node ${process.version}`;
}

/** The Lighthouse, navigation and interaction parts asked for, against the build served locally. */
async function measureInBrowser(only: Set<string>, runs: number | undefined, routes: string[]) {
  const results: Partial<BenchResults> = {};
  const server = await serveDist(buildPath, 0);
  try {
    if (only.has('lighthouse')) {
      const { measureWithLighthouse } = await import('./bench/lighthouse.ts');
      results.lighthouse = await measureWithLighthouse(server.url, routes, runs ?? 1);
    }
    const browser = await import('./bench/browser.ts');
    if (only.has('navigation')) {
      // From the home page to every other page.
      const paths = routes.filter((path) => path !== '/');
      results.navigation = await browser.measureNavigations(server.url, paths, runs ?? 3);
    }
    if (only.has('interactions')) {
      results.interactions = await browser.measureInteractions(server.url, runs ?? 3);
    }
    if (only.has('preload')) {
      const { measurePreload } = await import('./bench/preload.ts');
      results.preload = await measurePreload(server.url, floorTarget.paths, runs ?? 3);
    }
  } finally {
    await server.close();
  }
  return results;
}

const argv = process.argv.slice(2);
const { build, only, runs } = readArgs(argv);
const machine = describeMachine([...only].some((part) => part !== 'bytes'));
if (build) {
  console.error(`building ${BUILD_DIR}...`);
  execFileSync('npm', ['run', '--silent', 'build'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}
const date = `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`;
const { indexablePaths } = (await import(`${buildPath}-ssr/entry-server.js`)) as {
  indexablePaths: () => string[];
};
const routes = indexablePaths();
const results: BenchResults = { bytes: await measureBytes(buildPath, routes) };
if (only.has('admin')) {
  // First, as it needs the backend's port (54321) and fails at once when that is taken.
  results.admin = await (await import('./bench/admin.ts')).measureAdmin(buildPath, runs ?? 3);
}
if (only.has('booking')) {
  // Next, on a backend of its own on the same port.
  const { measureBooking } = await import('./bench/booking.ts');
  results.booking = await measureBooking(buildPath, runs ?? 3);
}
if (only.has('local-start')) {
  const { measureLocalStart } = await import('./bench/local-start.ts');
  results['local-start'] = await measureLocalStart(runs ?? 3);
}
if (only.has('slots')) {
  results.slots = await (await import('./bench/slots.ts')).measureSlots(runs ?? 20);
}
if (only.has('answers')) {
  results.answers = await (await import('./bench/answers.ts')).measureAnswers(runs ?? 10);
}
if (only.has('live')) {
  results.live = await (await import('./bench/live.ts')).measureLive();
}
if (['lighthouse', 'navigation', 'interactions', 'preload'].some((part) => only.has(part))) {
  Object.assign(results, await measureInBrowser(only, runs, routes));
}
if (only.has('floor')) {
  // On a server of its own: a copy of the build with the pages to compare written in.
  const { measureFloor } = await import('./bench/floor.ts');
  results.floor = await measureFloor(buildPath, floorTarget.paths, runs ?? 5);
}

const env = BUILD_DIR === 'dist' ? '' : `BUILD_DIR=${BUILD_DIR} `;
const command = `${env}npm run bench${argv.length > 0 ? ` -- ${argv.join(' ')}` : ''}`;
const rendered = renderParts({ date, command, machine }, results);
console.log([...rendered.values()].join('\n\n'));
if (rendered.size > 1) {
  const { format, resolveConfig } = await import('prettier');
  const merged = mergeReport(await readFile(reportFile, 'utf8'), rendered);
  await writeFile(
    reportFile,
    await format(merged, { ...(await resolveConfig(reportFile)), filepath: reportFile }),
  );
  console.log(`\nWritten to ${reportFile}.`);
}

const over = overBudget(results.bytes);
if (over.length > 0) {
  const list = over.map((r) => `${r.path} ${r.jsKb.toFixed(1)} KB > ${r.budgetKb} KB`);
  console.log(`\n${over.length} route(s) over the JS budget: ${list.join(', ')}.`);
  process.exitCode = 1;
} else {
  console.log(`\nEvery route within its JS budget (${BUILD_DIR}/).`);
}
