// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

/**
 * The README and the topic documents say how things are, not when someone measured what: a
 * measured figure lives in docs/performance.md, which `npm run bench` writes with its date and
 * machine, and goes stale anywhere else. Limits and budgets are configuration and may be quoted.
 */
const root = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();

const generated = 'docs/performance.md';

const diary: readonly { name: string; regex: RegExp }[] = [
  { name: 'a dated measurement', regex: /\b20\d\d-[01]\d-[0-3]\d\b/ },
  { name: 'a time of day instead of a fact', regex: /\b(this (evening|morning)|tonight)\b/i },
  { name: 'an earlier figure', regex: /\bwas \d[\d.,]*\s?(KB|kB|MB|ms|s)\b/ },
];

function diaryLines(file: string, text: string): string[] {
  return text
    .split('\n')
    .flatMap((line, index) =>
      diary
        .filter(({ regex }) => regex.test(line))
        .map(({ name }) => `${file}:${index + 1} (${name}): ${line.trim().slice(0, 120)}`),
    );
}

describe('the README and the topic documents', () => {
  it('recognise diary prose', () => {
    expect(diaryLines('x', 'Measured on 2026-11-25: 10.1 KB')).toHaveLength(1);
    expect(diaryLines('x', 'this evening the chunk grew')).toHaveLength(1);
    expect(diaryLines('x', '(10.1 KB gzip, was 5.4 KB)')).toHaveLength(1);
    expect(diaryLines('x', '10 enquiries per client per hour, budget 110 KB')).toEqual([]);
    expect(diaryLines('x', 'migration 20261126130100_schedule_reply_clock.sql')).toEqual([]);
  });

  it('narrate no measurement by date (figures live in docs/performance.md)', () => {
    const files = [
      'README.md',
      ...readdirSync(join(root, 'docs'))
        .filter((name) => name.endsWith('.md'))
        .map((name) => `docs/${name}`)
        .filter((file) => file !== generated),
    ];
    expect(files.length).toBeGreaterThan(5);
    const hits = files.flatMap((file) => diaryLines(file, readFileSync(join(root, file), 'utf8')));
    expect(hits).toEqual([]);
  });
});
