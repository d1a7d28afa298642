import { median } from './median';

/** The two CPUs every navigation and interaction is measured on. */
export const profiles = [
  { id: 'desktop', label: 'desktop', cpuRate: 1 },
  // Lighthouse's mobile preset slows the CPU four times (CDP Emulation.setCPUThrottlingRate).
  { id: 'cpu4x', label: '4x CPU', cpuRate: 4 },
] as const;
export type Profile = (typeof profiles)[number];
export type ProfileId = Profile['id'];

export const responsivenessTargets = {
  /** From the click on a link to the new page's `<h1>` painted, with the route's code not yet loaded. */
  navigationMs: { desktop: 100, cpu4x: 300 },
  /** Interaction to next paint (Event Timing). */
  inpMs: { desktop: 50, cpu4x: 200 },
  /** Frames painted during a navigation with no `<h1>` in `<main>` or an empty title. */
  blankFrames: 0,
} as const;

/** Event Timing reports only interactions at least this long; a shorter one counts as this. */
export const EVENT_TIMING_THRESHOLD_MS = 16;

/** One click on a link: to the new `<h1>` painted, and the blank frames painted on the way. */
export type NavigationSample = { ms: number; blankFrames: number };
/** One interaction: its INP, and the time until its result (menu, dialog, error) was painted. */
export type InteractionSample = { inpMs: number; shownMs: number };

type PerProfile<T> = Record<ProfileId, T[]>;
export type NavigationResult = {
  path: string;
  /** The route's code fetched on the click itself (a fresh context). */
  cold: PerProfile<NavigationSample>;
  /** The same link clicked again after going back: the code is already in memory. */
  warm: PerProfile<NavigationSample>;
};
export type InteractionResult = { id: string; label: string; runs: PerProfile<InteractionSample> };

export const emptyPerProfile = <T>(): PerProfile<T> => ({ desktop: [], cpu4x: [] });

/** The median of the finite values (a run that timed out is NaN); NaN when there are none. */
export function medianOf(values: readonly number[]): number {
  const finite = values.filter(Number.isFinite);
  return finite.length === 0 ? Number.NaN : median(finite);
}

const fmtMs = (ms: number) => (Number.isFinite(ms) ? String(Math.round(ms)) : 'timeout');
const fmtInp = (ms: number) =>
  ms <= EVENT_TIMING_THRESHOLD_MS ? `≤${EVENT_TIMING_THRESHOLD_MS}` : fmtMs(ms);
const maxOf = (values: readonly number[]) => (values.length === 0 ? 0 : Math.max(...values));

/** The most blank frames any run of a route painted, cold or warm, on either CPU. */
export const blankFrames = (result: NavigationResult) =>
  maxOf(
    profiles.flatMap((p) => [...result.cold[p.id], ...result.warm[p.id]].map((s) => s.blankFrames)),
  );

/** How a set of runs misses its target, in words; undefined when the median meets it. */
function miss(label: string, samples: readonly number[], target: number): string | undefined {
  if (samples.length === 0) return undefined;
  // A run that timed out is a miss, whatever the median of the others says.
  const timeouts = samples.filter((ms) => !Number.isFinite(ms)).length;
  if (timeouts > 0) return `${label} timed out in ${timeouts} of ${samples.length} runs`;
  const ms = median(samples);
  return ms <= target ? undefined : `${label} ${Math.round(ms)} > ${target}`;
}

/** The targets one route's navigation misses, in words; empty when every one is met. */
export function navigationMisses(result: NavigationResult): string[] {
  const misses = profiles.map((p) =>
    miss(
      `cold ${p.label}`,
      result.cold[p.id].map((s) => s.ms),
      responsivenessTargets.navigationMs[p.id],
    ),
  );
  const blank = blankFrames(result);
  if (blank > responsivenessTargets.blankFrames) misses.push(`${blank} blank frame(s)`);
  return misses.filter((m) => m !== undefined);
}

/** The targets one interaction misses, in words; empty when every one is met. */
export function interactionMisses(result: InteractionResult): string[] {
  return profiles
    .map((p) =>
      miss(
        `INP ${p.label}`,
        result.runs[p.id].map((s) => s.inpMs),
        responsivenessTargets.inpMs[p.id],
      ),
    )
    .filter((m) => m !== undefined);
}

const cell = (samples: readonly number[], format = fmtMs) =>
  samples.length === 0 ? '-' : format(medianOf(samples));

export function navigationTable(results: readonly NavigationResult[]): string {
  const t = responsivenessTargets;
  const lines = [
    `| link from / to | cold desktop | warm desktop | cold 4x CPU | warm 4x CPU | blank frames | target: cold ≤ ${t.navigationMs.desktop} ms desktop, ≤ ${t.navigationMs.cpu4x} ms 4x CPU, ${t.blankFrames} blank |`,
    '|---|---:|---:|---:|---:|---:|---|',
  ];
  for (const result of results) {
    const ms = (kind: 'cold' | 'warm', id: ProfileId) => cell(result[kind][id].map((s) => s.ms));
    const misses = navigationMisses(result);
    lines.push(
      `| ${result.path} | ${ms('cold', 'desktop')} | ${ms('warm', 'desktop')} | ${ms('cold', 'cpu4x')} | ${ms('warm', 'cpu4x')} | ${blankFrames(result)} | ${misses.join(', ') || 'met'} |`,
    );
  }
  return lines.join('\n');
}

export function interactionTable(results: readonly InteractionResult[]): string {
  const t = responsivenessTargets;
  const lines = [
    `| interaction | INP desktop | INP 4x CPU | shown desktop | shown 4x CPU | target: INP ≤ ${t.inpMs.desktop} ms desktop, ≤ ${t.inpMs.cpu4x} ms 4x CPU |`,
    '|---|---:|---:|---:|---:|---|',
  ];
  for (const result of results) {
    const inp = (id: ProfileId) =>
      cell(
        result.runs[id].map((s) => s.inpMs),
        fmtInp,
      );
    const shown = (id: ProfileId) => cell(result.runs[id].map((s) => s.shownMs));
    lines.push(
      `| ${result.label} | ${inp('desktop')} | ${inp('cpu4x')} | ${shown('desktop')} | ${shown('cpu4x')} | ${interactionMisses(result).join(', ') || 'met'} |`,
    );
  }
  return lines.join('\n');
}
