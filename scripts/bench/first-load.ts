import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

import { FIRST_LOAD_BUDGET_KB } from './targets.ts';

export type Manifest = Record<string, { file: string; imports?: string[] }>;
export type BytesRow = { path: string; jsKb: number; budgetKb: number };

/** The scripts a page's loader fetches before it is interactive, and those they import statically. */
export function firstLoadScripts(html: string, manifest: Manifest): string[] {
  const byFile = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]));
  const loader = /<script data-entry="\/([^"]+)" data-preload="([^"]*)"/.exec(html);
  const listed = loader ? [loader[1]!, ...loader[2]!.split(' ').filter(Boolean)] : [];
  const scripts = new Set<string>();
  const visit = (file: string) => {
    if (scripts.has(file)) return;
    scripts.add(file);
    for (const key of byFile.get(file)?.imports ?? []) visit(manifest[key]!.file);
  };
  listed.forEach((file) => visit(file.replace(/^\//, '')));
  return [...scripts];
}

/** Each page's first-load JS, gzipped at level 9, beside its budget. */
export async function measureBytes(buildPath: string, paths: string[]): Promise<BytesRow[]> {
  const manifestFile = join(buildPath, '.vite', 'manifest.json');
  const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as Manifest;
  const gzipped = async (file: string) =>
    gzipSync(await readFile(join(buildPath, file)), { level: 9 }).length;
  return Promise.all(
    paths.map(async (path) => {
      const html = await readFile(join(buildPath, path, 'index.html'), 'utf8');
      const sizes = await Promise.all(firstLoadScripts(html, manifest).map(gzipped));
      const jsKb = sizes.reduce((a, b) => a + b, 0) / 1024;
      return { path, jsKb, budgetKb: FIRST_LOAD_BUDGET_KB };
    }),
  );
}
