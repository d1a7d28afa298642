import { describe, expect, it } from 'vitest';

import {
  blankFrames,
  interactionMisses,
  interactionTable,
  medianOf,
  navigationMisses,
  navigationTable,
  responsivenessTargets,
  type InteractionResult,
  type NavigationResult,
} from '../../../scripts/bench/responsiveness';

const t = responsivenessTargets;

/** A route whose every click painted its <h1> in the given times, with no blank frame. */
function navigation(
  coldDesktop: number[],
  coldSlow: number[],
  warm: number[] = [10, 10, 10],
): NavigationResult {
  const samples = (ms: number[]) => ms.map((value) => ({ ms: value, blankFrames: 0 }));
  return {
    path: '/about',
    cold: { desktop: samples(coldDesktop), cpu4x: samples(coldSlow) },
    warm: { desktop: samples(warm), cpu4x: samples(warm) },
  };
}

function interaction(inpDesktop: number[], inpSlow: number[]): InteractionResult {
  const samples = (ms: number[]) => ms.map((inpMs) => ({ inpMs, shownMs: inpMs + 10 }));
  return {
    id: 'resources-menu',
    label: 'open the Resources menu',
    runs: { desktop: samples(inpDesktop), cpu4x: samples(inpSlow) },
  };
}

describe('medianOf', () => {
  it('takes the middle run, or the mean of the two middle ones', () => {
    expect(medianOf([90, 30, 60])).toBe(60);
    expect(medianOf([40, 10, 30, 20])).toBe(25);
  });

  it('leaves out runs that timed out, and is NaN when every one did', () => {
    expect(medianOf([Number.NaN, 50, 70])).toBe(60);
    expect(medianOf([Number.NaN])).toBeNaN();
    expect(medianOf([])).toBeNaN();
  });
});

describe('navigation targets', () => {
  it('meets them with cold medians at or under the target on each CPU', () => {
    const atTarget = navigation(
      [t.navigationMs.desktop, 20, 400],
      [t.navigationMs.cpu4x, 100, 900],
      // Warm clicks have no target of their own.
      [500, 500, 500],
    );
    expect(navigationMisses(atTarget)).toEqual([]);
  });

  it('names the CPU and the median that misses', () => {
    expect(navigationMisses(navigation([101, 150, 90], [200, 200, 200]))).toEqual([
      'cold desktop 101 > 100',
    ]);
    expect(navigationMisses(navigation([50, 50, 50], [310, 320, 330]))).toEqual([
      'cold 4x CPU 320 > 300',
    ]);
  });

  it('counts a run that timed out as a miss', () => {
    expect(navigationMisses(navigation([50, Number.NaN, 50], [100, 100, 100]))).toEqual([
      'cold desktop timed out in 1 of 3 runs',
    ]);
  });

  it('fails on any blank frame, cold or warm, and reports the most any run painted', () => {
    const result = navigation([50, 50, 50], [100, 100, 100]);
    result.warm.cpu4x[1] = { ms: 40, blankFrames: 2 };
    result.cold.desktop[0] = { ms: 50, blankFrames: 1 };
    expect(blankFrames(result)).toBe(2);
    expect(navigationMisses(result)).toEqual(['2 blank frame(s)']);
  });
});

describe('interaction targets', () => {
  it('holds INP to its target on each CPU', () => {
    expect(interactionMisses(interaction([16, 48, 50], [120, 200, 90]))).toEqual([]);
    expect(interactionMisses(interaction([56, 64, 40], [208, 216, 90]))).toEqual([
      'INP desktop 56 > 50',
      'INP 4x CPU 208 > 200',
    ]);
  });
});

describe('the tables', () => {
  it('prints one row per route with the cold and warm medians, blank frames and status', () => {
    const table = navigationTable([
      navigation([80, 90, 70], [250, 260, 240], [30, 20, 25]),
      { ...navigation([120, 130, 110], [250, 250, 250]), path: '/services' },
    ]).split('\n');
    expect(table[0]).toContain('target: cold ≤ 100 ms desktop, ≤ 300 ms 4x CPU, 0 blank');
    expect(table[1]).toBe('|---|---:|---:|---:|---:|---:|---|');
    expect(table[2]).toBe('| /about | 80 | 25 | 250 | 25 | 0 | met |');
    expect(table[3]).toBe('| /services | 120 | 10 | 250 | 10 | 0 | cold desktop 120 > 100 |');
  });

  it('shows an interaction under the Event Timing threshold as ≤16, and a route without runs as -', () => {
    const table = interactionTable([interaction([8, 16, 16], [24, 40, 32])]).split('\n');
    expect(table[0]).toContain('target: INP ≤ 50 ms desktop, ≤ 200 ms 4x CPU');
    expect(table[2]).toBe('| open the Resources menu | ≤16 | 32 | 26 | 42 | met |');
    const none = interactionTable([interaction([], [])]).split('\n');
    expect(none[2]).toBe('| open the Resources menu | - | - | - | - | met |');
  });

  it('prints a timeout as such', () => {
    const table = navigationTable([navigation([Number.NaN], [Number.NaN], [Number.NaN])]);
    expect(table).toContain(
      '| /about | timeout | timeout | timeout | timeout | 0 | cold desktop timed out in 1 of 1 runs, cold 4x CPU timed out in 1 of 1 runs |',
    );
  });
});
