/**
 * Per route of the built site, the gzipped bytes of the JavaScript and CSS a first visit
 * loads (the entry, every chunk it imports statically, and the route's preloaded chunks),
 * against the budgets of ARCHITECTURE.md. Run `npm run build` first.
 */
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

type ManifestChunk = { file: string; imports?: string[]; css?: string[] };
type Manifest = Record<string, ManifestChunk>;

const buildDir = process.env.BUILD_DIR ?? 'dist';
const dist = resolve(import.meta.dirname, '..', buildDir);
const KB = 1024;
export const budgetsKb = { home: 120, otherPublic: 110 } as const;

const gzipCache = new Map<string, number>();
async function gzipSize(file: string) {
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = gzipSync(await readFile(join(dist, file)), { level: 9 }).length;
    gzipCache.set(file, size);
  }
  return size;
}

/** The files a page fetches before it is interactive: listed in its HTML, plus static imports. */
export function firstLoadFiles(html: string, manifest: Manifest) {
  const byFile = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]));
  const listed = [
    ...html.matchAll(/<script type="module"[^>]*src="\/([^"]+)"/g),
    ...html.matchAll(/<link rel="modulepreload"[^>]*href="\/([^"]+)"/g),
  ].map((m) => m[1]!);
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
    for (const sheet of chunk?.css ?? []) css.add(sheet);
  };
  listed.forEach(visit);
  return { js: [...js], css: [...css] };
}

function htmlFileFor(path: string) {
  return path === '/' ? 'index.html' : join(path.slice(1), 'index.html');
}

async function main() {
  const manifest = JSON.parse(await readFile(join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const { indexablePaths } = (await import(join(resolve(dist, '..'), `${buildDir}-ssr`, 'entry-server.js'))) as {
    indexablePaths: () => string[];
  };
  const rows: string[] = [];
  let failures = 0;
  for (const path of [...indexablePaths(), '/auth', '/admin']) {
    const html = await readFile(join(dist, htmlFileFor(path)), 'utf8');
    const { js, css } = firstLoadFiles(html, manifest);
    const jsBytes = (await Promise.all(js.map(gzipSize))).reduce((a, b) => a + b, 0);
    const cssBytes = (await Promise.all(css.map(gzipSize))).reduce((a, b) => a + b, 0);
    const htmlBytes = gzipSync(html, { level: 9 }).length;
    const isPublic = path !== '/auth' && path !== '/admin';
    const budget = path === '/' ? budgetsKb.home : isPublic ? budgetsKb.otherPublic : undefined;
    const within = budget === undefined || jsBytes <= budget * KB;
    if (!within) failures++;
    rows.push(
      `| ${path} | ${(jsBytes / KB).toFixed(1)} | ${(cssBytes / KB).toFixed(1)} | ${(htmlBytes / KB).toFixed(1)} | ${js.length} | ${budget ?? '-'} | ${budget === undefined ? '-' : within ? 'ok' : 'OVER'} |`,
    );
  }
  console.log('First load per route (gzip, KB)\n');
  console.log('| route | JS | CSS | HTML | JS files | JS budget | status |');
  console.log('|---|---:|---:|---:|---:|---:|---|');
  console.log(rows.join('\n'));
  if (failures > 0) {
    console.log(`\n${failures} route(s) over the JS budget.`);
    process.exitCode = 1;
  }
}

await main();
