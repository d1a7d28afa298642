import type { LighthouseFigures } from '../../../scripts/bench/lighthouse';

/** One Lighthouse run that meets every target, with the given figures changed. */
export function lighthouseRun(figures: Partial<LighthouseFigures> = {}): LighthouseFigures {
  return {
    performance: 100,
    accessibility: 100,
    bestPractices: 100,
    seo: 100,
    lcpMs: 900,
    tbtMs: 20,
    cls: 0,
    fcpMs: 850,
    ...figures,
  };
}
