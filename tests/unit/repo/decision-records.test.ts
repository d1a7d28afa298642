// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

import { describe, expect, it } from 'vitest';

/**
 * Decision records are short and numbered once: a later choice gets its own record and the older
 * one says in its Status line what was superseded, instead of growing appended paragraphs.
 * docs/decisions/README.md lists every record with its title and status.
 */
const root = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
const folder = join(root, 'docs/decisions');

/** One page: a record longer than this has grown history that belongs in another record. */
const MAX_LINES = 70;

/** How an appended later change reads: "Added later:", "(added later)", "(added by 0010)", "Update:". */
const APPENDED =
  /\badded later[:.)]|\(added (?:later|by \d{4})\)|\*\*Update\b|^\s*(?:- )?Update:/im;

type DecisionRecord = { file: string; number: string; title: string; status: string; text: string };

function readRecords(): DecisionRecord[] {
  return readdirSync(folder)
    .filter((file) => /^\d{4}-.+\.md$/.test(file))
    .sort()
    .map((file) => {
      const text = readFileSync(join(folder, file), 'utf8');
      const heading = /^# (\d{4}): (.+)$/m.exec(text.split('\n')[0] ?? '');
      // The Status paragraph: from "Status:" to the next blank line.
      const status = /^Status: [\s\S]*?(?=\n\n)/m.exec(text)?.[0].replace(/\s+/g, ' ') ?? '';
      return {
        file,
        number: file.slice(0, 4),
        title: heading?.[1] === file.slice(0, 4) ? (heading[2] ?? '') : '',
        status,
        text,
      };
    });
}

/** The README's line for each record file it links. */
function indexLines(): Map<string, string> {
  const readme = readFileSync(join(folder, 'README.md'), 'utf8');
  const lines = new Map<string, string>();
  for (const line of readme.split('\n')) {
    const entry = /^- \[(\d{4})\]\(([^)]+)\) /.exec(line);
    if (entry) lines.set(entry[2]!, line);
  }
  return lines;
}

/** Relative links of a Markdown text that point at files, without their #fragment. */
function relativeLinks(text: string): string[] {
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1]!.split('#')[0]!)
    .filter((target) => target !== '' && !/^[a-z]+:/i.test(target));
}

describe('the decision records', () => {
  const records = readRecords();

  it('are numbered once each, and each heading carries its file number', () => {
    expect(records.length).toBeGreaterThan(25);
    const numbers = records.map((record) => record.number);
    const repeated = numbers.filter((number, index) => numbers.indexOf(number) !== index);
    expect(repeated, 'numbers used by two records').toEqual([]);
    const badHeadings = records.filter((record) => record.title === '').map((r) => r.file);
    expect(badHeadings, 'first line must be "# NNNN: Title" with the file number').toEqual([]);
  });

  it('each have a Status line and fit one page', () => {
    expect(records.filter((record) => record.status === '').map((r) => r.file)).toEqual([]);
    const long = records
      .filter((record) => record.text.trimEnd().split('\n').length > MAX_LINES)
      .map((record) => record.file);
    expect(long, `records over ${MAX_LINES} lines`).toEqual([]);
  });

  it('tell later changes in a Status line, not in appended paragraphs', () => {
    const appended = records.flatMap((record) =>
      record.text
        .split('\n')
        .filter((line) => APPENDED.test(line))
        .map((line) => `${record.file}: ${line.trim()}`),
    );
    expect(appended).toEqual([]);
  });

  it('link only to files that exist', () => {
    const broken = [...records.map((r) => r.file), 'README.md'].flatMap((file) => {
      const text = readFileSync(join(folder, file), 'utf8');
      return relativeLinks(text)
        .filter((target) => !existsSync(join(dirname(join(folder, file)), target)))
        .map((target) => `${file} -> ${target}`);
    });
    expect(broken).toEqual([]);
  });

  it('are all listed in docs/decisions/README.md with their title and status', () => {
    const index = indexLines();
    const problems = records.flatMap((record) => {
      const line = index.get(record.file);
      if (!line) return [`${record.file}: not listed`];
      const found: string[] = [];
      if (!line.startsWith(`- [${record.number}](${record.file}) ${record.title}`)) {
        found.push(`${record.file}: listed without its title "${record.title}"`);
      }
      const superseded = /superseded by/i.test(record.status);
      if (superseded !== /superseded by/i.test(line)) {
        found.push(`${record.file}: the list and the record disagree on "superseded by"`);
      }
      for (const named of line.split('Status:')[1]?.match(/\b\d{4}\b/g) ?? []) {
        if (!record.status.includes(named)) {
          found.push(`${record.file}: the list names ${named}, the record's Status line does not`);
        }
      }
      return found;
    });
    expect(problems).toEqual([]);
    const files = new Set(records.map((record) => record.file));
    expect(
      [...index.keys()].filter((file) => !files.has(file)),
      'listed, no such record',
    ).toEqual([]);
  });
});
