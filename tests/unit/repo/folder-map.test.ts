// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

/**
 * The README's folder map is how a newcomer finds their way, and docs/code-layout.md says the
 * same in detail: every folder either names must exist, and every folder of the app's source must
 * be in both.
 */
const root = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();

const maps = [
  { file: 'README.md', heading: 'Folder map' },
  { file: 'docs/code-layout.md', heading: 'Folders' },
];

function folderMap(file: string, heading: string): string {
  const text = readFileSync(join(root, file), 'utf8');
  const section = text.split(new RegExp(`^## ${heading}$`, 'm'))[1]?.split(/^## /m)[0] ?? '';
  const block = section.split('```')[1];
  if (!block) throw new Error(`${file} has no code block under "## ${heading}"`);
  return block;
}

/**
 * The paths the map names, in full: an entry at the left edge is a top-level path, an indented
 * one lives in the last top-level folder above it; `a/{b,c}/` names `a/b/` and `a/c/`.
 */
function mappedPaths(map: string): string[] {
  const paths: string[] = [];
  let parent = '';
  for (const line of map.split('\n')) {
    // Only the first two columns hold paths; deeper indentation continues a description.
    const entry = /^( {0,2})(\S+)/.exec(line);
    if (!entry) continue;
    const [, indent, name] = entry as unknown as [string, string, string];
    if (!/^[\w.{},-]+(\/[\w.{},-]+)*\/?(,|$)/.test(name)) continue;
    const names = name.replace(/,$/, '').match(/^(.*)\{(.+)\}(.*)$/);
    const expanded = names
      ? names[2]!.split(',').map((part) => names[1] + part + names[3])
      : [name];
    for (const item of expanded) {
      if (indent.length === 0) {
        if (item.endsWith('/')) parent = item;
        paths.push(item);
      } else paths.push(parent + item);
    }
  }
  return paths;
}

const subfolders = (dir: string) =>
  readdirSync(join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `${dir}/${entry.name}/`);

describe.each(maps)('the folder map of $file', ({ file, heading }) => {
  const mapped = mappedPaths(folderMap(file, heading));

  it('names only paths that exist', () => {
    expect(mapped.length).toBeGreaterThan(20);
    expect(mapped.filter((path) => !existsSync(join(root, path.replace(/,$/, ''))))).toEqual([]);
  });

  it('names every folder of src/, src/components/, src/features/ and supabase/functions/', () => {
    const folders = [
      ...subfolders('src'),
      ...subfolders('src/components'),
      ...subfolders('src/features'),
      ...subfolders('supabase/functions'),
    ].filter((folder) => !['src/components/', 'src/features/'].includes(folder));
    const covered = (folder: string) =>
      mapped.some(
        (path) =>
          path === folder ||
          (path.endsWith('/') && folder.startsWith(path) && !['src/', 'supabase/'].includes(path)),
      );
    expect(folders.filter((folder) => !covered(folder))).toEqual([]);
  });
});

/** The `name/` entries of the list under "## The admin feature" in docs/code-layout.md. */
function adminFolderList(): string[] {
  const text = readFileSync(join(root, 'docs/code-layout.md'), 'utf8');
  const section = text.split(/^## The admin feature$/m)[1]?.split(/^## /m)[0] ?? '';
  return [...section.matchAll(/^- `([\w-]+)\/`:/gm)].map((match) => match[1]!);
}

describe('the admin feature in docs/code-layout.md', () => {
  it('lists every folder of src/features/admin/, and only those', () => {
    const folders = subfolders('src/features/admin')
      .map((folder) => folder.split('/').at(-2)!)
      .sort();
    expect(adminFolderList().sort()).toEqual(folders);
  });
});

describe("the README's folder map", () => {
  it('gives each folder one line, so it stays short (the detail is in docs/code-layout.md)', () => {
    const lines = folderMap('README.md', 'Folder map')
      .split('\n')
      .filter((line) => line.trim() !== '');
    expect(lines.filter((line) => !/^ {0,2}\S/.test(line) || line.length > 100)).toEqual([]);
  });
});
