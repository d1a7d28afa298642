import { describe, expect, it } from 'vitest';

import { blockingTimeBySource } from '../../../scripts/bench/lab/blocking';

const page = 'http://127.0.0.1:4173/services';
const script = 'http://127.0.0.1:4173/assets/index-C2lwYXp0.js';

describe('blocking time by source', () => {
  it('counts only the part of a task after the first paint, less 50 ms', () => {
    // The navigation task straddles FCP (900): 160 ms of it come after, so 110 ms block.
    const split = blockingTimeBySource(
      [{ url: 'Unattributable', startTime: 800, duration: 260 }],
      900,
      2_000,
    );
    expect(split).toEqual({ scriptsMs: 0, browserMs: 110 });
  });

  it('puts script files on one side and the document and unattributed work on the other', () => {
    const split = blockingTimeBySource(
      [
        { url: page, startTime: 950, duration: 70 },
        { url: script, startTime: 1_500, duration: 72 },
        { url: `${script}?v=2`, startTime: 1_600, duration: 60 },
        { url: 'Unattributable', startTime: 1_100, duration: 55 },
      ],
      900,
      2_000,
    );
    expect(split).toEqual({ scriptsMs: 22 + 10, browserMs: 20 + 5 });
  });

  it('ignores tasks that end before the first paint or start after interactive', () => {
    const split = blockingTimeBySource(
      [
        { url: page, startTime: 700, duration: 150 },
        { url: script, startTime: 2_100, duration: 300 },
        { url: script, startTime: 1_950, duration: 300 },
      ],
      900,
      2_000,
    );
    // Only the last one, clipped at interactive to 50 ms, is counted, and that blocks nothing.
    expect(split).toEqual({ scriptsMs: 0, browserMs: 0 });
  });
});
