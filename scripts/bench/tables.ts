import { privatePaths } from '../../src/config/paths';
import type { FirstLoad } from './first-load';
import type { LighthouseFigures } from './lighthouse';
import { missedTargets } from './targets';

export type RouteReport = {
  path: string;
  firstLoad: FirstLoad;
  budgetKb?: number;
  /** Lighthouse on the prerendered build, the one that ships. */
  prerendered?: LighthouseFigures;
};

/** A figure as printed; a missing one (NaN, which JSON turns into null) is "-". */
export const fmt = (n: number | null | undefined, digits = 0) =>
  n == null || Number.isNaN(n) ? '-' : n.toFixed(digits);
/** The figure, with the previous run's in brackets when it differs. */
export const withPrevious = (now: string, before: string | undefined) =>
  before === undefined || before === now ? now : `${now} (${before})`;

/** The targets are for public pages; the private ones are measured for information. */
export const isPublic = (path: string) => !privatePaths.includes(path);

export function bytesTable(routes: readonly RouteReport[], previous?: readonly RouteReport[]) {
  const lines = [
    '| route | JS KB | CSS KB | HTML KB | JS budget | status |',
    '|---|---:|---:|---:|---:|---|',
  ];
  for (const route of routes) {
    const before = previous?.find((r) => r.path === route.path)?.firstLoad;
    const over = route.budgetKb !== undefined && route.firstLoad.jsKb > route.budgetKb;
    const status = route.budgetKb === undefined ? '-' : over ? 'OVER' : 'ok';
    lines.push(
      `| ${route.path} | ${withPrevious(fmt(route.firstLoad.jsKb, 1), before && fmt(before.jsKb, 1))} | ${fmt(route.firstLoad.cssKb, 1)} | ${fmt(route.firstLoad.htmlKb, 1)} | ${route.budgetKb ?? '-'} | ${status} |`,
    );
  }
  return lines.join('\n');
}

/** Each run's blocking time, lowest first. */
const eachRun = (figures: LighthouseFigures) =>
  (figures.tbtRunsMs ?? []).map((ms) => fmt(ms)).join(' / ') || '-';

export function lighthouseTable(routes: readonly RouteReport[], previous?: readonly RouteReport[]) {
  const lines = [
    '| route | perf | a11y | best pr. | SEO | LCP ms | TBT ms | TBT of each run | CLS | FCP ms | targets |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
  ];
  for (const route of routes) {
    const now = route.prerendered;
    if (!now) continue;
    const was = previous?.find((r) => r.path === route.path)?.prerendered;
    const targets = isPublic(route.path) ? missedTargets(route.path, now).join(', ') || 'met' : '-';
    lines.push(
      `| ${route.path} | ${withPrevious(fmt(now.performance), was && fmt(was.performance))} | ${fmt(now.accessibility)} | ${fmt(now.bestPractices)} | ${fmt(now.seo)} | ${withPrevious(fmt(now.lcpMs), was && fmt(was.lcpMs))} | ${withPrevious(fmt(now.tbtMs), was && fmt(was.tbtMs))} | ${eachRun(now)} | ${fmt(now.cls, 3)} | ${fmt(now.fcpMs)} | ${targets} |`,
    );
  }
  return lines.join('\n');
}
