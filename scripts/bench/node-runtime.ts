import { spawnSync } from 'node:child_process';

/**
 * Lighthouse 13 needs Node 22.19 or later: its insight audits call iterator helpers
 * (`map.values().find(...)`), which older Node lacks, and on Node 20 they fail with errors
 * while the scores still come out. The bench therefore runs itself under a Node that has them.
 */
export const LIGHTHOUSE_MIN_NODE = '22.19.0';

/** The Node the bench fetches from the npm registry (the `node` package) when the current one is older. */
export const BENCH_NODE_PACKAGE = 'node@22.23.3';

/** Set in the relaunched process, so a Node that is still too old fails instead of looping. */
const RELAUNCHED = 'BENCH_RELAUNCHED_UNDER_NODE';

/** `version` (like `process.versions.node`, "20.20.2") compared with `minimum`, part by part. */
export function isAtLeast(version: string, minimum: string): boolean {
  const parts = (text: string) => text.replace(/^v/, '').split('.').map(Number);
  const have = parts(version);
  const need = parts(minimum);
  for (let i = 0; i < need.length; i++) {
    const a = have[i] ?? 0;
    const b = need[i] ?? 0;
    if (Number.isNaN(a)) return false;
    if (a !== b) return a > b;
  }
  return true;
}

export type NodeCheck =
  { kind: 'ready' } | { kind: 'relaunch' } | { kind: 'too-old'; message: string };

/** What to do on this Node: run Lighthouse here, run the bench again under Node 22, or give up. */
export function checkNode(
  version: string,
  env: Readonly<Record<string, string | undefined>>,
): NodeCheck {
  if (isAtLeast(version, LIGHTHOUSE_MIN_NODE)) return { kind: 'ready' };
  if (env[RELAUNCHED]) {
    return {
      kind: 'too-old',
      message: `Lighthouse needs Node >= ${LIGHTHOUSE_MIN_NODE}, and the Node fetched as ${BENCH_NODE_PACKAGE} is ${version}.`,
    };
  }
  return { kind: 'relaunch' };
}

/** Why Node 22 could not be started, or undefined when `npx --package=node@…` runs it. */
function node22Problem(): string | undefined {
  const probe = spawnSync('npx', ['--yes', `--package=${BENCH_NODE_PACKAGE}`, '--', 'node', '-v'], {
    encoding: 'utf8',
  });
  if (probe.error) return probe.error.message;
  if (probe.status === 0) return undefined;
  const lastLine = probe.stderr.trim().split('\n').at(-1);
  return lastLine || `npx exited with ${probe.status}`;
}

/**
 * Runs `script` with `args` again under Node 22 from the npm registry (`npx --package=node@…`,
 * cached after the first time), with tsx as its loader; returns the exit code, or why Node 22
 * could not be started (no registry, no npx).
 */
export function relaunchUnderNode22(
  script: string,
  args: readonly string[],
): { code: number } | { error: string } {
  const problem = node22Problem();
  if (problem) return { error: problem };
  const result = spawnSync(
    'npx',
    ['--yes', `--package=${BENCH_NODE_PACKAGE}`, '--', 'node', '--import', 'tsx', script, ...args],
    { stdio: 'inherit', env: { ...process.env, [RELAUNCHED]: '1' } },
  );
  if (result.error) return { error: result.error.message };
  return { code: result.status ?? 1 };
}
