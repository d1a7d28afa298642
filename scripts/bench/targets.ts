/** Every budget and target the bench checks. */

/**
 * Gzipped JS of a public page's first load, in KB (1,024 bytes), its preloads included: a ceiling
 * just above what the pages need today, so a change that makes every page heavier (a new page's
 * code named by the shared route table, a library in the entry) fails the build instead of
 * creeping in. Lighthouse's mobile link (1,638.4 kbit/s, a slow 4G, 200 KB/s: the one
 * `lighthouseTargets` are scored on) carries 110 KB in about 0.55 s, under half the LCP target.
 * A page paints from its HTML and hydrates afterwards (docs/decisions/0007), so the budget bounds
 * how long a tap after that paint waits for the code.
 */
export const FIRST_LOAD_BUDGET_KB = 110;

/** Lighthouse, mobile with simulated throttling. */
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

/**
 * Each page beside its floor, in the same Lighthouse runs (scripts/bench/floor.ts): the page's LCP
 * at most `lcpRatio` times a one-line page's from the same server, on each of `paths`.
 */
export const floorTarget = {
  paths: ['/', '/about', '/service/data-strategy'],
  lcpRatio: 1.25,
} as const;

/** The two CPUs every navigation and interaction is measured on. */
export const profiles = [
  { id: 'desktop', label: 'desktop', cpuRate: 1 },
  // Lighthouse's mobile preset slows the CPU four times (CDP Emulation.setCPUThrottlingRate).
  { id: 'cpu4x', label: '4x CPU', cpuRate: 4 },
] as const;
export type ProfileId = (typeof profiles)[number]['id'];

/** Event Timing reports only interactions at least this long; a shorter one counts as this. */
export const EVENT_TIMING_THRESHOLD_MS = 16;

/** In Chromium, per CPU. */
export const browserTargets = {
  /** From the click on a link to the new page's `<h1>` painted, the route's code not yet loaded. */
  navigationMs: { desktop: 100, cpu4x: 300 },
  /** Frames painted during a navigation with no `<h1>` in `<main>` or an empty title. */
  blankFrames: 0,
  /** Interaction to next paint (Event Timing). */
  inpMs: { desktop: 50, cpu4x: 200 },
} as const;

/**
 * The staff dashboard over this many enquiries, signed in with an aal2 session: from navigating
 * to /admin until the first enquiries and the overview's figures are shown, at each width.
 */
export const adminTarget = { enquiries: 10_000, shownMs: 800, widths: [375, 1366] } as const;

/**
 * The free consultation offered once an enquiry is sent: from the offer (the form's success
 * state) shown until its first free time is, at each width.
 */
export const bookingTarget = { slotsMs: 300, widths: [375, 1366] } as const;

/**
 * One read of the free consultation times in the database (scripts/bench/slots.ts): the median
 * call for every host count measured, five the most, within this.
 */
export const slotsTarget = { medianMs: 50 } as const;

/**
 * A prospect's answer by e-mail on the staff record (scripts/bench/answers.ts): from the reply
 * posted to the local mail API (its webhook to mail-events) until the admin's timeline shows it,
 * the median answer within this.
 */
export const answersTarget = { medianMs: 1_000 } as const;

export type LighthouseFigures = Record<
  'performance' | 'accessibility' | 'bestPractices' | 'seo' | 'lcpMs' | 'tbtMs' | 'cls',
  number
>;

/** The Lighthouse targets a public page misses, in words ("TBT 83 > 50"); empty when all met. */
export function missedTargets(path: string, figures: LighthouseFigures): string[] {
  const t = lighthouseTargets;
  const misses: string[] = [];
  const below = (label: string, value: number, target: number) => {
    if (!(value >= target)) misses.push(`${label} ${Math.round(value)} < ${target}`);
  };
  const above = (label: string, value: number, target: number, digits = 0) => {
    if (!(value <= target)) misses.push(`${label} ${value.toFixed(digits)} > ${target}`);
  };
  below('perf', figures.performance, path === '/' ? t.homePerformance : t.otherPerformance);
  above('LCP', figures.lcpMs, t.lcpMs);
  above('TBT', figures.tbtMs, t.tbtMs);
  above('CLS', figures.cls, t.cls, 3);
  below('a11y', figures.accessibility, t.accessibility);
  below('best pr.', figures.bestPractices, t.bestPractices);
  below('SEO', figures.seo, t.seo);
  return misses;
}
