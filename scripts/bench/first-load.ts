import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

type ManifestChunk = { file: string; imports?: string[]; css?: string[] };
export type Manifest = Record<string, ManifestChunk>;

/** The files a page fetches before it is interactive: listed in its HTML, plus static imports. */
export function firstLoadFiles(html: string, manifest: Manifest) {
  const byFile = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]));
  // A client-only shell lists its scripts as tags; a prerendered page hands them to its loader.
  const loader = /<script data-entry="\/([^"]+)" data-preload="([^"]*)"/.exec(html);
  const listed = [
    ...[...html.matchAll(/<script type="module"[^>]*src="\/([^"]+)"/g)].map((m) => m[1]!),
    ...[...html.matchAll(/<link rel="modulepreload"[^>]*href="\/([^"]+)"/g)].map((m) => m[1]!),
    ...(loader ? [loader[1]!, ...loader[2]!.split(' ').filter(Boolean)] : []),
  ].map((file) => file.replace(/^\//, ''));
  const css = new Set(
    [...html.matchAll(/<link rel="stylesheet"[^>]*href="\/([^"]+)"/g)].map((m) => m[1]!),
  );
  const js = new Set<string>();
  const visit = (file: string) => {
    if (js.has(file)) return;
    js.add(file);
    const chunk = byFile.get(file);
    for (const key of chunk?.imports ?? []) {
      const imported = manifest[key];
      if (imported) visit(imported.file);
    }
    // A stylesheet the prerender inlined is part of the HTML's bytes, not a request of its own.
    for (const sheet of chunk?.css ?? []) if (html.includes(`href="/${sheet}"`)) css.add(sheet);
  };
  listed.forEach(visit);
  return { js: [...js], css: [...css] };
}

export function htmlFileFor(path: string) {
  return path === '/' ? 'index.html' : join(path.slice(1), 'index.html');
}

export type FirstLoad = { jsKb: number; cssKb: number; htmlKb: number };

/** Gzipped bytes (level 9) of one route's first load in a build directory. */
export async function measureFirstLoad(
  dist: string,
  path: string,
  manifest: Manifest,
): Promise<FirstLoad> {
  const gzip = async (file: string) =>
    gzipSync(await readFile(join(dist, file)), { level: 9 }).length;
  const html = await readFile(join(dist, htmlFileFor(path)), 'utf8');
  const { js, css } = firstLoadFiles(html, manifest);
  const sum = (sizes: number[]) => sizes.reduce((a, b) => a + b, 0) / 1024;
  return {
    jsKb: sum(await Promise.all(js.map(gzip))),
    cssKb: sum(await Promise.all(css.map(gzip))),
    htmlKb: gzipSync(html, { level: 9 }).length / 1024,
  };
}
