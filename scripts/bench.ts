/**
 * `npm run bench`: one report over the production build. Per route, the gzipped JS, CSS and
 * HTML of the first load against the budgets, and Lighthouse (mobile, simulated throttling) for
 * the prerendered site beside the same site built as a client-only SPA. Markdown to stdout, JSON
 * to bench-results/, with the previous run's figures beside the new ones, and per prerendered
 * page the issue's targets it misses (scripts/bench/targets.ts).
 *
 *   npm run bench                      build both, bytes for every route, Lighthouse for every route
 *   npm run bench -- --no-build        reuse dist/ and dist-spa/
 *   npm run bench -- --bytes-only      skip Lighthouse
 *   npm run bench -- --runs 3          median of three Lighthouse runs per page
 *   npm run bench -- --spa-runs 1      runs per page for the client-only build (default: --runs)
 *   npm run bench -- --routes /,/about only these routes
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

import { jsBudgetKb, measureFirstLoad, type FirstLoad, type Manifest } from './bench/first-load';
import { measureWithLighthouse, startChrome, type LighthouseFigures } from './bench/lighthouse';
import { missedTargets } from './bench/targets';
import { serveDist } from './serve-dist';

const root = resolve(import.meta.dirname, '..');
const results = join(root, 'bench-results');
const { values: args } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    'bytes-only': { type: 'boolean', default: false },
    runs: { type: 'string', default: '1' },
    'spa-runs': { type: 'string' },
    routes: { type: 'string' },
  },
});

type RouteReport = {
  path: string;
  firstLoad: FirstLoad;
  budgetKb?: number;
  prerendered?: LighthouseFigures;
  spa?: LighthouseFigures;
};
type Report = { date: string; routes: RouteReport[] };

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
  const entry = (await import(join(root, 'dist-ssr', 'entry-server.js'))) as {
    indexablePaths: () => string[];
  };
  // /auth and /admin are measured for information (the admin shell must paint within 1 s).
  return [...entry.indexablePaths(), '/auth', '/admin'];
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

/** The targets are for public pages; /auth is measured for information. */
const isPublic = (path: string) => path !== '/auth' && path !== '/admin';
const isPublicRoute = (route: RouteReport) => isPublic(route.path);

function lighthouseTable(report: Report, previous?: Report) {
  const lines = [
    '| route | build | perf | a11y | best pr. | SEO | LCP ms | TBT ms | TBT of each run | TBT from JS | CLS | FCP ms | targets |',
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
        `| ${route.path} | ${kind} | ${withPrevious(fmt(now.performance), was && fmt(was.performance))} | ${fmt(now.accessibility)} | ${fmt(now.bestPractices)} | ${fmt(now.seo)} | ${withPrevious(fmt(now.lcpMs), was && fmt(was.lcpMs))} | ${withPrevious(fmt(now.tbtMs), was && fmt(was.tbtMs))} | ${(now.tbtRunsMs ?? []).map((ms) => fmt(ms)).join(' / ') || '-'} | ${fmt(now.tbtScriptsMs)} | ${fmt(now.cls, 3)} | ${fmt(now.fcpMs)} | ${targets} |`,
      );
    }
  }
  return lines.join('\n');
}

async function main() {
  if (!args['no-build']) {
    build('dist', true);
    if (!args['bytes-only']) build('dist-spa', false);
  }
  const manifest = JSON.parse(
    await readFile(join(root, 'dist', '.vite', 'manifest.json'), 'utf8'),
  ) as Manifest;
  const paths = await routeList();
  const report: Report = { date: new Date().toISOString(), routes: [] };
  for (const path of paths) {
    report.routes.push({
      path,
      firstLoad: await measureFirstLoad(join(root, 'dist'), path, manifest),
      budgetKb: jsBudgetKb(path),
    });
  }

  if (!args['bytes-only']) {
    if (!existsSync(join(root, 'dist-spa')))
      throw new Error('dist-spa/ is missing: run without --no-build once.');
    const runs = Math.max(1, Number(args.runs));
    const spaRuns = Math.max(1, Number(args['spa-runs'] ?? args.runs));
    const prerendered = await serveDist(join(root, 'dist'), 0);
    const spa = await serveDist(join(root, 'dist-spa'), 0);
    const chrome = await startChrome();
    try {
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
    }
  }

  await mkdir(results, { recursive: true });
  const latest = join(results, 'latest.json');
  const previous = existsSync(latest)
    ? (JSON.parse(await readFile(latest, 'utf8')) as Report)
    : undefined;
  await writeFile(
    join(results, `${report.date.replace(/[:.]/g, '-')}.json`),
    JSON.stringify(report, null, 2),
  );
  await writeFile(latest, JSON.stringify(report, null, 2));

  console.log(
    `## First load per route (gzip)${previous ? `; previous run (${previous.date}) in brackets` : ''}\n`,
  );
  console.log(bytesTable(report, previous));
  if (!args['bytes-only']) {
    console.log('\n## Lighthouse, mobile, simulated throttling: prerendered vs client-only SPA\n');
    console.log(lighthouseTable(report, previous));
    const missing = report.routes.filter(
      (r) => isPublic(r.path) && r.prerendered && missedTargets(r.path, r.prerendered).length > 0,
    );
    console.log(
      `\nLighthouse targets met on ${report.routes.filter(isPublicRoute).length - missing.length} of ${report.routes.filter(isPublicRoute).length} public routes.`,
    );
  }
  const over = report.routes.filter(
    (r) => r.budgetKb !== undefined && r.firstLoad.jsKb > r.budgetKb,
  );
  if (over.length > 0) {
    console.log(`\n${over.length} route(s) over the JS budget.`);
    process.exitCode = 1;
  }
}

await main();
