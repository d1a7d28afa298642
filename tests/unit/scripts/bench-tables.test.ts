import { describe, expect, it } from 'vitest';

import { medianFigures } from '../../../scripts/bench/median';
import {
  bytesTable,
  fmt,
  lighthouseTable,
  withPrevious,
  type RouteReport,
} from '../../../scripts/bench/tables';
import { lighthouseRun } from './lighthouse-figures';

const firstLoad = (jsKb: number) => ({ jsKb, cssKb: 0, htmlKb: 20.04, jsFiles: 5 });

describe('figures as printed', () => {
  it('rounds, and shows a missing figure (NaN, or null from JSON) as -', () => {
    expect(fmt(104.06, 1)).toBe('104.1');
    expect(fmt(Number.NaN)).toBe('-');
    expect(fmt(null)).toBe('-');
  });

  it('puts the previous figure in brackets only when it differs', () => {
    expect(withPrevious('98', '97')).toBe('98 (97)');
    expect(withPrevious('98', '98')).toBe('98');
    expect(withPrevious('98', undefined)).toBe('98');
  });
});

describe('the first-load table', () => {
  it('marks a route over its budget, and a route without one with -', () => {
    const routes: RouteReport[] = [
      { path: '/', firstLoad: firstLoad(105.7), budgetKb: 120 },
      { path: '/about', firstLoad: firstLoad(110.2), budgetKb: 110 },
      { path: '/admin', firstLoad: firstLoad(129.5) },
    ];
    const previous: RouteReport[] = [{ path: '/', firstLoad: firstLoad(104.1), budgetKb: 120 }];
    expect(bytesTable(routes, previous).split('\n').slice(2)).toEqual([
      '| / | 105.7 (104.1) | 0.0 | 20.0 | 120 | ok |',
      '| /about | 110.2 | 0.0 | 20.0 | 110 | OVER |',
      '| /admin | 129.5 | 0.0 | 20.0 | - | - |',
    ]);
  });
});

describe('the Lighthouse table', () => {
  it('checks public pages against the targets, not the private ones', () => {
    const routes: RouteReport[] = [
      {
        path: '/about',
        firstLoad: firstLoad(100),
        prerendered: medianFigures([lighthouseRun({ tbtMs: 83 }), lighthouseRun({ tbtMs: 10 })]),
      },
      { path: '/admin', firstLoad: firstLoad(120), prerendered: lighthouseRun({ seo: 66 }) },
      // A route Lighthouse did not measure gets no row.
      { path: '/services', firstLoad: firstLoad(100) },
    ];
    expect(lighthouseTable(routes).split('\n').slice(2)).toEqual([
      '| /about | 100 | 100 | 100 | 100 | 900 | 47 | 10 / 83 | 0.000 | 850 | met |',
      '| /admin | 100 | 100 | 100 | 66 | 900 | 20 | - | 0.000 | 850 | - |',
    ]);
  });

  it('names the missed targets', () => {
    const routes: RouteReport[] = [
      { path: '/', firstLoad: firstLoad(100), prerendered: lighthouseRun({ performance: 99 }) },
    ];
    expect(lighthouseTable(routes)).toContain('| perf 99 < 100 |');
  });
});

describe('the everyday runs', () => {
  it('carry no lab figures when their runs measured none', () => {
    const figures = medianFigures([lighthouseRun(), lighthouseRun()]);
    expect(figures).not.toHaveProperty('tbtScriptsMs');
    expect(figures).not.toHaveProperty('commitTaskRunsMs');
  });
});
