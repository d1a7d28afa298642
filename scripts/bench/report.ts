import type { AdminResult, AdminSample } from './admin.ts';
import type { AnswerSample, AnswersResult, DeliverySample } from './answers.ts';
import type { BookingResult, BookingSample } from './booking.ts';
import type { InteractionResult, NavigationResult } from './browser.ts';
import type { BytesRow } from './first-load.ts';
import type { FloorResult, FloorRow, FloorVariant } from './floor.ts';
import type { PreloadMode, PreloadResult, PreloadRow } from './preload.ts';
import type { LocalStartResult } from './local-start.ts';
import type { LiveResult } from './live.ts';
import type { SlotsResult } from './slots.ts';
import {
  adminTarget,
  answersTarget,
  bookingTarget,
  browserTargets,
  EVENT_TIMING_THRESHOLD_MS,
  floorTarget,
  lighthouseTargets as lh,
  missedTargets,
  profiles,
  slotsTarget,
  type LighthouseFigures,
} from './targets.ts';

export type BenchResults = {
  bytes: BytesRow[];
  lighthouse?: { version: string; runs: number; routes: (LighthouseFigures & { path: string })[] };
  floor?: FloorResult;
  navigation?: { runs: number; routes: NavigationResult[] };
  interactions?: { runs: number; results: InteractionResult[] };
  preload?: PreloadResult;
  admin?: AdminResult;
  booking?: BookingResult;
  'local-start'?: LocalStartResult;
  live?: LiveResult;
  slots?: SlotsResult;
  answers?: AnswersResult;
};
export const parts = [
  'bytes',
  'lighthouse',
  'floor',
  'navigation',
  'interactions',
  'preload',
  'admin',
  'booking',
  'local-start',
  'live',
  'slots',
  'answers',
] as const;
/** The report's sections, in order. */
const sections: readonly string[] = parts;
/** When, how and on what a run measured: the first line of each part it writes. */
export type RunInfo = { date: string; command: string; machine: string };

/** The median of the finite values (a run that timed out is NaN); NaN when there are none. */
export function median(values: readonly number[]): number {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return NaN;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The value at or below which `share` of the finite values lie (nearest rank); NaN for none. */
export function percentile(values: readonly number[], share: number): number {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;
}

/** A figure as printed; a missing one (NaN) is "-". */
const fmt = (n: number, digits = 0) => (Number.isNaN(n) ? '-' : n.toFixed(digits));
/** The median of some runs in whole ms; "timeout" when every run timed out. */
const ms = (samples: readonly number[]) =>
  Number.isNaN(median(samples)) ? 'timeout' : fmt(median(samples));
const inp = (samples: readonly number[]) =>
  median(samples) <= EVENT_TIMING_THRESHOLD_MS ? `≤${EVENT_TIMING_THRESHOLD_MS}` : ms(samples);
const result = (misses: readonly string[]) =>
  misses.length === 0 ? 'pass' : `**FAIL**: ${misses.join(', ')}`;

/** How a set of runs misses its target, in words; none when the median meets it. */
function miss(label: string, samples: readonly number[], target: number): string[] {
  // A run that timed out is a miss, whatever the median of the others says.
  const timeouts = samples.filter((ms) => !Number.isFinite(ms)).length;
  if (timeouts > 0) return [`${label} timed out in ${timeouts} of ${samples.length} runs`];
  const value = median(samples);
  return value <= target ? [] : [`${label} ${Math.round(value)} > ${target}`];
}

/** The routes whose first-load JS exceeds their budget. */
export const overBudget = (rows: readonly BytesRow[]) => rows.filter((r) => r.jsKb > r.budgetKb);

export const navigationMisses = (r: NavigationResult) => [
  ...profiles.flatMap((p) =>
    miss(`cold ${p.label}`, r.cold[p.id], browserTargets.navigationMs[p.id]),
  ),
  ...(r.blankFrames > browserTargets.blankFrames ? [`${r.blankFrames} blank frame(s)`] : []),
];

export const interactionMisses = (r: InteractionResult) =>
  profiles.flatMap((p) => miss(`INP ${p.label}`, r.inpMs[p.id], browserTargets.inpMs[p.id]));

/** Each run's later of the first enquiries and the overview, held to the admin target. */
const bothShown = (samples: AdminSample[]) => samples.map((s) => Math.max(s.rowsMs, s.overviewMs));
/**
 * The open record of a link to one enquiry no later than the dashboard's first enquiries: median
 * against median, at the same width in the same runs. Rows that timed out are the shown miss's.
 */
function recordMisses(samples: AdminSample[]): string[] {
  const records = samples.map((s) => s.recordMs);
  const timeouts = records.filter((ms) => !Number.isFinite(ms)).length;
  if (timeouts > 0) return [`record timed out in ${timeouts} of ${samples.length} runs`];
  const [record, rows] = [median(records), median(samples.map((s) => s.rowsMs))];
  return Number.isNaN(rows) || record <= rows
    ? []
    : [`record ${Math.round(record)} > first enquiries ${Math.round(rows)}`];
}

export const adminMisses = (samples: AdminSample[]) => [
  ...miss('shown', bothShown(samples), adminTarget.shownMs),
  ...recordMisses(samples),
];

/** The site's median LCP over each page's of the same path: 1 for the site itself. */
export const lcpRatio = (row: FloorRow, variant: FloorVariant) =>
  row.site.lcpMs / row[variant].lcpMs;

/** The site's LCP within its target multiple of the one-line page's. */
export function floorMisses(row: FloorRow): string[] {
  const ratio = lcpRatio(row, 'oneLine');
  if (Number.isNaN(ratio)) return ['no LCP to compare'];
  const limit = floorTarget.lcpRatio * row.oneLine.lcpMs;
  return ratio <= floorTarget.lcpRatio
    ? []
    : [
        `LCP ${Math.round(row.site.lcpMs)} > ${Math.round(limit)} (${floorTarget.lcpRatio}x one-line)`,
      ];
}

/** The free times within the target of the offer, and the booking code never with the page. */
export function bookingMisses(samples: BookingSample[]): string[] {
  const early = samples.filter((s) => s.code !== 'after submit');
  const code = early.length === 0 ? [] : [`booking code ${codeCounts(early, samples.length)}`];
  const slots = samples.map((s) => s.slotsMs);
  return [...miss('slots', slots, bookingTarget.slotsMs), ...code];
}

/** Where the runs' booking code was requested, counted: "after submit in 3 of 3 runs". */
function codeCounts(samples: BookingSample[], of: number): string {
  const codes = [...new Set(samples.map((s) => s.code))];
  const count = (code: string) => samples.filter((s) => s.code === code).length;
  return codes.map((code) => `${code} in ${count(code)} of ${of} runs`).join(', ');
}

/** The answers on the timeline within the target, by the median; one that never showed a miss. */
export const answersMisses = (samples: readonly AnswerSample[]) =>
  miss(
    'timeline',
    samples.map((s) => s.timelineMs),
    answersTarget.medianMs,
  );

/** The delivery events on the timeline, held to the same target. */
export const deliveryMisses = (samples: readonly DeliverySample[]) =>
  miss(
    'delivery on the timeline',
    samples.map((s) => s.timelineMs),
    answersTarget.medianMs,
  );

/**
 * One part of the report: a heading, what it is held to, and a table with a result per row, or
 * one such table per group.
 */
type Section = { title: string; targets?: string; columns: string } & (
  { rows: string[][] } | { groups: { heading: string; rows: string[][] }[] }
);

const bytesSection = (rows: readonly BytesRow[]): Section => ({
  title: 'First-load JS (gzip, KB)',
  columns: 'route|JS|budget|result',
  rows: rows.map((r) => [
    r.path,
    fmt(r.jsKb, 1),
    `≤ ${r.budgetKb}`,
    result(r.jsKb > r.budgetKb ? ['over budget'] : []),
  ]),
});

const lighthouseSection = (part: NonNullable<BenchResults['lighthouse']>): Section => ({
  title: `Lighthouse ${part.version} (mobile, simulated throttling; median of ${part.runs})`,
  targets: `Targets: performance ${lh.homePerformance} on /, ${lh.otherPerformance} elsewhere; LCP ≤ ${lh.lcpMs} ms; TBT ≤ ${lh.tbtMs} ms; CLS ${lh.cls}; accessibility, best practices and SEO ${lh.seo}.`,
  columns: 'route|perf|a11y|best pr.|SEO|LCP ms|TBT ms|CLS|result',
  rows: part.routes.map((r) => [
    r.path,
    ...[r.performance, r.accessibility, r.bestPractices, r.seo, r.lcpMs, r.tbtMs].map((n) =>
      fmt(n),
    ),
    fmt(r.cls, 3),
    result(missedTargets(r.path, r)),
  ]),
});

/** The rows of a path's table, in order. */
const floorLabels: Record<FloorVariant, string> = {
  site: 'site',
  noScripts: 'without scripts',
  oneLine: 'one-line page',
};

const floorSection = (part: FloorResult): Section => ({
  title: `Each page beside its floor: the same page without scripts and a one-line page (Lighthouse ${part.version}, mobile, simulated throttling; median of ${part.runs})`,
  targets: `Target: the site's LCP at most ${floorTarget.lcpRatio}x the one-line page's, on each path. "Without scripts" is the page's HTML with every \`<script>\` but JSON-LD and every \`<link rel="modulepreload">\` removed, so its full stylesheet, which the loader asks for, never comes; the one-line page is a title and a paragraph. All three from one server with the same headers and compression, one after the other in every run. "First response" is the page's HTML on the wire, headers included (KB): a first response larger than a new connection's first round trip carries (ten TCP segments, about 14 KB) costs one round trip more before the first paint. "Site LCP ÷ this" is the site's median LCP over the row's.`,
  columns: 'page|LCP ms|FCP ms|TBT ms|CLS|perf|first response|site LCP ÷ this|result',
  groups: part.paths.map((row) => ({
    heading: row.path,
    rows: (Object.entries(floorLabels) as [FloorVariant, string][]).map(([variant, label]) => {
      const figures = row[variant];
      return [
        label,
        ...[figures.lcpMs, figures.fcpMs, figures.tbtMs].map((n) => fmt(n)),
        fmt(figures.cls, 3),
        fmt(figures.performance),
        fmt(figures.documentKb, 1),
        `${fmt(lcpRatio(row, variant), 2)}x`,
        variant === 'site' ? result(floorMisses(row)) : 'no target',
      ];
    }),
  })),
});

const navigationSection = (part: NonNullable<BenchResults['navigation']>): Section => ({
  title: `Client-side navigation from / (ms from the click to the new \`<h1>\` painted; median of ${part.runs})`,
  targets: `Targets: cold ≤ ${browserTargets.navigationMs.desktop} ms at desktop, ≤ ${browserTargets.navigationMs.cpu4x} ms at 4x CPU; ${browserTargets.blankFrames} frames without an \`<h1>\` or a title. Warm clicks have no target.`,
  columns: 'link from / to|cold desktop|warm desktop|cold 4x CPU|warm 4x CPU|blank frames|result',
  rows: part.routes.map((r) => [
    r.path,
    ...profiles.flatMap((p) => [ms(r.cold[p.id]), ms(r.warm[p.id])]),
    String(r.blankFrames),
    result(navigationMisses(r)),
  ]),
});

const interactionsSection = (part: NonNullable<BenchResults['interactions']>): Section => ({
  title: `Interaction to next paint on / (ms; median of ${part.runs})`,
  targets: `Targets: INP ≤ ${browserTargets.inpMs.desktop} ms at desktop, ≤ ${browserTargets.inpMs.cpu4x} ms at 4x CPU.`,
  columns: 'interaction|INP desktop|INP 4x CPU|result',
  rows: part.results.map((r) => [
    r.label,
    ...profiles.map((p) => inp(r.inpMs[p.id])),
    result(interactionMisses(r)),
  ]),
});

const adminSection = ({ engine, enquiries, runs, widths }: AdminResult): Section => ({
  title: `Staff dashboard, ${enquiries.toLocaleString('en-GB')} enquiries on ${engine} (ms from navigating; median of ${runs})`,
  targets: `Target: the first enquiries and the overview's figures both shown within ${adminTarget.shownMs} ms, at each width; the deep link (the staff alert's \`/admin/needs-reply?enquiry=<id>\`, in a fresh context of the same run) shows the open record no later than the dashboard's first enquiries.`,
  columns: 'width|first enquiries|overview|both|deep link: record|result',
  rows: widths.map(({ width, samples }) => [
    `${width} px`,
    ms(samples.map((s) => s.rowsMs)),
    ms(samples.map((s) => s.overviewMs)),
    ms(bothShown(samples)),
    ms(samples.map((s) => s.recordMs)),
    result(adminMisses(samples)),
  ]),
});

const bookingSection = ({ engine, runs, widths }: BookingResult): Section => ({
  title: `Booking after an enquiry on ${engine} (ms; median of ${runs})`,
  targets: `Target: the consultation offer (the enquiry form's success state) shows its first free day or time within ${bookingTarget.slotsMs} ms of appearing, at each width; its code is requested only after the submit, never with the page. From the submit to the offer (the enquiry sent and its book token claimed) has no target.`,
  columns: 'width|submit to offer|offer to first free time|runs|booking code|result',
  rows: widths.map(({ width, samples }) => [
    `${width} px`,
    ms(samples.map((s) => s.sentMs)),
    ms(samples.map((s) => s.slotsMs)),
    samples.map((s) => fmt(s.slotsMs)).join(', '),
    codeCounts(samples, samples.length),
    result(bookingMisses(samples)),
  ]),
});

const localStartSection = ({ runs, firstMs, restartMs }: LocalStartResult): Section => ({
  title: `Embedded backend start (ms until it serves; median of ${runs})`,
  targets:
    'No target: what `npm run dev` waits for on a fresh clone (a PostgreSQL cluster initialised and started, every migration and the seed applied) and when started again over the same data.',
  columns: 'start|ms|runs',
  rows: [
    ['first, fresh clone', ms(firstMs), firstMs.map((value) => fmt(value)).join(', ')],
    ['restart', ms(restartMs), restartMs.map((value) => fmt(value)).join(', ')],
  ],
});

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

const liveSection = (part: LiveResult): Section => ({
  title: `Keeping staff screens current: ${part.sessions} sessions polling every ${part.pollMs / 1000} s, ${part.enquiries.toLocaleString('en-GB')} enquiries on ${part.engine} (${part.rounds} polls, one minute)`,
  targets: `No target. Four sessions have the dashboard open with a record, one Needs a reply with a record; each poll sends what those screens ask, one request at a time. "API ms" is each request's time from sending to its answer through the local API (PostgREST and the database over loopback), summed over the minute; "busy" is that sum as a share of the minute.`,
  columns: 'request|per poll|per minute|median ms|API ms per minute|busy',
  rows: [
    ...part.requests.map((r) => [
      r.name,
      String(r.perRound),
      String(r.ms.length),
      fmt(median(r.ms), 1),
      fmt(sum(r.ms)),
      `${fmt((sum(r.ms) / 60_000) * 100, 1)}%`,
    ]),
    [
      `all, ${part.sessions} sessions`,
      String(sum(part.requests.map((r) => r.perRound))),
      String(sum(part.requests.map((r) => r.ms.length))),
      fmt(median(part.requests.flatMap((r) => r.ms)), 1),
      fmt(sum(part.requests.flatMap((r) => r.ms))),
      `${fmt((sum(part.requests.flatMap((r) => r.ms)) / 60_000) * 100, 1)}%`,
    ],
  ],
});

/** What preloading on sight buys a tap on this path, for what it costs: the medians compared. */
export function preloadVerdict(row: PreloadRow): string {
  const tap = (mode: PreloadMode) => median(row[mode].map((s) => s.tapMs));
  const kb = (mode: PreloadMode) => median(row[mode].map((s) => s.scriptKb));
  const faster = tap('intent') - tap('sight');
  const extra = kb('sight') - kb('intent');
  if (!Number.isFinite(faster)) return 'a tap timed out';
  return faster > 0
    ? `${fmt(faster)} ms faster for ${fmt(extra, 1)} KB more`
    : `no faster, for ${fmt(extra, 1)} KB more`;
}

const preloadSection = ({ runs, tapHoldMs, rows }: PreloadResult): Section => ({
  title: `Preloading the links on screen: what it costs and buys a phone (median of ${runs})`,
  targets: `No target: this part shows whether preloading on sight earns its bytes. Each path on a 375 px screen over Lighthouse's mobile link (150 ms round trip, 1,638.4 kbit/s down) with the CPU slowed four times, in a fresh context, as shipped ("on sight") and with the browser's Save-Data on, when only intent fetches a page's code ("intent only"). "script" is all the script the page fetched until, hydrated, its network was quiet (on the wire, KB): the first load is the same in both, so the difference is what preloading on sight fetched; "tap" is the first link on screen that leads elsewhere (in \`<main>\` if it shows one, else the header's), the finger down ${tapHoldMs} ms before the click, from the click to the new \`<h1>\` painted (ms).`,
  columns:
    'path|link tapped|script, on sight|script, intent only|tap, on sight|tap, intent only|on sight buys',
  rows: rows.map((row) => [
    row.path,
    row.target,
    fmt(median(row.sight.map((s) => s.scriptKb)), 1),
    fmt(median(row.intent.map((s) => s.scriptKb)), 1),
    ms(row.sight.map((s) => s.tapMs)),
    ms(row.intent.map((s) => s.tapMs)),
    preloadVerdict(row),
  ]),
});

const slotsSection = ({ engine, jit, runs, rows }: SlotsResult): Section => ({
  title: `Free consultation times, one read on ${engine} (ms; ${runs} reads per row)`,
  targets: `Target: the median read within ${slotsTarget.medianMs} ms for every host count, five hosts included. Each admin has a fortnight of weekday hours, a day off, a date with other hours, busy times from a calendar and bookings; the enquiry is assigned to no one, so every admin taking consultations hosts it. One \`consultation_slots\` call at a time over loopback, after two unmeasured. The server's \`jit\`: ${jit}; the slot functions turn it off for themselves.`,
  columns: 'hosts|free times|median|p95|slowest|result',
  rows: rows.map(({ hosts, slots, ms: samples }) => [
    String(hosts),
    String(slots),
    fmt(median(samples), 1),
    fmt(percentile(samples, 0.95), 1),
    fmt(Math.max(...samples), 1),
    result(
      median(samples) <= slotsTarget.medianMs
        ? []
        : [`median ${fmt(median(samples), 1)} > ${slotsTarget.medianMs}`],
    ),
  ]),
});

const answersSection = ({ engine, runs, pollMs, samples, deliveries }: AnswersResult): Section => {
  const row = (label: string, values: number[], outcome: string) => {
    const finite = values.filter(Number.isFinite);
    return [
      label,
      ms(values),
      finite.length === 0 ? 'timeout' : fmt(Math.min(...finite)),
      finite.length < values.length ? 'timeout' : fmt(Math.max(...finite)),
      outcome,
    ];
  };
  return {
    title: `Mail events, webhook to timeline, on ${engine} (ms from the webhook's start; ${runs} runs)`,
    targets: `Target: the median event on the record's timeline within ${answersTarget.medianMs.toLocaleString('en-GB')} ms. One enquiry, acknowledged by the sender. Per run, first its recipient answers with a text of its own through the local mail API (\`POST /__local/mail/<id>/reply\`), which stores the message, posts the signed \`email.received\` webhook to mail-events and answers once mail-events has (the message read from the receiving API, \`receive_enquiry_answer\` done); then a mail to the prospect recorded as sent gets the signed \`email.delivered\` webhook, posted to mail-events as the mail API would. After each, an admin at aal2 reads \`enquiry_timeline\` every ${pollMs} ms until it shows the answer as \`prospect_answer\`, or the mail delivered. Each row is timed from the start of its post, over loopback; the first run is counted.`,
    columns: 'from the webhook posted to|median|fastest|slowest|result',
    rows: [
      row(
        'an answer stored (the reply POST answered)',
        samples.map((s) => s.storedMs),
        'no target',
      ),
      row(
        "the answer on the admin's timeline",
        samples.map((s) => s.timelineMs),
        result(answersMisses(samples)),
      ),
      row(
        'a delivery event applied (mail-events answered)',
        deliveries.map((s) => s.appliedMs),
        'no target',
      ),
      row(
        "the mail delivered on the admin's timeline",
        deliveries.map((s) => s.timelineMs),
        result(deliveryMisses(deliveries)),
      ),
    ],
  };
};

/** A Markdown table; the first column left, the figures right, the result left. */
const table = (columns: string, rows: string[][]) =>
  [columns.split('|'), ...rows]
    .map((cells) => `| ${cells.join(' | ')} |`)
    .toSpliced(1, 0, `|---|${'---:|'.repeat(columns.split('|').length - 2)}---|`)
    .join('\n');

function render(info: RunInfo, section: Section): string {
  const { title, targets, columns } = section;
  const measured = `Measured ${info.date} by \`${info.command}\` on ${info.machine}.`;
  const tables =
    'rows' in section
      ? [table(columns, section.rows)]
      : section.groups.map(({ heading, rows }) => `### ${heading}\n\n${table(columns, rows)}`);
  return [`## ${title}`, measured, targets, ...tables].filter(Boolean).join('\n\n');
}

/** Each section the results hold, as Markdown, headed by when, how and on what it was measured. */
export function renderParts(info: RunInfo, results: BenchResults): Map<string, string> {
  const { lighthouse, navigation, interactions, admin, booking } = results;
  const found: [string, Section | undefined][] = [
    ['bytes', bytesSection(results.bytes)],
    ['lighthouse', lighthouse && lighthouseSection(lighthouse)],
    ['floor', results.floor && floorSection(results.floor)],
    ['navigation', navigation && navigationSection(navigation)],
    ['interactions', interactions && interactionsSection(interactions)],
    ['preload', results.preload && preloadSection(results.preload)],
    ['admin', admin && adminSection(admin)],
    ['booking', booking && bookingSection(booking)],
    ['local-start', results['local-start'] && localStartSection(results['local-start'])],
    ['live', results.live && liveSection(results.live)],
    ['slots', results.slots && slotsSection(results.slots)],
    ['answers', results.answers && answersSection(results.answers)],
  ];
  return new Map(found.flatMap(([key, s]) => (s ? [[key, render(info, s)] as const] : [])));
}

const HEADER = `# Performance report

Generated by \`npm run bench\` (scripts/bench.ts); do not edit by hand. A run rewrites the parts it
measured and keeps the others, each part saying when, by which command and on what machine it was
measured; a bytes-only run (the budget check inside \`npm test\`) writes nothing. The budgets and
targets are in scripts/bench/targets.ts; what each figure measures is in
[docs/measuring.md](measuring.md); earlier figures are in this file's git history.`;

/** The report with `fresh` sections replacing those of the same name in `previous`, in a fixed order. */
export function mergeReport(previous: string, fresh: Map<string, string>): string {
  const pattern = /<!-- part: ([\w-]+) -->\n([\s\S]*?)(?=\n<!-- part: |$)/g;
  const kept = new Map([...previous.matchAll(pattern)].map(([, key, text]) => [key, text!.trim()]));
  const body = sections.flatMap((key) => {
    const text = fresh.get(key) ?? kept.get(key);
    return text === undefined ? [] : [`<!-- part: ${key} -->\n${text}`];
  });
  return `${[HEADER, ...body].join('\n\n')}\n`;
}
