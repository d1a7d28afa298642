/**
 * `npm run bench`: the figures behind every budget and target the project states, on the
 * production build (BUILD_DIR, default dist/), written to docs/performance.md with the date, the
 * command and the machine. Per route: the gzipped first-load JS, CSS and HTML against the
 * budgets; Lighthouse (mobile, simulated throttling); in Chromium, the client-side navigation
 * from the home page to every public route and five interactions on it, at desktop speed and
 * with the CPU slowed four times; the admin dashboard over 10,000 enquiries. The budgets and
 * targets are in scripts/bench/targets.ts. Exits 1 when a route's JS is over its budget.
 *
 *   npm run bench                          build, then every part, every route
 *   npm run bench -- --no-build            reuse the build
 *   npm run bench -- --only bytes          bytes and budgets only: seconds, no Chromium, no report
 *   npm run bench -- --only lighthouse,navigation,interactions,admin   (bytes are always measured)
 *   npm run bench -- --runs 3              runs per figure (default: Lighthouse 1, the rest 3)
 *   npm run bench -- --routes /,/about     only these routes
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

import { privatePaths } from '../src/config/paths.ts';
import { measureFirstLoad, type Manifest } from './bench/first-load.ts';
import {
  mergeReport,
  overBudget,
  parts,
  renderParts,
  type BenchResults,
  type Part,
} from './bench/report.ts';
import { isPublic, jsBudgetKb } from './bench/targets.ts';
import { BUILD_DIR } from './build-dir.ts';
import { findChromium } from './chromium.ts';
import { serveDist } from './serve-dist.ts';

const root = resolve(import.meta.dirname, '..');
const buildPath = resolve(root, BUILD_DIR);
const reportFile = join(root, 'docs', 'performance.md');

/** A mistake in how the bench was called: printed as one line, without a stack. */
class UsageError extends Error {}

function readArgs(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: {
      'no-build': { type: 'boolean', default: false },
      only: { type: 'string' },
      runs: { type: 'string' },
      routes: { type: 'string' },
    },
  });
  const only = values.only?.split(',') ?? parts;
  const unknown = only.filter((part) => !parts.includes(part as Part));
  if (unknown.length > 0) {
    throw new UsageError(`--only takes ${parts.join(', ')}: not ${unknown.join(', ')}.`);
  }
  const runs = values.runs === undefined ? undefined : Number(values.runs);
  if (runs !== undefined && !(Number.isInteger(runs) && runs >= 1)) {
    throw new UsageError('--runs wants a whole number >= 1.');
  }
  return { ...values, only: new Set(only as Part[]), runs };
}

async function routeList(routes: string | undefined): Promise<string[]> {
  if (routes) return routes.split(',');
  const entry = (await import(`${buildPath}-ssr/entry-server.js`)) as {
    indexablePaths: () => string[];
  };
  // The staff routes (/auth, /admin) are measured for information, without targets.
  return [...entry.indexablePaths(), ...privatePaths];
}

/**
 * The local server compresses a file when it is first asked for: every asset is asked for once
 * beforehand, so no measured fetch waits for that (a static host serves them ready).
 */
async function primeServer(origin: string) {
  const headers = { 'accept-encoding': 'br, gzip' };
  for (const file of await readdir(join(buildPath, 'assets')))
    await (await fetch(`${origin}/assets/${file}`, { headers })).arrayBuffer();
}

function describeMachine(): string {
  let chromium = 'no Chromium found';
  try {
    chromium = execFileSync(findChromium(), ['--version'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    // A bytes-only run needs no browser.
  }
  const load = loadavg()[0]!.toFixed(2);
  return `${cpus()[0]?.model ?? 'an unknown CPU'}, ${availableParallelism()} cores (load average ${load} at the start), ${chromium}, Node ${process.version}`;
}

async function measure(args: ReturnType<typeof readArgs>, routes: string[]) {
  const manifestFile = join(buildPath, '.vite', 'manifest.json');
  const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as Manifest;
  const results: BenchResults = { bytes: [] };
  for (const path of routes) {
    const firstLoad = await measureFirstLoad(buildPath, path, manifest);
    results.bytes.push({ path, firstLoad, budgetKb: jsBudgetKb(path) });
  }
  const { only } = args;
  if (only.has('admin')) {
    // First, as it needs the backend's port (54321) and fails at once when that is taken.
    const { measureAdmin } = await import('./bench/admin.ts');
    results.admin = await measureAdmin(buildPath, args.runs ?? 3);
  }
  if (!only.has('lighthouse') && !only.has('navigation') && !only.has('interactions')) {
    return results;
  }
  const server = await serveDist(buildPath, 0);
  try {
    if (only.has('lighthouse')) {
      const { measureWithLighthouse } = await import('./bench/lighthouse.ts');
      const runs = args.runs ?? 1;
      const figures = await measureWithLighthouse(
        routes.map((path) => `${server.url}${path}`),
        runs,
      );
      const lighthouse = join(root, 'node_modules', 'lighthouse', 'package.json');
      const { version } = JSON.parse(readFileSync(lighthouse, 'utf8')) as { version: string };
      const measured = figures.map((f, i) => ({ ...f, path: routes[i]! }));
      results.lighthouse = { version, runs, routes: measured };
    }
    await primeServer(server.url);
    const browser = await import('./bench/browser.ts');
    const runs = args.runs ?? 3;
    if (only.has('navigation')) {
      // Every public route but the home page, where each navigation starts.
      const targets = routes.filter((path) => isPublic(path) && path !== '/');
      results.navigation = {
        runs,
        routes: await browser.measureNavigations(server.url, targets, runs),
      };
    }
    if (only.has('interactions')) {
      results.interactions = { runs, results: await browser.measureInteractions(server.url, runs) };
    }
  } finally {
    await server.close();
  }
  return results;
}

async function main() {
  const argv = process.argv.slice(2);
  const args = readArgs(argv);
  const machine = describeMachine();
  if (!args['no-build']) {
    console.error(`building ${BUILD_DIR}...`);
    execFileSync('npm', ['run', '--silent', 'build'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }
  const date = `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const results = await measure(args, await routeList(args.routes));

  const env = BUILD_DIR === 'dist' ? '' : `BUILD_DIR=${BUILD_DIR} `;
  const command = `${env}npm run bench${argv.length > 0 ? ` -- ${argv.join(' ')}` : ''}`;
  const rendered = renderParts({ date, command, machine }, results);
  console.log([...rendered.values()].join('\n\n'));
  if (rendered.size > 1) {
    const previous = existsSync(reportFile) ? await readFile(reportFile, 'utf8') : undefined;
    const { format, resolveConfig } = await import('prettier');
    const options = { ...(await resolveConfig(reportFile)), filepath: reportFile };
    await writeFile(reportFile, await format(mergeReport(previous, rendered), options));
    console.log(`\nWritten to ${reportFile}.`);
  }

  const over = overBudget(results.bytes);
  if (over.length > 0) {
    const list = over.map((r) => `${r.path} ${r.firstLoad.jsKb.toFixed(1)} KB > ${r.budgetKb} KB`);
    console.log(`\n${over.length} route(s) over the JS budget: ${list.join(', ')}.`);
    process.exitCode = 1;
  } else {
    console.log(`\nEvery route within its JS budget (${BUILD_DIR}/).`);
  }
}

try {
  await main();
} catch (error) {
  if (!(
    error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')
  )) {
    throw error;
  }
  console.error(`bench: ${(error as Error).message}`);
  process.exitCode = 2;
}
