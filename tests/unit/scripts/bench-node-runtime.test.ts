import { describe, expect, it } from 'vitest';

import { checkNode, isAtLeast, LIGHTHOUSE_MIN_NODE } from '../../../scripts/bench/node-runtime';

describe('Node version comparison', () => {
  it('compares part by part, not as text', () => {
    expect(isAtLeast('22.19.0', '22.19.0')).toBe(true);
    expect(isAtLeast('22.23.3', '22.19.0')).toBe(true);
    expect(isAtLeast('24.0.0', '22.19.0')).toBe(true);
    expect(isAtLeast('22.9.0', '22.19.0')).toBe(false);
    expect(isAtLeast('20.20.2', '22.19.0')).toBe(false);
    expect(isAtLeast('v22.19.1', '22.19.0')).toBe(true);
  });

  it('does not take a version it cannot read for a new one', () => {
    expect(isAtLeast('nightly', '22.19.0')).toBe(false);
  });
});

describe('which Node runs Lighthouse', () => {
  it('runs it on a Node new enough', () => {
    expect(checkNode(LIGHTHOUSE_MIN_NODE, {})).toEqual({ kind: 'ready' });
  });

  it('runs the bench again on an older Node', () => {
    expect(checkNode('20.20.2', {})).toEqual({ kind: 'relaunch' });
  });

  it('fails with a message, not a loop, when the relaunched Node is still too old', () => {
    const check = checkNode('20.20.2', { BENCH_RELAUNCHED_UNDER_NODE: '1' });
    expect(check.kind).toBe('too-old');
    expect(check.kind === 'too-old' && check.message).toMatch(
      /needs Node >= 22\.19\.0.*is 20\.20\.2/,
    );
  });
});
