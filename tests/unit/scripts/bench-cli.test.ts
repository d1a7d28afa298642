// @vitest-environment node
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../../..');

/** The everyday bench with these arguments; each case fails before it builds or measures. */
function bench(...args: string[]) {
  return spawnSync(join(root, 'node_modules', '.bin', 'tsx'), ['scripts/bench.ts', ...args], {
    cwd: root,
    encoding: 'utf8',
    timeout: 60_000,
  });
}

describe('the bench command line', () => {
  it('points a lab option to npm run bench:lab, in one line and exit code 2', () => {
    const run = bench('--no-build', '--without-header', 'Cross-Origin-Opener-Policy');
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/^bench: Unknown option '--without-header'.*npm run bench:lab\.$/m);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  }, 60_000);

  it('refuses a run count that is not a whole number of at least 1', () => {
    for (const value of ['0', 'three', '1.5']) {
      const run = bench('--no-build', '--nav-runs', value);
      expect(run.status).toBe(2);
      expect(run.stderr).toContain('bench: --nav-runs wants a whole number >= 1.');
    }
  }, 60_000);
});
