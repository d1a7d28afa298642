import type { LighthouseFigures } from './lighthouse';

/** The Lighthouse targets for every public route (mobile, simulated throttling). */
export const lighthouseTargets = {
  homePerformance: 100,
  otherPerformance: 99,
  lcpMs: 1200,
  tbtMs: 50,
  cls: 0,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
} as const;

/** The targets a prerendered public page misses, in words ("TBT 83 > 50"); empty when all met. */
export function missedTargets(path: string, figures: LighthouseFigures): string[] {
  const t = lighthouseTargets;
  const wantedPerformance = path === '/' ? t.homePerformance : t.otherPerformance;
  const misses: string[] = [];
  const below = (label: string, value: number, target: number) => {
    if (!(value >= target)) misses.push(`${label} ${Math.round(value)} < ${target}`);
  };
  const above = (label: string, value: number, target: number, digits = 0) => {
    if (!(value <= target)) misses.push(`${label} ${value.toFixed(digits)} > ${target}`);
  };
  below('perf', figures.performance, wantedPerformance);
  above('LCP', figures.lcpMs, t.lcpMs);
  above('TBT', figures.tbtMs, t.tbtMs);
  above('CLS', figures.cls, t.cls, 3);
  below('a11y', figures.accessibility, t.accessibility);
  below('best pr.', figures.bestPractices, t.bestPractices);
  below('SEO', figures.seo, t.seo);
  return misses;
}
