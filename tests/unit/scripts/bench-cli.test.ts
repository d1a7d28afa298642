// @vitest-environment node
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { budgetsKb } from '../../../scripts/bench/targets';

const root = join(import.meta.dirname, '../../..');
const report = join(root, 'docs', 'performance.md');
let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'bench-cli-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A build whose /about loads one script of `kb` incompressible kilobytes. */
function fakeBuild(kb: number) {
  mkdirSync(join(dir, 'assets'));
  mkdirSync(join(dir, 'about'));
  mkdirSync(join(dir, '.vite'));
  const page = '<!doctype html><script data-entry="/assets/entry.js" data-preload=""></script>';
  writeFileSync(join(dir, 'about', 'index.html'), page);
  writeFileSync(join(dir, 'assets', 'entry.js'), randomBytes(kb * 1024));
  writeFileSync(join(dir, '.vite', 'manifest.json'), '{}');
}

/** The bench against that build, with these arguments. */
function bench(...args: string[]) {
  return spawnSync(join(root, 'node_modules', '.bin', 'tsx'), ['scripts/bench.ts', ...args], {
    cwd: root,
    env: { ...process.env, BUILD_DIR: dir },
    encoding: 'utf8',
    timeout: 60_000,
  });
}
const bytesOnly = () => bench('--only', 'bytes', '--no-build', '--routes', '/about');

describe('the JS budget check inside npm test', () => {
  it('exits 1 when a page goes over its budget, naming it', () => {
    fakeBuild(budgetsKb.otherPublic + 5);
    const run = bytesOnly();
    expect(run.stdout).toMatch(
      /\| \/about \| 11\d\.\d \|.*\| ≤ 110(?:\.\d)? \| \*\*FAIL\*\*: over budget \|/,
    );
    expect(run.stdout).toContain('1 route(s) over the JS budget: /about');
    expect(run.status).toBe(1);
  }, 60_000);

  it('exits 0 when every page is within it, and leaves the report alone', () => {
    const state = () =>
      existsSync(report) ? [statSync(report).mtimeMs, readFileSync(report)] : [];
    const before = state();
    fakeBuild(budgetsKb.otherPublic - 5);
    const run = bytesOnly();
    expect(run.stdout).toContain('Every route within its JS budget');
    expect(run.stdout).not.toContain('Written to');
    expect(run.status).toBe(0);
    expect(state()).toEqual(before);
  }, 60_000);
});

describe('the bench command line', () => {
  it('names the parts when asked for one that does not exist, in one line and exit code 2', () => {
    const run = bench('--no-build', '--only', 'bytes,lab');
    expect(run.stderr).toMatch(
      /^bench: --only takes bytes, lighthouse, navigation, interactions, admin: not lab\.$/m,
    );
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(run.status).toBe(2);
  }, 60_000);

  it('refuses an unknown option and a run count below 1', () => {
    expect(bench('--without-header', 'x').stderr).toMatch(/^bench: Unknown option/m);
    for (const value of ['0', '1.5']) {
      const run = bench('--no-build', '--runs', value);
      expect(run.stderr).toContain('bench: --runs wants a whole number >= 1.');
      expect(run.status).toBe(2);
    }
  }, 60_000);
});
