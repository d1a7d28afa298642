// @vitest-environment node
import { format, resolveConfig } from 'prettier';
import { describe, expect, it } from 'vitest';

import type { InteractionResult, NavigationResult } from '../../../scripts/bench/browser';
import { medianFigures } from '../../../scripts/bench/lighthouse';
import {
  interactionMisses,
  medianOf,
  mergeReport,
  navigationMisses,
  renderParts,
  type BenchResults,
  type Part,
} from '../../../scripts/bench/report';
import { missedTargets, type LighthouseFigures } from '../../../scripts/bench/targets';

/** One Lighthouse run that meets every target, with the given figures changed. */
const run = (figures: Partial<LighthouseFigures> = {}): LighthouseFigures => ({
  performance: 100,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  lcpMs: 900,
  tbtMs: 20,
  cls: 0,
  fcpMs: 850,
  ...figures,
});

/** A route whose every click painted its <h1> in the given times, with no blank frame. */
function navigation(coldDesktop: number[], coldSlow: number[], warm = [10, 10, 10]) {
  const samples = (ms: number[]) => ms.map((value) => ({ ms: value, blankFrames: 0 }));
  return {
    path: '/about',
    cold: { desktop: samples(coldDesktop), cpu4x: samples(coldSlow) },
    warm: { desktop: samples(warm), cpu4x: samples(warm) },
  } satisfies NavigationResult;
}

function interaction(inpDesktop: number[], inpSlow: number[]): InteractionResult {
  const samples = (ms: number[]) => ms.map((inpMs) => ({ inpMs, shownMs: inpMs + 10 }));
  return {
    label: 'open the menu',
    runs: { desktop: samples(inpDesktop), cpu4x: samples(inpSlow) },
  };
}

describe('the Lighthouse targets', () => {
  it('hold the home page to performance 100 and the others to 99', () => {
    expect(missedTargets('/', run())).toEqual([]);
    expect(missedTargets('/about', run({ performance: 99 }))).toEqual([]);
    expect(missedTargets('/', run({ performance: 99 }))).toEqual(['perf 99 < 100']);
    expect(missedTargets('/about', run({ performance: 98 }))).toEqual(['perf 98 < 99']);
  });

  it('name every miss, and count a missing figure as one', () => {
    const figures = run({ lcpMs: 1201, tbtMs: 83, cls: 0.002, accessibility: 96, seo: NaN });
    expect(missedTargets('/services', figures)).toEqual([
      'LCP 1201 > 1200',
      'TBT 83 > 50',
      'CLS 0.002 > 0',
      'a11y 96 < 100',
      'SEO NaN < 100',
    ]);
  });

  it('are checked on the median of each figure, not on one run picked by its score', () => {
    const figures = medianFigures([
      run({ performance: 99, tbtMs: 127, lcpMs: 910 }),
      run({ performance: 100, tbtMs: 60, lcpMs: 900 }),
      run({ performance: 100, tbtMs: 22, lcpMs: 950 }),
    ]);
    expect(figures).toMatchObject({ performance: 100, tbtMs: 60, lcpMs: 910, fcpMs: 850 });
    expect(figures.tbtRunsMs).toEqual([22, 60, 127]);
    // Of an even count, the mean of the middle two; a score the lower one.
    const two = medianFigures([run({ tbtMs: 10 }), run({ tbtMs: 70, performance: 99 })]);
    expect(two).toMatchObject({ tbtMs: 40, performance: 99 });
    expect(() => medianFigures([])).toThrow(/at least one run/);
  });
});

describe('the navigation and interaction targets', () => {
  it('take the median of the runs, leaving out those that timed out', () => {
    expect(medianOf([90, 30, 60])).toBe(60);
    expect(medianOf([NaN, 50, 70])).toBe(60);
    expect(medianOf([NaN])).toBeNaN();
  });

  it('hold the cold click to its target on each CPU; warm clicks have none', () => {
    expect(navigationMisses(navigation([100, 20, 400], [300, 100, 900], [500, 500, 500]))).toEqual(
      [],
    );
    expect(navigationMisses(navigation([101, 150, 90], [310, 320, 330]))).toEqual([
      'cold desktop 101 > 100',
      'cold 4x CPU 320 > 300',
    ]);
  });

  it('count a run that timed out, and any blank frame cold or warm, as a miss', () => {
    expect(navigationMisses(navigation([50, NaN, 50], [100, 100, 100]))).toEqual([
      'cold desktop timed out in 1 of 3 runs',
    ]);
    const blank = navigation([50, 50, 50], [100, 100, 100]);
    blank.warm.cpu4x[1] = { ms: 40, blankFrames: 2 };
    expect(navigationMisses(blank)).toEqual(['2 blank frame(s)']);
  });

  it('hold INP to its target on each CPU', () => {
    expect(interactionMisses(interaction([16, 48, 50], [120, 200, 90]))).toEqual([]);
    expect(interactionMisses(interaction([56, 64, 40], [208, 216, 90]))).toEqual([
      'INP desktop 56 > 50',
      'INP 4x CPU 208 > 200',
    ]);
  });
});

const info = { date: '2026-11-25 23:10 UTC', command: 'npm run bench', machine: 'a test CPU' };
const firstLoad = (jsKb: number) => ({ jsKb, cssKb: 0, htmlKb: 20.04 });
const results: BenchResults = {
  bytes: [
    { path: '/', firstLoad: firstLoad(105.7), budgetKb: 120 },
    { path: '/about', firstLoad: firstLoad(110.2), budgetKb: 110 },
    { path: '/admin', firstLoad: firstLoad(129.5), budgetKb: undefined },
  ],
  lighthouse: {
    version: '13.5.0',
    runs: 2,
    routes: [
      { path: '/about', ...medianFigures([run({ tbtMs: 83 }), run({ tbtMs: 10 })]) },
      { path: '/admin', ...run({ seo: 66 }) },
    ],
  },
  navigation: {
    runs: 1,
    routes: [navigation([80], [250], [30]), { ...navigation([NaN], [120]), path: '/services' }],
  },
  interactions: { runs: 3, results: [interaction([8, 16, 16], [24, 40, 32])] },
  admin: { rows: 10000, engine: 'PGlite (memory)', firstRowsMs: [1100, 900], searchMs: [830] },
};

describe('the report', () => {
  const parts = renderParts(info, results);

  it('heads each part with the date, the command and the machine', () => {
    expect([...parts.keys()]).toEqual([
      'bytes',
      'lighthouse',
      'navigation',
      'interactions',
      'admin',
    ]);
    for (const text of parts.values()) {
      expect(text).toContain('Measured 2026-11-25 23:10 UTC by `npm run bench` on a test CPU.');
    }
  });

  it('gives every figure its target and a result, the staff pages none', () => {
    const rows = (part: Part) =>
      parts
        .get(part)!
        .split('\n')
        .filter((l) => l.startsWith('| /'));
    expect(rows('bytes')).toEqual([
      '| / | 105.7 | 0.0 | 20.0 | ≤ 120 | pass |',
      '| /about | 110.2 | 0.0 | 20.0 | ≤ 110 | **FAIL**: over budget |',
      '| /admin | 129.5 | 0.0 | 20.0 | none | - |',
    ]);
    expect(parts.get('bytes')).toContain('Within the JS budget: 1 of 2 public routes.');
    expect(rows('lighthouse')).toEqual([
      '| /about | 100 | 100 | 100 | 100 | 900 | 47 | 10 / 83 | 0.000 | 850 | pass |',
      '| /admin | 100 | 100 | 100 | 66 | 900 | 20 |  | 0.000 | 850 | no target |',
    ]);
    expect(parts.get('lighthouse')).toContain('TBT ≤ 50 ms');
    expect(rows('navigation')).toEqual([
      '| /about | 80 | 30 | 250 | 30 | 0 | pass |',
      '| /services | timeout | 10 | 120 | 10 | 0 | **FAIL**: cold desktop timed out in 1 of 1 runs |',
    ]);
    expect(parts.get('navigation')).toContain('Every target met on 1 of 2 routes.');
    expect(parts.get('interactions')).toContain('| open the menu | ≤16 | 32 | 26 | 42 | pass |');
    expect(parts.get('admin')).toContain(
      '| navigating to /admin to the first row | 1000 | 1100 / 900 | no target |',
    );
  });

  it('replaces the parts a run measured and keeps the others, in a fixed order', () => {
    const full = mergeReport(undefined, parts);
    expect(full.match(/^# Performance report$/gm)).toHaveLength(1);
    const later = {
      ...info,
      date: '2026-11-26 08:00 UTC',
      command: 'npm run bench -- --only admin',
    };
    const fresh = renderParts(later, { bytes: results.bytes, admin: results.admin });
    const merged = mergeReport(full, fresh);
    expect(merged.match(/^Measured 2026-11-26 08:00 UTC/gm)).toHaveLength(2);
    expect(merged.match(/^Measured 2026-11-25 23:10 UTC/gm)).toHaveLength(3);
    const order = [...merged.matchAll(/<!-- part: (\w+) -->/g)].map((m) => m[1]);
    expect(order).toEqual(['bytes', 'lighthouse', 'navigation', 'interactions', 'admin']);
    expect(mergeReport(merged, new Map())).toBe(merged);
  });

  it('keeps every part through Prettier, as written to docs/performance.md', async () => {
    const file = 'docs/performance.md';
    const pretty = (text: string) =>
      resolveConfig(file).then((config) => format(text, { ...config, filepath: file }));
    const once = await pretty(mergeReport(undefined, parts));
    expect(await pretty(mergeReport(once, new Map()))).toBe(once);
    expect(once.match(/<!-- part: \w+ -->/g)).toHaveLength(5);
  });
});
