import { median } from '../median';

/** The fields of a Chromium trace event this module reads. */
export type TraceEvent = {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { beginData?: { url?: string } };
};

const isComplete = (event: TraceEvent): event is TraceEvent & { dur: number } =>
  event.ph === 'X' && typeof event.dur === 'number';

/**
 * How long the navigation's commit task ran, in real (unthrottled) milliseconds: the main-thread
 * task that commits the page's document, creates its V8 context and starts its parser. In a fresh
 * renderer process it is the largest part of an empty page's blocking time in Lighthouse's model
 * (docs/decisions/0011-coop-and-the-fresh-renderer.md), and the site has no say in it.
 *
 * Found as the last `DocumentLoader::CommitNavigation` before the first parse of the page's HTML
 * on the same thread, measured by the top-level `RunTask` around it (or by itself when the trace
 * has none). Undefined when the trace holds no such parse.
 */
export function navigationCommitTaskMs(
  events: readonly TraceEvent[],
  pageUrl: string,
): number | undefined {
  const parse = events.find(
    (event) => event.name === 'ParseHTML' && event.args?.beginData?.url === pageUrl,
  );
  if (!parse) return undefined;
  const onParseThread = events
    .filter(isComplete)
    .filter((event) => event.pid === parse.pid && event.tid === parse.tid);
  const commit = onParseThread
    .filter((event) => event.name === 'DocumentLoader::CommitNavigation' && event.ts < parse.ts)
    .at(-1);
  if (!commit) return undefined;
  const task = onParseThread.find(
    (event) =>
      event.name === 'RunTask' &&
      event.ts <= commit.ts &&
      event.ts + event.dur >= commit.ts + commit.dur,
  );
  return (task ?? commit).dur / 1000;
}

/** One Lighthouse run's blocking time beside the real duration of its navigation's commit task. */
export type CommitTaskRun = { tbtMs: number; commitTaskMs: number };

/** The runs of one half: the range of their commit tasks and how their blocking time fared. */
export type CommitTaskHalf = {
  runs: number;
  commitTaskMs: { min: number; max: number };
  medianTbtMs: number;
  /** Runs whose blocking time meets the target. */
  meetingTarget: number;
};

function describeHalf(runs: readonly CommitTaskRun[], tbtTargetMs: number): CommitTaskHalf {
  const tbt = runs.map((run) => run.tbtMs);
  return {
    runs: runs.length,
    commitTaskMs: { min: runs[0]!.commitTaskMs, max: runs.at(-1)!.commitTaskMs },
    medianTbtMs: median(tbt),
    meetingTarget: tbt.filter((ms) => ms <= tbtTargetMs).length,
  };
}

/**
 * Splits runs at the median commit task: the half with the shorter commit tasks against the half
 * with the longer ones (the middle run of an odd count goes with the longer). If the pages' own
 * work set their blocking time, the two halves would fare alike. Runs without a measured commit
 * task are left out; undefined when fewer than two remain.
 */
export function blockingTimeByCommitTask(
  runs: readonly CommitTaskRun[],
  tbtTargetMs: number,
): { shorter: CommitTaskHalf; longer: CommitTaskHalf } | undefined {
  const measured = runs
    .filter((run) => Number.isFinite(run.commitTaskMs) && Number.isFinite(run.tbtMs))
    .sort((a, b) => a.commitTaskMs - b.commitTaskMs);
  if (measured.length < 2) return undefined;
  const half = Math.floor(measured.length / 2);
  return {
    shorter: describeHalf(measured.slice(0, half), tbtTargetMs),
    longer: describeHalf(measured.slice(half), tbtTargetMs),
  };
}
