// @vitest-environment node
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { budgetsKb, jsBudgetKb, overBudget } from '../../../scripts/bench/first-load';

const root = join(import.meta.dirname, '../../..');
let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'bench-budget-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A build whose /about loads one script of `kb` incompressible kilobytes. */
function fakeBuild(kb: number) {
  const page = '<!doctype html><script type="module" src="/assets/entry.js"></script>';
  mkdirSync(join(dir, 'assets'));
  mkdirSync(join(dir, 'about'));
  mkdirSync(join(dir, '.vite'));
  writeFileSync(join(dir, 'about', 'index.html'), page);
  writeFileSync(join(dir, 'assets', 'entry.js'), randomBytes(kb * 1024));
  writeFileSync(join(dir, '.vite', 'manifest.json'), '{}');
}

/** The bytes-only bench as `npm test` runs it, against that build. */
function bench() {
  return spawnSync(
    join(root, 'node_modules', '.bin', 'tsx'),
    ['scripts/bench.ts', '--bytes-only', '--no-build', '--no-save', '--routes', '/about'],
    { cwd: root, env: { ...process.env, BUILD_DIR: dir }, encoding: 'utf8', timeout: 60_000 },
  );
}

describe('the JS budget check', () => {
  it('lists the routes over their budget, never those without one', () => {
    const route = (path: string, jsKb: number) => ({
      path,
      firstLoad: { jsKb },
      budgetKb: jsBudgetKb(path),
    });
    const routes = [
      route('/', budgetsKb.home),
      route('/about', budgetsKb.otherPublic + 0.1),
      route('/admin', 500),
    ];
    expect(overBudget(routes).map((r) => r.path)).toEqual(['/about']);
  });

  it('the bytes-only bench exits 1 when a page goes over its budget', () => {
    fakeBuild(budgetsKb.otherPublic + 5);
    const run = bench();
    expect(run.stdout).toContain('1 route(s) over the JS budget: /about');
    expect(run.status).toBe(1);
  }, 60_000);

  it('and 0 when every page is within it', () => {
    fakeBuild(budgetsKb.otherPublic - 5);
    const run = bench();
    expect(run.stdout).toContain('Every route within its JS budget');
    expect(run.status).toBe(0);
  }, 60_000);
});
