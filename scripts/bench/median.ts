import type { LighthouseFigures } from './lighthouse';

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * The median of each figure over a page's runs, as Lighthouse's own guidance reads "the median
 * of several runs". Not the figures of one "median run": picking a run by its score let the tie
 * breaker, not the blocking time, decide which blocking time was reported. The script share is
 * taken from the run whose blocking time is the median (the lower middle one for an even count).
 */
export function medianFigures(runs: readonly LighthouseFigures[]): LighthouseFigures {
  if (runs.length === 0) throw new Error('medianFigures needs at least one run');
  const of = (pick: (run: LighthouseFigures) => number) => median(runs.map(pick));
  // A score is a whole number: between two middle runs, the lower one counts.
  const score = (pick: (run: LighthouseFigures) => number) => Math.floor(of(pick));
  const byTbt = [...runs].sort((a, b) => a.tbtMs - b.tbtMs);
  return {
    performance: score((run) => run.performance),
    accessibility: score((run) => run.accessibility),
    bestPractices: score((run) => run.bestPractices),
    seo: score((run) => run.seo),
    lcpMs: of((run) => run.lcpMs),
    tbtMs: of((run) => run.tbtMs),
    cls: of((run) => run.cls),
    fcpMs: of((run) => run.fcpMs),
    tbtRunsMs: byTbt.map((run) => run.tbtMs),
    // The lab's figures, only when its runs measured them.
    ...(runs.some((run) => run.tbtScriptsMs !== undefined) && {
      tbtScriptsMs: byTbt[Math.floor((byTbt.length - 1) / 2)]!.tbtScriptsMs,
    }),
    ...(runs.some((run) => run.commitTaskMs !== undefined) && {
      commitTaskRunsMs: byTbt.map((run) => run.commitTaskMs ?? Number.NaN),
    }),
  };
}
