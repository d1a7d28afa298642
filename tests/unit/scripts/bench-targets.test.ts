import { describe, expect, it } from 'vitest';

import { missedTargets } from '../../../scripts/bench/targets';
import { lighthouseRun } from './lighthouse-figures';

const perfect = lighthouseRun();

describe('bench targets', () => {
  it('passes a page that meets every target', () => {
    expect(missedTargets('/', perfect)).toEqual([]);
    expect(missedTargets('/about', { ...perfect, performance: 99 })).toEqual([]);
  });

  it('holds the home page to 100 and the others to 99', () => {
    expect(missedTargets('/', { ...perfect, performance: 99 })).toEqual(['perf 99 < 100']);
    expect(missedTargets('/about', { ...perfect, performance: 98 })).toEqual(['perf 98 < 99']);
  });

  it('names every miss, and treats a missing figure as a miss', () => {
    expect(
      missedTargets('/services', {
        ...perfect,
        lcpMs: 1201,
        tbtMs: 83,
        cls: 0.002,
        accessibility: 96,
        seo: Number.NaN,
      }),
    ).toEqual([
      'LCP 1201 > 1200',
      'TBT 83 > 50',
      'CLS 0.002 > 0',
      'a11y 96 < 100',
      'SEO NaN < 100',
    ]);
  });
});
