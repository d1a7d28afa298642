// @vitest-environment node
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, describe, expect, it } from 'vitest';

import { parts } from '../../../scripts/bench/report';
import { FIRST_LOAD_BUDGET_KB } from '../../../scripts/bench/targets';

const root = join(import.meta.dirname, '../../..');
const report = join(root, 'docs', 'performance.md');
const dir = mkdtempSync(join(tmpdir(), 'bench-cli-'));
afterEach(() => {
  for (const path of [dir, `${dir}-ssr`]) rmSync(path, { recursive: true, force: true });
});

/** A build with one public page, /about, whose script is `kb` incompressible kilobytes. */
function fakeBuild(kb: number) {
  mkdirSync(join(dir, 'assets'), { recursive: true });
  writeFileSync(join(dir, 'assets', 'about.js'), randomBytes(kb * 1024));
  mkdirSync(join(dir, 'about'), { recursive: true });
  const html = `<!doctype html><script data-entry="/assets/about.js" data-preload=""></script>`;
  writeFileSync(join(dir, 'about', 'index.html'), html);
  mkdirSync(join(dir, '.vite'), { recursive: true });
  writeFileSync(join(dir, '.vite', 'manifest.json'), '{}');
  mkdirSync(`${dir}-ssr`, { recursive: true });
  writeFileSync(`${dir}-ssr/entry-server.js`, "export const indexablePaths = () => ['/about'];");
}

function bench(...args: string[]) {
  return spawnSync(join(root, 'node_modules', '.bin', 'tsx'), ['scripts/bench.ts', ...args], {
    cwd: root,
    env: { ...process.env, BUILD_DIR: dir },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

describe('the JS budget check inside npm test', () => {
  it('exits 1 when a public page goes over its budget, naming it', () => {
    fakeBuild(FIRST_LOAD_BUDGET_KB + 5);
    const run = bench('--only', 'bytes', '--no-build');
    expect(run.stdout).toContain(`| ≤ ${FIRST_LOAD_BUDGET_KB} | **FAIL**: over budget |`);
    const measured = Number(/\| \/about \| (\d+\.\d) \| ≤ /.exec(run.stdout)?.[1]);
    expect(measured).toBeGreaterThan(FIRST_LOAD_BUDGET_KB);
    expect(run.stdout).toContain('1 route(s) over the JS budget: /about');
    expect(run.status).toBe(1);
  }, 60_000);

  it('exits 0 when every page is within it, and leaves the report alone', () => {
    const before = existsSync(report) ? readFileSync(report, 'utf8') : undefined;
    fakeBuild(FIRST_LOAD_BUDGET_KB - 5);
    const run = bench('--only', 'bytes', '--no-build');
    expect(run.stdout).toContain('Every route within its JS budget');
    expect(run.status).toBe(0);
    expect(existsSync(report) ? readFileSync(report, 'utf8') : undefined).toBe(before);
  }, 60_000);
});

describe('the bench command line', () => {
  it('refuses an unknown part, an unknown option and a run count below 1, in one line', () => {
    const part = bench('--no-build', '--only', 'bytes,lab');
    expect(part.stderr).toContain(`bench: --only takes ${parts.join(', ')}: not lab.\n`);
    expect(part.stderr).not.toMatch(/\n\s+at /);
    expect(bench('--without-header').stderr).toMatch(/^bench: Unknown option/m);
    for (const run of [bench('--runs', '0'), bench('--runs', '1.5'), part]) {
      expect(run.status).toBe(2);
    }
    expect(bench('--runs', '0').stderr).toContain('bench: --runs wants a whole number >= 1.');
  }, 60_000);
});
