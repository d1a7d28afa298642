// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

import { describe, expect, it } from 'vitest';

/**
 * The README and the documents under docs/ send readers to each other: every relative link must
 * reach a file that exists, and a link to a heading (`file.md#heading`) must reach a heading of
 * that file, named the way GitHub names its anchors.
 */
const root = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();

function markdownFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return markdownFiles(path);
    return entry.name.endsWith('.md') ? [path] : [];
  });
}

/** The text outside fenced code blocks, where a heading is a heading. */
function withoutCodeBlocks(text: string): string {
  return text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
}

/** The text outside code blocks and inline code, where a link is a link. */
function prose(text: string): string {
  return withoutCodeBlocks(text).replace(/`[^`\n]*`/g, '');
}

/** Link targets: `[text](target)`, `[text](<target>)` and reference definitions `[id]: target`. */
function linkTargets(text: string): string[] {
  const body = prose(text);
  const inline = [...body.matchAll(/\]\(\s*(?:<([^>\n]+)>|([^)\s]+))(?:\s+"[^"]*")?\s*\)/g)].map(
    (m) => (m[1] ?? m[2])!,
  );
  const references = [...body.matchAll(/^\s{0,3}\[[^\]]+\]:\s+<?(\S+?)>?(?:\s|$)/gm)].map(
    (m) => m[1]!,
  );
  return [...inline, ...references];
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  for (const match of withoutCodeBlocks(text).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = slug(match[1]!);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    result.add(count === 0 ? base : `${base}-${count}`);
  }
  return result;
}

const external = /^([a-z][a-z0-9+.-]*:|\/\/)/i;

function brokenLinks(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8');
  return linkTargets(text).flatMap((target) => {
    if (external.test(target)) return [];
    const [pathPart = '', anchor] = target.split('#') as [string, string | undefined];
    const path =
      pathPart === '' ? join(root, file) : join(root, dirname(file), decodeURI(pathPart));
    const where = `${file} → ${target}`;
    if (!path.startsWith(root) || !existsSync(path)) return [`${where}: no such file`];
    if (anchor === undefined || anchor === '' || !path.endsWith('.md')) return [];
    if (statSync(path).isDirectory()) return [`${where}: a folder has no headings`];
    const names = anchors(readFileSync(path, 'utf8'));
    return names.has(decodeURIComponent(anchor).toLowerCase())
      ? []
      : [`${where}: no heading "${anchor}" in ${relative(root, path)}`];
  });
}

describe('Markdown links', () => {
  it('reads inline and reference links, outside code only', () => {
    const text = [
      'See [a](docs/a.md), [b](<docs/b c.md>) and [c](https://example.com "title").',
      '`[not](a-link.md)`',
      '```',
      '[nor](this.md)',
      '```',
      '[ref]: docs/ref.md#part',
    ].join('\n');
    expect(linkTargets(text)).toEqual([
      'docs/a.md',
      'docs/b c.md',
      'https://example.com',
      'docs/ref.md#part',
    ]);
  });

  it('names anchors as GitHub does', () => {
    expect([
      ...anchors(
        '# Backend\n## Hosted Supabase Auth settings (for the README)\n## `npm run bench`, measured\n## Backend\n',
      ),
    ]).toEqual([
      'backend',
      'hosted-supabase-auth-settings-for-the-readme',
      'npm-run-bench-measured',
      'backend-1',
    ]);
  });

  it('resolve from README.md and every document under docs/', () => {
    const files = ['README.md', ...markdownFiles('docs')];
    expect(files.length).toBeGreaterThan(5);
    expect(files.flatMap(brokenLinks)).toEqual([]);
  });
});
