import type { AdminResult } from './admin.ts';
import type { InteractionResult, NavigationResult } from './browser.ts';
import type { FirstLoad } from './first-load.ts';
import {
  browserTargets,
  EVENT_TIMING_THRESHOLD_MS,
  isPublic,
  lighthouseTargets,
  missedTargets,
  profiles,
  type LighthouseFigures,
  type ProfileId,
} from './targets.ts';

export type BytesRow = { path: string; firstLoad: FirstLoad; budgetKb: number | undefined };
export type BenchResults = {
  bytes: BytesRow[];
  lighthouse?: { version: string; runs: number; routes: (LighthouseFigures & { path: string })[] };
  navigation?: { runs: number; routes: NavigationResult[] };
  interactions?: { runs: number; results: InteractionResult[] };
  admin?: AdminResult;
};
export const parts = ['bytes', 'lighthouse', 'navigation', 'interactions', 'admin'] as const;
export type Part = (typeof parts)[number];
/** When, how and on what a run measured: the first line of each part it writes. */
export type RunInfo = { date: string; command: string; machine: string };

/** A figure as printed; a missing one (NaN, null) is "-". */
export const fmt = (n: number | null | undefined, digits = 0) =>
  n == null || Number.isNaN(n) ? '-' : n.toFixed(digits);
const result = (misses: readonly string[]) =>
  misses.length === 0 ? 'pass' : `**FAIL**: ${misses.join(', ')}`;
/** A Markdown table; `columns` separated by "|", figures aligned right. */
const table = (columns: string, rows: string[][]) =>
  [columns.split('|'), ...rows]
    .map((cells) => `| ${cells.join(' | ')} |`)
    .toSpliced(1, 0, `|---|${'---:|'.repeat(columns.split('|').length - 2)}---|`)
    .join('\n');

/** The routes whose first-load JS exceeds their budget (routes without one never do). */
export const overBudget = (rows: readonly BytesRow[]) =>
  rows.filter((r) => r.budgetKb !== undefined && r.firstLoad.jsKb > r.budgetKb);

function bytesPart(rows: readonly BytesRow[]) {
  const over = overBudget(rows);
  const body = rows.map((r) => [
    r.path,
    fmt(r.firstLoad.jsKb, 1),
    fmt(r.firstLoad.cssKb, 1),
    fmt(r.firstLoad.htmlKb, 1),
    r.budgetKb === undefined ? 'none' : `≤ ${r.budgetKb}`,
    r.budgetKb === undefined ? '-' : result(over.includes(r) ? ['over budget'] : []),
  ]);
  const budgeted = rows.filter((r) => r.budgetKb !== undefined).length;
  return [
    '## First-load bytes (gzip, KB)',
    table('route|JS|CSS|HTML|JS budget|result', body),
    `Within the JS budget: ${budgeted - over.length} of ${budgeted} public routes.`,
  ];
}

function lighthousePart({ version, runs, routes }: NonNullable<BenchResults['lighthouse']>) {
  const t = lighthouseTargets;
  const judged = routes.filter((r) => isPublic(r.path));
  const met = judged.filter((r) => missedTargets(r.path, r).length === 0).length;
  const body = routes.map((r) => [
    r.path,
    fmt(r.performance),
    fmt(r.accessibility),
    fmt(r.bestPractices),
    fmt(r.seo),
    fmt(r.lcpMs),
    fmt(r.tbtMs),
    (r.tbtRunsMs ?? []).map((ms) => fmt(ms)).join(' / '),
    fmt(r.cls, 3),
    fmt(r.fcpMs),
    isPublic(r.path) ? result(missedTargets(r.path, r)) : 'no target',
  ]);
  return [
    `## Lighthouse ${version} (mobile, simulated throttling; median of ${runs})`,
    `Targets: performance ${t.homePerformance} on /, ${t.otherPerformance} elsewhere; LCP ≤ ${t.lcpMs} ms; TBT ≤ ${t.tbtMs} ms; CLS ${t.cls}; accessibility, best practices and SEO ${t.seo}.`,
    table('route|perf|a11y|best pr.|SEO|LCP ms|TBT ms|TBT of each run|CLS|FCP ms|result', body),
    `Every target met on ${met} of ${judged.length} public routes.`,
  ];
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The median of the finite values (a run that timed out is NaN); NaN when there are none. */
export function medianOf(values: readonly number[]): number {
  const finite = values.filter(Number.isFinite);
  return finite.length === 0 ? Number.NaN : median(finite);
}

/** How a set of runs misses its target, in words; undefined when the median meets it. */
function miss(label: string, samples: readonly number[], target: number) {
  if (samples.length === 0) return undefined;
  // A run that timed out is a miss, whatever the median of the others says.
  const timeouts = samples.filter((ms) => !Number.isFinite(ms)).length;
  if (timeouts > 0) return `${label} timed out in ${timeouts} of ${samples.length} runs`;
  const ms = median(samples);
  return ms <= target ? undefined : `${label} ${Math.round(ms)} > ${target}`;
}

/** The most blank frames any run of a route painted, cold or warm, on either CPU. */
export const blankFrames = (r: NavigationResult) =>
  Math.max(
    0,
    ...profiles.flatMap((p) => [...r.cold[p.id], ...r.warm[p.id]].map((s) => s.blankFrames)),
  );

export function navigationMisses(r: NavigationResult): string[] {
  const misses = profiles.map((p) =>
    miss(
      `cold ${p.label}`,
      r.cold[p.id].map((s) => s.ms),
      browserTargets.navigationMs[p.id],
    ),
  );
  const blank = blankFrames(r);
  if (blank > browserTargets.blankFrames) misses.push(`${blank} blank frame(s)`);
  return misses.filter((m) => m !== undefined);
}

export const interactionMisses = (r: InteractionResult) =>
  profiles
    .map((p) =>
      miss(
        `INP ${p.label}`,
        r.runs[p.id].map((s) => s.inpMs),
        browserTargets.inpMs[p.id],
      ),
    )
    .filter((m) => m !== undefined);

const ms = (samples: readonly number[]) => {
  if (samples.length === 0) return '-';
  const value = medianOf(samples);
  return Number.isFinite(value) ? String(Math.round(value)) : 'timeout';
};
const inp = (samples: readonly number[]) =>
  samples.length > 0 && medianOf(samples) <= EVENT_TIMING_THRESHOLD_MS
    ? `≤${EVENT_TIMING_THRESHOLD_MS}`
    : ms(samples);

function navigationPart({ runs, routes }: NonNullable<BenchResults['navigation']>) {
  const t = browserTargets;
  const cell = (r: NavigationResult, kind: 'cold' | 'warm', id: ProfileId) =>
    ms(r[kind][id].map((s) => s.ms));
  const met = routes.filter((r) => navigationMisses(r).length === 0).length;
  return [
    `## Client-side navigation from / (ms from the click to the new \`<h1>\` painted; median of ${runs})`,
    `Targets: cold ≤ ${t.navigationMs.desktop} ms at desktop, ≤ ${t.navigationMs.cpu4x} ms at 4x CPU; ${t.blankFrames} frames without an \`<h1>\` or a title. Warm clicks have no target.`,
    table(
      'link from / to|cold desktop|warm desktop|cold 4x CPU|warm 4x CPU|blank frames|result',
      routes.map((r) => [
        r.path,
        cell(r, 'cold', 'desktop'),
        cell(r, 'warm', 'desktop'),
        cell(r, 'cold', 'cpu4x'),
        cell(r, 'warm', 'cpu4x'),
        String(blankFrames(r)),
        result(navigationMisses(r)),
      ]),
    ),
    `Every target met on ${met} of ${routes.length} routes.`,
  ];
}

function interactionsPart({ runs, results }: NonNullable<BenchResults['interactions']>) {
  const t = browserTargets;
  const met = results.filter((r) => interactionMisses(r).length === 0).length;
  const pick = (r: InteractionResult, id: ProfileId, key: 'inpMs' | 'shownMs') =>
    r.runs[id].map((s) => s[key]);
  return [
    `## Interaction to next paint on / (ms; median of ${runs})`,
    `Targets: INP ≤ ${t.inpMs.desktop} ms at desktop, ≤ ${t.inpMs.cpu4x} ms at 4x CPU. "Shown", from pointerdown to the result painted, has no target.`,
    table(
      'interaction|INP desktop|INP 4x CPU|shown desktop|shown 4x CPU|result',
      results.map((r) => [
        r.label,
        inp(pick(r, 'desktop', 'inpMs')),
        inp(pick(r, 'cpu4x', 'inpMs')),
        ms(pick(r, 'desktop', 'shownMs')),
        ms(pick(r, 'cpu4x', 'shownMs')),
        result(interactionMisses(r)),
      ]),
    ),
    `Every target met on ${met} of ${results.length} interactions.`,
  ];
}

function adminPart({ rows, engine, firstRowsMs, searchMs }: NonNullable<BenchResults['admin']>) {
  const runs = (values: number[]) => values.map((v) => Math.round(v)).join(' / ');
  return [
    `## Admin dashboard, ${rows.toLocaleString('en-GB')} enquiries on ${engine} (ms; median of ${firstRowsMs.length})`,
    'No target: measured to see what a realistic table costs. The search time includes its 300 ms typing pause.',
    table('from|median|each run|result', [
      ['navigating to /admin to the first row', ms(firstRowsMs), runs(firstRowsMs), 'no target'],
      ['typing a search to its one result', ms(searchMs), runs(searchMs), 'no target'],
    ]),
  ];
}

/** Each part the results hold, as Markdown, headed by when, how and on what it was measured. */
export function renderParts(info: RunInfo, results: BenchResults): Map<Part, string> {
  const rendered = new Map<Part, string>();
  const add = (part: Part, [title, ...rest]: string[]) =>
    rendered.set(
      part,
      [title, `Measured ${info.date} by \`${info.command}\` on ${info.machine}.`, ...rest].join(
        '\n\n',
      ),
    );
  add('bytes', bytesPart(results.bytes));
  if (results.lighthouse) add('lighthouse', lighthousePart(results.lighthouse));
  if (results.navigation) add('navigation', navigationPart(results.navigation));
  if (results.interactions) add('interactions', interactionsPart(results.interactions));
  if (results.admin) add('admin', adminPart(results.admin));
  return rendered;
}

const HEADER = `# Performance report

Generated by \`npm run bench\` (scripts/bench.ts); do not edit by hand. A run rewrites the parts it
measured and keeps the others, each part saying when, by which command and on what machine it was
measured; a bytes-only run (the budget check inside \`npm test\`) writes nothing. The budgets and
targets are in scripts/bench/targets.ts; what each figure measures is in
[docs/measuring.md](measuring.md); earlier figures are in this file's git history.`;

const marker = (part: Part) => `<!-- part: ${part} -->`;

/** The report with `fresh` parts replacing those of the same name in `previous`, in a fixed order. */
export function mergeReport(previous: string | undefined, fresh: Map<Part, string>): string {
  const kept = new Map<Part, string>();
  for (const match of (previous ?? '').matchAll(
    /<!-- part: (\w+) -->\n([\s\S]*?)(?=\n<!-- part: |$)/g,
  )) {
    kept.set(match[1] as Part, match[2]!.trim());
  }
  const body = parts
    .map((part) => fresh.get(part) ?? kept.get(part))
    .map((text, i) => (text === undefined ? undefined : `${marker(parts[i]!)}\n${text}`))
    .filter((block) => block !== undefined);
  return `${[HEADER, ...body].join('\n\n')}\n`;
}
