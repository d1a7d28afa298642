import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

/**
 * The repository must stand on its own: a maintainer has only what is tracked here, so no file
 * may send them to a document that is not in it. Each pattern is assembled from pieces, so this
 * file does not match itself.
 */
const root = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();

const dot = '\\.';
const outsideDocs = ['SPEC', 'ARCHITECTURE', 'SUPABASE-API', 'SECURITY-PERF-FACTS', 'STYLE'];

const patterns: readonly { name: string; regex: RegExp }[] = [
  { name: 'a folder beside the repository', regex: new RegExp(`${dot}${dot}/${'sha'}red\\b`) },
  ...outsideDocs.map((doc) => ({
    name: `${doc}.md`,
    regex: new RegExp(`(?<![\\w.-])${doc}${dot}${'m'}d\\b`),
  })),
  {
    name: 'a numbered section of a specification',
    regex: new RegExp(`\\b${'spe'}c(?:ification)?(?:'s)?\\s*\\(?\\s*sections?\\b`, 'i'),
  },
  { name: 'a numbered paragraph', regex: new RegExp(`${'\u00a7'}\\s?\\d`) },
];

type Hit = { file: string; line: number; pattern: string; text: string };

function findHits(file: string, text: string): Hit[] {
  const hits: Hit[] = [];
  text.split('\n').forEach((lineText, index) => {
    for (const { name, regex } of patterns) {
      if (regex.test(lineText)) {
        hits.push({ file, line: index + 1, pattern: name, text: lineText.trim().slice(0, 160) });
      }
    }
  });
  return hits;
}

function trackedFiles(): string[] {
  return execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter((file) => file !== '');
}

describe('the repository is self-contained', () => {
  it('recognises references to documents outside the repository', () => {
    const outside = [
      `see ${'SPEC'}.md for the rules`,
      `as in ../${'shared'}/notes`,
      `(${'SUPABASE-API'}.md ${'\u00a7'}6.1)`,
      `the ${'SECURITY-PERF-FACTS'}.md figures`,
      `${'ARCHITECTURE'}.md decision 3`,
      `house rules in ${'STYLE'}.md`,
      `(${'spec'} section 5)`,
      `the ${'specification'} (section 9)`,
      `the ${'spec'}'s section 8`,
      `${'\u00a7'}3`,
    ];
    for (const sample of outside) {
      expect(findHits('sample', sample), sample).not.toEqual([]);
    }
  });

  it('leaves ordinary words alone', () => {
    const ordinary = [
      'e2e/admin.spec.ts covers it',
      'a module specifier',
      'the X-Supabase-Api-Version header',
      'section 54 of the Modern Slavery Act 2015',
      'styles/site.css and docs/product-rules.md',
      'the decision records under docs/decisions',
      'a Playwright spec can sign in',
    ];
    for (const sample of ordinary) {
      expect(findHits('sample', sample), sample).toEqual([]);
    }
  });

  it('has no tracked file that points to a document outside it', () => {
    const files = trackedFiles();
    expect(files.length).toBeGreaterThan(100);
    const hits = files.flatMap((file) => {
      const path = join(root, file);
      if (!existsSync(path)) return [];
      const text = readFileSync(path, 'utf8');
      if (text.includes('\0')) return [];
      return findHits(file, text);
    });
    const report = hits.map((hit) => `${hit.file}:${hit.line} (${hit.pattern}): ${hit.text}`);
    expect(report).toEqual([]);
  });
});
