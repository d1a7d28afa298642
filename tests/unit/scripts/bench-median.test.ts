import { describe, expect, it } from 'vitest';

import { medianFigures } from '../../../scripts/bench/median';
import { lighthouseRun } from './lighthouse-figures';

const run = (figures: Parameters<typeof lighthouseRun>[0]) =>
  lighthouseRun({ tbtScriptsMs: 0, ...figures });

describe('median of the runs', () => {
  it('takes the median of each figure on its own', () => {
    // Two runs score 100, so a "median run" chosen by score and then LCP would report 22 ms.
    const figures = medianFigures([
      run({ performance: 99, tbtMs: 127, lcpMs: 910, tbtScriptsMs: 30 }),
      run({ performance: 100, tbtMs: 60, lcpMs: 900, tbtScriptsMs: 12 }),
      run({ performance: 100, tbtMs: 22, lcpMs: 950, tbtScriptsMs: 0 }),
    ]);
    expect(figures).toMatchObject({ performance: 100, tbtMs: 60, lcpMs: 910, fcpMs: 850 });
    expect(figures.tbtScriptsMs).toBe(12);
    expect(figures.tbtRunsMs).toEqual([22, 60, 127]);
  });

  it("keeps each run's commit task beside its blocking time", () => {
    const figures = medianFigures([
      run({ tbtMs: 127, commitTaskMs: 48 }),
      run({ tbtMs: 22, commitTaskMs: 17 }),
      run({ tbtMs: 60 }),
    ]);
    expect(figures.commitTaskRunsMs).toEqual([17, Number.NaN, 48]);
  });

  it('averages the two middle values of an even number of runs', () => {
    const figures = medianFigures([
      run({ tbtMs: 10, performance: 100 }),
      run({ tbtMs: 70, performance: 99 }),
    ]);
    expect(figures.tbtMs).toBe(40);
    // A score stays a whole number, the lower of the two.
    expect(figures.performance).toBe(99);
    expect(figures.tbtScriptsMs).toBe(0);
  });

  it('keeps a missing figure missing', () => {
    expect(medianFigures([run({ lcpMs: Number.NaN })]).lcpMs).toBeNaN();
  });

  it('refuses an empty list', () => {
    expect(() => medianFigures([])).toThrow(/at least one run/);
  });
});
