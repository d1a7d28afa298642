/** One entry of Lighthouse's `long-tasks` audit: simulated start and duration, and its source. */
export type SimulatedTask = { url: string; startTime: number; duration: number };

export type BlockingTimeBySource = {
  /** Tasks Lighthouse attributes to a script file: the site's own JavaScript. */
  scriptsMs: number;
  /** Everything else: the navigation's commit, HTML parsing, style, layout and paint. */
  browserMs: number;
};

const BLOCKING_THRESHOLD_MS = 50;
const SCRIPT_URL = /\.m?js(?:[?#]|$)/;

/**
 * Splits a run's blocking time by what caused it, the way Lighthouse counts it: the part of each
 * long task between the first contentful paint and time to interactive, less 50 ms. The sum is
 * close to, not equal to, Lighthouse's TBT, which averages two simulations.
 */
export function blockingTimeBySource(
  tasks: readonly SimulatedTask[],
  fcpMs: number,
  interactiveMs: number,
): BlockingTimeBySource {
  const split: BlockingTimeBySource = { scriptsMs: 0, browserMs: 0 };
  for (const task of tasks) {
    const start = Math.max(task.startTime, fcpMs);
    const end = Math.min(task.startTime + task.duration, interactiveMs);
    const blocking = end - start - BLOCKING_THRESHOLD_MS;
    if (blocking <= 0) continue;
    if (SCRIPT_URL.test(task.url)) split.scriptsMs += blocking;
    else split.browserMs += blocking;
  }
  return split;
}
