import { describe, expect, it } from 'vitest';

import {
  blockingTimeByCommitTask,
  navigationCommitTaskMs,
  type TraceEvent,
} from '../../../scripts/bench/lab/commit-task';

const page = 'http://127.0.0.1:4173/services';
const renderer = { pid: 20, tid: 20 };

const task = (ts: number, dur: number, where = renderer): TraceEvent => ({
  name: 'RunTask',
  ph: 'X',
  ts,
  dur,
  ...where,
});
const commit = (ts: number, dur: number, where = renderer): TraceEvent => ({
  name: 'DocumentLoader::CommitNavigation',
  ph: 'X',
  ts,
  dur,
  ...where,
});
const parse = (ts: number, url: string, where = renderer): TraceEvent => ({
  name: 'ParseHTML',
  ph: 'X',
  ts,
  dur: 10_000,
  args: { beginData: { url } },
  ...where,
});

describe("the navigation's commit task", () => {
  it('is the task around the last commit before the page is parsed, in milliseconds', () => {
    const events: TraceEvent[] = [
      // The tab's about:blank, in the process Lighthouse started from.
      task(0, 40_000, { pid: 10, tid: 10 }),
      commit(1_000, 30_000, { pid: 10, tid: 10 }),
      // The fresh renderer's own empty document, then the page.
      commit(50_000, 2_800),
      task(60_000, 30_234),
      commit(63_920, 25_993),
      // The flow events Chromium writes for the same commit carry no duration.
      { name: 'DocumentLoader::CommitNavigation', ph: 's', ts: 63_920, ...renderer },
      parse(95_000, page),
      task(95_000, 10_113),
      // A later commit (a client-side navigation's history entry) is not the page's.
      commit(400_000, 9_000),
    ];
    expect(navigationCommitTaskMs(events, page)).toBeCloseTo(30.234, 3);
  });

  it('falls back to the commit itself when no task surrounds it', () => {
    const events = [commit(10_000, 12_500), parse(30_000, page)];
    expect(navigationCommitTaskMs(events, page)).toBe(12.5);
  });

  it('is unknown when the page was never parsed or never committed', () => {
    expect(navigationCommitTaskMs([commit(0, 5_000), parse(10_000, '')], page)).toBeUndefined();
    expect(navigationCommitTaskMs([parse(10_000, page)], page)).toBeUndefined();
    // A commit on another thread does not count.
    expect(
      navigationCommitTaskMs([commit(0, 5_000, { pid: 30, tid: 30 }), parse(10_000, page)], page),
    ).toBeUndefined();
  });
});

describe('blocking time split at the median commit task', () => {
  it('compares the runs with the shorter commit tasks with the others', () => {
    const split = blockingTimeByCommitTask(
      [
        { commitTaskMs: 45, tbtMs: 150 },
        { commitTaskMs: 18, tbtMs: 12 },
        { commitTaskMs: 21, tbtMs: 60 },
        { commitTaskMs: 62, tbtMs: 228 },
        { commitTaskMs: 19, tbtMs: 20 },
      ],
      50,
    );
    expect(split).toEqual({
      shorter: { runs: 2, commitTaskMs: { min: 18, max: 19 }, medianTbtMs: 16, meetingTarget: 2 },
      longer: { runs: 3, commitTaskMs: { min: 21, max: 62 }, medianTbtMs: 150, meetingTarget: 0 },
    });
  });

  it('leaves out runs without a commit task, and needs two runs', () => {
    const split = blockingTimeByCommitTask(
      [
        { commitTaskMs: Number.NaN, tbtMs: 500 },
        { commitTaskMs: 30, tbtMs: 50 },
        { commitTaskMs: 20, tbtMs: 40 },
      ],
      50,
    );
    expect(split?.shorter).toMatchObject({ runs: 1, medianTbtMs: 40 });
    expect(split?.longer).toMatchObject({ runs: 1, medianTbtMs: 50, meetingTarget: 1 });
    expect(blockingTimeByCommitTask([{ commitTaskMs: 20, tbtMs: 40 }], 50)).toBeUndefined();
  });
});
