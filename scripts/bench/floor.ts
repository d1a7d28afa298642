/**
 * Each page beside its floor: Lighthouse on the page as built, on the same HTML without scripts
 * and on a one-line page, all three from one server with the same headers, run after run.
 */
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

import { serveDist } from '../serve-dist.ts';
import { launchForLighthouse, runOnce } from './lighthouse.ts';
import { median } from './report.ts';

/** `documentKb`: the page's HTML response on the wire, headers included (KB). */
export type FloorFigures = Record<
  'performance' | 'lcpMs' | 'fcpMs' | 'tbtMs' | 'cls' | 'documentKb',
  number
>;
export const floorVariants = ['site', 'noScripts', 'oneLine'] as const;
export type FloorVariant = (typeof floorVariants)[number];
/** A path's median figures for each of its three pages. */
export type FloorRow = { path: string } & Record<FloorVariant, FloorFigures>;
export type FloorResult = { version: string; runs: number; paths: FloorRow[] };

export const ONE_LINE_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Kestrel Data</title></head><body><p>Kestrel Data</p></body></html>';

/** Where each page of a path is served; the variants sit beside the build, under `/__floor/`. */
export function floorUrl(variant: FloorVariant, path: string): string {
  if (variant === 'site') return path;
  return variant === 'noScripts' ? `/__floor/no-scripts${path}` : '/__floor/one-line/';
}

// A start tag's attributes, quoted values may hold `>`.
const ATTRIBUTES = `((?:[^>"']|"[^"]*"|'[^']*')*)`;
// As the HTML parser does, a script's text ends at the first `</script`.
const scriptElement = new RegExp(`<script\\b${ATTRIBUTES}>[\\s\\S]*?</script\\s*>`, 'gi');
const linkElement = new RegExp(`<link\\b${ATTRIBUTES}>`, 'gi');

/** An attribute's value in a start tag's attribute text, lower case; undefined when absent. */
function attribute(attributes: string, name: string): string | undefined {
  const value = new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))`, 'i');
  const match = value.exec(attributes);
  return match ? (match[1] ?? match[2] ?? match[3])!.trim().toLowerCase() : undefined;
}

/**
 * The page with every `<script>` element and `<link rel="modulepreload">` removed; JSON-LD stays,
 * as it never runs.
 */
export function stripScripts(html: string): string {
  return html
    .replace(scriptElement, (element, attributes: string) =>
      attribute(attributes, 'type') === 'application/ld+json' ? element : '',
    )
    .replace(linkElement, (element, attributes: string) =>
      (attribute(attributes, 'rel') ?? '').split(/\s+/).includes('modulepreload') ? '' : element,
    );
}

/** The median of each figure over a page's runs; a score between two middle runs the lower. */
export function medianFloorFigures(runs: readonly FloorFigures[]): FloorFigures {
  const of = (key: keyof FloorFigures) => median(runs.map((run) => run[key]));
  return {
    performance: Math.floor(of('performance')),
    lcpMs: of('lcpMs'),
    fcpMs: of('fcpMs'),
    tbtMs: of('tbtMs'),
    cls: of('cls'),
    documentKb: of('documentKb'),
  };
}

/** The part of Lighthouse's network-requests table read here. */
type NetworkRequests = { items: { resourceType?: string; transferSize: number }[] };

/** One run of a page, tried up to three times as the Lighthouse part does; undefined if all fail. */
async function measureOnce(url: string, port: number) {
  for (let attempt = 1; attempt <= 3; attempt++) {
    try {
      const { version, figures, lhr } = await runOnce(url, port);
      const fcpMs = lhr.audits['first-contentful-paint']?.numericValue ?? NaN;
      const requests = (lhr.audits['network-requests']?.details as NetworkRequests | undefined)
        ?.items;
      const document = requests?.find((request) => request.resourceType === 'Document');
      const documentKb = document ? document.transferSize / 1024 : NaN;
      const { performance, lcpMs, tbtMs, cls } = figures;
      return { version, figures: { performance, lcpMs, fcpMs, tbtMs, cls, documentKb } };
    } catch (error) {
      console.error(`  ${(error as Error).message}`);
    }
  }
  return undefined;
}

/**
 * Lighthouse on each path's page, the page without scripts and the one-line page, served from a
 * copy of the build with the two variants written in. Each run takes the three of a path one
 * after the other, so a burst of load on the machine falls on all three alike.
 */
export async function measureFloor(
  buildPath: string,
  paths: readonly string[],
  runs: number,
): Promise<FloorResult> {
  const root = await mkdtemp(join(tmpdir(), 'bench-floor-'));
  try {
    await cp(buildPath, root, { recursive: true });
    const write = async (url: string, html: string) => {
      const file = join(root, url, 'index.html');
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, html);
    };
    for (const path of paths) {
      const html = await readFile(join(buildPath, path, 'index.html'), 'utf8');
      await write(floorUrl('noScripts', path), stripScripts(html));
    }
    await write(floorUrl('oneLine', '/'), ONE_LINE_PAGE);

    const server = await serveDist(root, 0);
    let version = '';
    const samples = paths.map(() => ({
      site: [] as FloorFigures[],
      noScripts: [] as FloorFigures[],
      oneLine: [] as FloorFigures[],
    }));
    try {
      const chrome = await launchForLighthouse();
      try {
        for (let run = 1; run <= runs; run++) {
          for (const [index, path] of paths.entries()) {
            console.error(`floor ${path}, run ${run} of ${runs}`);
            for (const variant of floorVariants) {
              const url = `${server.url}${floorUrl(variant, path)}`;
              const measured = await measureOnce(url, chrome.port);
              if (!measured) continue;
              version = measured.version;
              samples[index]![variant].push(measured.figures);
            }
          }
        }
      } finally {
        chrome.kill();
      }
    } finally {
      await server.close();
    }
    return {
      version,
      runs,
      paths: paths.map((path, index) => ({
        path,
        site: medianFloorFigures(samples[index]!.site),
        noScripts: medianFloorFigures(samples[index]!.noScripts),
        oneLine: medianFloorFigures(samples[index]!.oneLine),
      })),
    };
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}
