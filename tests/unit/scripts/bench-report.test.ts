// @vitest-environment node
import { format, resolveConfig } from 'prettier';
import { describe, expect, it } from 'vitest';

import type { AdminResult } from '../../../scripts/bench/admin';
import type { BookingResult, BookingSample, CodeRequest } from '../../../scripts/bench/booking';
import type { NavigationResult } from '../../../scripts/bench/browser';
import type { FloorFigures, FloorRow } from '../../../scripts/bench/floor';
import type { LiveResult } from '../../../scripts/bench/live';
import { medianFigures } from '../../../scripts/bench/lighthouse';
import {
  adminMisses,
  answersMisses,
  deliveryMisses,
  bookingMisses,
  floorMisses,
  interactionMisses,
  lcpRatio,
  median,
  mergeReport,
  navigationMisses,
  preloadVerdict,
  percentile,
  renderParts,
  type BenchResults,
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
  ...figures,
});

/** A route whose every click painted its <h1> in the given times, with no blank frame. */
const navigation = (coldDesktop: number[], coldSlow: number[], warm = [10, 10, 10]) =>
  ({
    path: '/about',
    cold: { desktop: coldDesktop, cpu4x: coldSlow },
    warm: { desktop: warm, cpu4x: warm },
    blankFrames: 0,
  }) satisfies NavigationResult;

const interaction = (desktop: number[], cpu4x: number[]) => ({
  label: 'open the menu',
  inpMs: { desktop, cpu4x },
});

/** Runs of [first enquiries, overview] and, when given, the deep link's record (else 100). */
const admin = (
  shown: ([number, number] | [number, number, number])[],
): AdminResult['widths'][number]['samples'] =>
  shown.map(([rowsMs, overviewMs, recordMs = 100]) => ({ rowsMs, overviewMs, recordMs }));

describe('the targets', () => {
  it('hold the home page to Lighthouse performance 100, the others to 99, naming every miss', () => {
    expect(missedTargets('/', run())).toEqual([]);
    expect(missedTargets('/about', run({ performance: 99 }))).toEqual([]);
    expect(missedTargets('/', run({ performance: 99 }))).toEqual(['perf 99 < 100']);
    const figures = run({ lcpMs: 1201, tbtMs: 83, cls: 0.002, accessibility: 96, seo: NaN });
    expect(missedTargets('/services', figures)).toEqual([
      'LCP 1201 > 1200',
      'TBT 83 > 50',
      'CLS 0.002 > 0',
      'a11y 96 < 100',
      'SEO NaN < 100',
    ]);
  });

  it('check Lighthouse on the median of each figure, not on one run picked by its score', () => {
    const figures = medianFigures([
      run({ performance: 99, tbtMs: 127, lcpMs: 910 }),
      run({ performance: 100, tbtMs: 60, lcpMs: 900 }),
      run({ performance: 100, tbtMs: 22, lcpMs: 950 }),
    ]);
    expect(figures).toMatchObject({ performance: 100, tbtMs: 60, lcpMs: 910 });
    // Of an even count, the mean of the middle two; a score the lower one.
    const two = medianFigures([run({ tbtMs: 10 }), run({ tbtMs: 70, performance: 99 })]);
    expect(two).toMatchObject({ tbtMs: 40, performance: 99 });
  });

  it('take the median of the browser runs, and count a run that timed out as a miss', () => {
    expect(median([NaN, 50, 70])).toBe(60);
    expect(navigationMisses(navigation([100, 20, 400], [300, 100, 900], [500, 500, 500]))).toEqual(
      [],
    );
    expect(navigationMisses(navigation([101, 150, 90], [310, 320, NaN]))).toEqual([
      'cold desktop 101 > 100',
      'cold 4x CPU timed out in 1 of 3 runs',
    ]);
    const blank = navigation([50, 50, 50], [100, 100, 100]);
    blank.blankFrames = 2;
    expect(navigationMisses(blank)).toEqual(['2 blank frame(s)']);
    expect(interactionMisses(interaction([16, 48, 50], [120, 200, 90]))).toEqual([]);
    expect(interactionMisses(interaction([56, 64, 40], [208, 216, 90]))).toEqual([
      'INP desktop 56 > 50',
      'INP 4x CPU 208 > 200',
    ]);
  });

  it('hold the staff dashboard to the later of its first enquiries and its overview', () => {
    expect(
      adminMisses(
        admin([
          [700, 790],
          [810, 300],
          [500, 600],
        ]),
      ),
    ).toEqual([]);
    expect(
      adminMisses(
        admin([
          [700, 900],
          [650, 820],
          [500, 600],
        ]),
      ),
    ).toEqual(['shown 820 > 800']);
    expect(
      adminMisses(
        admin([
          [700, NaN],
          [650, 700],
          [500, 600],
        ]),
      ),
    ).toEqual(['shown timed out in 1 of 3 runs']);
  });

  it("hold a deep link's open record to no later than the dashboard's first enquiries", () => {
    const runs = (records: number[]) =>
      adminMisses(
        admin([
          [600, 700, records[0]!],
          [650, 700, records[1]!],
          [700, 700, records[2]!],
        ]),
      );
    expect(runs([500, 650, 900])).toEqual([]);
    expect(runs([500, 660, 900])).toEqual(['record 660 > first enquiries 650']);
    expect(runs([500, NaN, 400])).toEqual(['record timed out in 1 of 3 runs']);
  });
});

const info = { date: '2026-11-25 23:10 UTC', command: 'npm run bench', machine: 'a test CPU' };
const results: BenchResults = {
  bytes: [
    { path: '/', jsKb: 105.7, budgetKb: 120 },
    { path: '/about', jsKb: 110.2, budgetKb: 110 },
  ],
  lighthouse: {
    version: '13.5.0',
    runs: 1,
    routes: [
      { path: '/about', ...run({ tbtMs: 83 }) },
      { path: '/', ...run({ seo: 66 }) },
    ],
  },
  navigation: { runs: 1, routes: [navigation([80], [250], [30])] },
  interactions: { runs: 3, results: [interaction([8, 16, 16], [24, 40, 32])] },
  admin: {
    engine: 'PostgreSQL 17.10 (embedded)',
    enquiries: 10_000,
    runs: 2,
    widths: [
      {
        width: 375,
        samples: admin([
          [700, 900, 610],
          [600, 500, 630],
        ]),
      },
    ],
  },
};

describe('the report', () => {
  const parts = renderParts(info, results);

  it('gives every figure its target and a result, heads each part with date, command and machine', () => {
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
    const rows = (part: string) =>
      parts
        .get(part)!
        .split('\n')
        .filter((l) => /^\| [/\w]/.test(l));
    expect(rows('bytes').slice(1)).toEqual([
      '| / | 105.7 | ≤ 120 | pass |',
      '| /about | 110.2 | ≤ 110 | **FAIL**: over budget |',
    ]);
    expect(rows('lighthouse').slice(1)).toEqual([
      '| /about | 100 | 100 | 100 | 100 | 900 | 83 | 0.000 | **FAIL**: TBT 83 > 50 |',
      '| / | 100 | 100 | 100 | 66 | 900 | 20 | 0.000 | **FAIL**: SEO 66 < 100 |',
    ]);
    expect(rows('navigation')).toContain('| /about | 80 | 30 | 250 | 30 | 0 | pass |');
    expect(rows('interactions')).toContain('| open the menu | ≤16 | 32 | pass |');
    expect(rows('admin')).toContain('| 375 px | 650 | 700 | 750 | 620 | pass |');
    expect(parts.get('admin')).toContain('both shown within 800 ms');
    expect(parts.get('admin')).toContain(
      "the deep link (the staff alert's `/admin/needs-reply?enquiry=<id>`, in a fresh context of the same run) shows the open record no later than the dashboard's first enquiries",
    );
  });

  it('replaces the parts a run measured and keeps the others, in a fixed order', () => {
    const full = mergeReport('', parts);
    const later = {
      ...info,
      date: '2026-11-26 08:00 UTC',
      command: 'npm run bench -- --only admin',
    };
    const postgres = {
      ...results.admin!,
      engine: 'PostgreSQL 15.18 (the server DATABASE_URL names)',
    };
    const merged = mergeReport(full, renderParts(later, { bytes: results.bytes, admin: postgres }));
    // bytes and admin measured again; lighthouse, navigation and interactions kept
    expect(merged.match(/^Measured 2026-11-26 08:00 UTC/gm)).toHaveLength(2);
    expect(merged.match(/^Measured 2026-11-25 23:10 UTC/gm)).toHaveLength(3);
    expect(merged).toContain(
      '10,000 enquiries on PostgreSQL 15.18 (the server DATABASE_URL names)',
    );
    expect(merged).not.toContain('(embedded)');
    const order = [...merged.matchAll(/<!-- part: ([\w-]+) -->/g)].map((m) => m[1]);
    expect(order).toEqual(['bytes', 'lighthouse', 'navigation', 'interactions', 'admin']);
    expect(mergeReport(merged, new Map())).toBe(merged);
  });

  it('keeps every part through Prettier, as written to docs/performance.md', async () => {
    const file = 'docs/performance.md';
    const pretty = (text: string) =>
      resolveConfig(file).then((config) => format(text, { ...config, filepath: file }));
    const once = await pretty(mergeReport('', parts));
    expect(await pretty(mergeReport(once, new Map()))).toBe(once);
  });
});

/** Runs of [submit to offer, offer to first free time], the booking code requested after submit. */
const booking = (times: [number, number][], code: CodeRequest = 'after submit'): BookingSample[] =>
  times.map(([sentMs, slotsMs]) => ({ sentMs, slotsMs, code }));

describe('the booking part', () => {
  it('holds the offer to its first free time by the median, and its code to after the submit', () => {
    const onTime = booking([
      [150, 290],
      [160, 320],
      [170, 120],
    ]);
    expect(bookingMisses(onTime)).toEqual([]);
    const late = booking([
      [150, 310],
      [160, 320],
      [170, 120],
    ]);
    expect(bookingMisses(late)).toEqual(['slots 310 > 300']);
    const early = [...onTime.slice(0, 2), ...booking([[170, 120]], 'with the page')];
    expect(bookingMisses(early)).toEqual(['booking code with the page in 1 of 3 runs']);
    const lost = booking([
      [150, NaN],
      [NaN, NaN],
    ]);
    lost[1]!.code = 'not requested';
    expect(bookingMisses(lost)).toEqual([
      'slots timed out in 2 of 2 runs',
      'booking code not requested in 1 of 2 runs',
    ]);
  });

  it('lists every run and the median per width, in a part of its own before local-start', () => {
    const part: BookingResult = {
      engine: 'PostgreSQL 17.10 (embedded)',
      runs: 3,
      widths: [
        {
          width: 375,
          samples: booking([
            [150, 98],
            [140, 67.4],
            [130, 120],
          ]),
        },
      ],
    };
    const localStart = { runs: 1, firstMs: [2000], restartMs: [800] };
    const rendered = renderParts(info, {
      bytes: results.bytes,
      booking: part,
      'local-start': localStart,
    });
    expect(rendered.get('booking')).toContain(
      '| 375 px | 140 | 98 | 98, 67, 120 | after submit in 3 of 3 runs | pass |',
    );
    expect(rendered.get('booking')).toContain('first free day or time within 300 ms');
    const merged = mergeReport(mergeReport('', renderParts(info, results)), rendered);
    const order = [...merged.matchAll(/<!-- part: ([\w-]+) -->/g)].map((m) => m[1]);
    expect(order.slice(-3)).toEqual(['admin', 'booking', 'local-start']);
  });
});

describe('the live part', () => {
  it('counts requests and API time over the minute per request and in all, after local-start', () => {
    const live: LiveResult = {
      engine: 'PostgreSQL 17.10 (embedded)',
      enquiries: 2000,
      sessions: 5,
      pollMs: 10_000,
      rounds: 6,
      requests: [
        { name: 'list page', perRound: 4, ms: Array.from({ length: 24 }, () => 50) },
        { name: 'open record', perRound: 5, ms: Array.from({ length: 30 }, () => 10) },
      ],
    };
    const rendered = renderParts(info, { bytes: results.bytes, live });
    const part = rendered.get('live')!;
    expect(part).toContain(
      '## Keeping staff screens current: 5 sessions polling every 10 s, 2,000 enquiries on PostgreSQL 17.10 (embedded) (6 polls, one minute)',
    );
    expect(part).toContain('No target.');
    // 24 × 50 ms = 1,200 ms of the minute's 60,000: 2%.
    expect(part).toContain('| list page | 4 | 24 | 50.0 | 1200 | 2.0% |');
    expect(part).toContain('| open record | 5 | 30 | 10.0 | 300 | 0.5% |');
    expect(part).toContain('| all, 5 sessions | 9 | 54 | 10.0 | 1500 | 2.5% |');
    const merged = mergeReport(mergeReport('', renderParts(info, results)), rendered);
    const order = [...merged.matchAll(/<!-- part: ([\w-]+) -->/g)].map((m) => m[1]);
    expect(order.at(-1)).toBe('live');
  });
});

describe('the slots part', () => {
  it('gives the median, p95 and slowest read per host count against the 50 ms median, last', () => {
    const rendered = renderParts(info, {
      bytes: results.bytes,
      slots: {
        engine: 'PostgreSQL 15.20 (the server DATABASE_URL names)',
        jit: 'on',
        runs: 4,
        rows: [
          { hosts: 1, slots: 60, ms: [4, 5, 6, 30] },
          { hosts: 5, slots: 125, ms: [600, 620, 640, 700] },
        ],
      },
    });
    const part = rendered.get('slots')!;
    expect(part).toContain(
      '## Free consultation times, one read on PostgreSQL 15.20 (the server DATABASE_URL names) (ms; 4 reads per row)',
    );
    expect(part).toContain("The server's `jit`: on;");
    expect(part).toContain('| 1 | 60 | 5.5 | 30.0 | 30.0 | pass |');
    expect(part).toContain('| 5 | 125 | 630.0 | 700.0 | 700.0 | **FAIL**: median 630.0 > 50 |');
    const merged = mergeReport(mergeReport('', renderParts(info, results)), rendered);
    const order = [...merged.matchAll(/<!-- part: ([\w-]+) -->/g)].map((m) => m[1]);
    expect(order.at(-1)).toBe('slots');
  });

  it('takes the nearest-rank percentile of the finite values', () => {
    const values = Array.from({ length: 20 }, (_, n) => n + 1);
    expect(percentile(values, 0.95)).toBe(19);
    expect(percentile([3, NaN, 1, 2], 0.5)).toBe(2);
    expect(percentile([], 0.95)).toBeNaN();
  });
});

describe('the answers part', () => {
  /** Answers of [POST answered, timeline showing it], in ms from the POST's start. */
  const answers = (times: [number, number][]) =>
    times.map(([storedMs, timelineMs]) => ({ storedMs, timelineMs }));

  it('holds the median answer on the timeline to the target, a lost one a miss', () => {
    expect(
      answersMisses(
        answers([
          [40, 60],
          [900, 1000],
          [2000, 2500],
        ]),
      ),
    ).toEqual([]);
    expect(
      answersMisses(
        answers([
          [40, 1001],
          [50, 1200],
          [60, 70],
        ]),
      ),
    ).toEqual(['timeline 1001 > 1000']);
    expect(
      answersMisses(
        answers([
          [40, 60],
          [50, NaN],
        ]),
      ),
    ).toEqual(['timeline timed out in 1 of 2 runs']);
  });

  it('holds the median delivery event on the timeline to the same target', () => {
    expect(
      deliveryMisses([
        { appliedMs: 10, timelineMs: 20 },
        { appliedMs: 12, timelineMs: 1500 },
        { appliedMs: 11, timelineMs: 30 },
      ]),
    ).toEqual([]);
    expect(
      deliveryMisses([
        { appliedMs: 10, timelineMs: 1100 },
        { appliedMs: 12, timelineMs: NaN },
      ]),
    ).toEqual(['delivery on the timeline timed out in 1 of 2 runs']);
  });

  it('gives the median, fastest and slowest of each post and of the timeline, last', () => {
    const rendered = renderParts(info, {
      bytes: results.bytes,
      answers: {
        engine: 'PostgreSQL 17.10 (embedded)',
        runs: 4,
        pollMs: 10,
        samples: answers([
          [30, 45],
          [20.4, 31],
          [80, 167],
          [50, 60],
        ]),
        deliveries: [
          { appliedMs: 8, timelineMs: 14 },
          { appliedMs: 6, timelineMs: 12 },
          { appliedMs: 9, timelineMs: 2000 },
          { appliedMs: 7, timelineMs: 16 },
        ],
      },
    });
    const part = rendered.get('answers')!;
    expect(part).toContain(
      "## Mail events, webhook to timeline, on PostgreSQL 17.10 (embedded) (ms from the webhook's start; 4 runs)",
    );
    expect(part).toContain("the median event on the record's timeline within 1,000 ms");
    expect(part).toContain('reads `enquiry_timeline` every 10 ms');
    expect(part).toContain(
      '| an answer stored (the reply POST answered) | 40 | 20 | 80 | no target |',
    );
    expect(part).toContain("| the answer on the admin's timeline | 53 | 31 | 167 | pass |");
    expect(part).toContain(
      '| a delivery event applied (mail-events answered) | 8 | 6 | 9 | no target |',
    );
    expect(part).toContain(
      "| the mail delivered on the admin's timeline | 15 | 12 | 2000 | pass |",
    );
    const merged = mergeReport(mergeReport('', renderParts(info, results)), rendered);
    const order = [...merged.matchAll(/<!-- part: ([\w-]+) -->/g)].map((m) => m[1]);
    expect(order.at(-1)).toBe('answers');
  });

  it('shows a run whose answer never reached the timeline as a timeout, not a figure', () => {
    const rendered = renderParts(info, {
      bytes: results.bytes,
      answers: {
        engine: 'PostgreSQL 17.10 (embedded)',
        runs: 2,
        pollMs: 10,
        samples: answers([
          [30, NaN],
          [40, NaN],
        ]),
        deliveries: [
          { appliedMs: 8, timelineMs: 14 },
          { appliedMs: 6, timelineMs: 12 },
        ],
      },
    });
    expect(rendered.get('answers')).toContain(
      "| the answer on the admin's timeline | timeout | timeout | timeout | **FAIL**: timeline timed out in 2 of 2 runs |",
    );
  });
});

describe('the floor part', () => {
  const figures = (lcpMs: number, performance = 100): FloorFigures => ({
    performance,
    lcpMs,
    fcpMs: lcpMs - 100,
    tbtMs: 10,
    cls: 0,
    documentKb: lcpMs / 100,
  });
  /** A path whose site, page without scripts and one-line page had these LCPs. */
  const row = (site: number, noScripts: number, oneLine: number, path = '/about'): FloorRow => ({
    path,
    site: figures(site, 99),
    noScripts: figures(noScripts),
    oneLine: figures(oneLine),
  });

  it("holds the site's LCP to 1.25x the one-line page's, a missing figure a miss", () => {
    expect(lcpRatio(row(1000, 900, 800), 'oneLine')).toBe(1.25);
    expect(lcpRatio(row(1000, 800, 800), 'noScripts')).toBe(1.25);
    expect(floorMisses(row(1000, 900, 800))).toEqual([]);
    expect(floorMisses(row(1001, 900, 800))).toEqual(['LCP 1001 > 1000 (1.25x one-line)']);
    expect(floorMisses(row(1200, 900, 800))).toEqual(['LCP 1200 > 1000 (1.25x one-line)']);
    expect(floorMisses(row(NaN, 900, 800))).toEqual(['no LCP to compare']);
    expect(floorMisses(row(1000, 900, NaN))).toEqual(['no LCP to compare']);
  });

  it('gives each path a table of the three pages with the ratios, right after Lighthouse', async () => {
    const floor = {
      version: '13.5.0',
      runs: 5,
      paths: [row(920, 900, 800, '/'), row(1100.4, 880, 800)],
    };
    const rendered = renderParts(info, { bytes: results.bytes, floor });
    const part = rendered.get('floor')!;
    expect(part).toContain(
      '## Each page beside its floor: the same page without scripts and a one-line page (Lighthouse 13.5.0, mobile, simulated throttling; median of 5)',
    );
    expect(part).toContain(
      "Target: the site's LCP at most 1.25x the one-line page's, on each path.",
    );
    expect(part).toContain('Measured 2026-11-25 23:10 UTC by `npm run bench` on a test CPU.');
    const [home, about] = part.split(/^### /m).slice(1);
    expect(home).toMatch(/^\/\n/);
    expect(home).toContain(
      '| page | LCP ms | FCP ms | TBT ms | CLS | perf | first response | site LCP ÷ this | result |',
    );
    expect(home).toContain('| site | 920 | 820 | 10 | 0.000 | 99 | 9.2 | 1.00x | pass |');
    expect(home).toContain(
      '| without scripts | 900 | 800 | 10 | 0.000 | 100 | 9.0 | 1.02x | no target |',
    );
    expect(home).toContain(
      '| one-line page | 800 | 700 | 10 | 0.000 | 100 | 8.0 | 1.15x | no target |',
    );
    expect(about).toMatch(/^\/about\n/);
    expect(about).toContain(
      '| site | 1100 | 1000 | 10 | 0.000 | 99 | 11.0 | 1.00x | **FAIL**: LCP 1100 > 1000 (1.25x one-line) |',
    );
    expect(about).toContain(
      '| one-line page | 800 | 700 | 10 | 0.000 | 100 | 8.0 | 1.38x | no target |',
    );

    const merged = mergeReport(mergeReport('', renderParts(info, results)), rendered);
    const order = [...merged.matchAll(/<!-- part: ([\w-]+) -->/g)].map((m) => m[1]);
    expect(order.slice(0, 3)).toEqual(['bytes', 'lighthouse', 'floor']);
    const file = 'docs/performance.md';
    const pretty = (text: string) =>
      resolveConfig(file).then((config) => format(text, { ...config, filepath: file }));
    const once = await pretty(merged);
    expect(once).toContain('### /about');
    expect(await pretty(mergeReport(once, new Map()))).toBe(once);
  });
});

describe('the preload part', () => {
  const samples = (pairs: [number, number][]) =>
    pairs.map(([scriptKb, tapMs]) => ({ scriptKb, tapMs }));
  const row = {
    path: '/about',
    target: '/services',
    sight: samples([
      [112.2, 40],
      [112.4, 60],
      [112.3, 50],
    ]),
    intent: samples([
      [100, 420],
      [100, 380],
      [100.5, 400],
    ]),
  };

  it('says what on-sight preloading buys a tap for the bytes it costs, by the medians', () => {
    expect(preloadVerdict(row)).toBe('350 ms faster for 12.3 KB more');
    expect(preloadVerdict({ ...row, intent: row.sight })).toBe('no faster, for 0.0 KB more');
    expect(preloadVerdict({ ...row, sight: samples([[1, NaN]]) })).toBe('a tap timed out');
  });

  it('gives each path both modes side by side, after interactions', () => {
    const rendered = renderParts(info, {
      bytes: results.bytes,
      preload: { runs: 3, tapHoldMs: 100, rows: [row] },
    });
    const part = rendered.get('preload')!;
    expect(part).toContain('## Preloading the links on screen: what it costs and buys a phone');
    expect(part).toContain('the finger down 100 ms before the click');
    expect(part).toContain(
      '| /about | /services | 112.3 | 100.0 | 50 | 400 | 350 ms faster for 12.3 KB more |',
    );
    const merged = mergeReport(mergeReport('', renderParts(info, results)), rendered);
    const order = [...merged.matchAll(/<!-- part: ([\w-]+) -->/g)].map((m) => m[1]);
    expect(order.indexOf('preload')).toBe(order.indexOf('interactions') + 1);
  });
});
