/**
 * Turns the client build in dist/ into one static HTML file per route, with each page's head
 * tags and markup already in place, plus 404.html, sitemap.xml and robots.txt.
 *
 * Run after `vite build` (client, with manifest) and `vite build --ssr src/entry-server.tsx`. The
 * client build has already written `_headers` from the values it put into the bundle.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

import { isStaffAreaPath, privatePaths, unlistedPaths } from '../src/config/paths.ts';
import type * as ServerEntryModule from '../src/entry-server.tsx';
import { deferHydration } from '../src/page-loading/hydration-loader.ts';
import { BUILD_DIR } from './build-dir.ts';
import { styleFirstResponse } from './critical-css.ts';
import { gitContentHistory, sitemapXml } from './sitemap/sitemap.ts';

type ManifestChunk = { file: string; imports?: string[]; css?: string[]; isEntry?: boolean };
type Manifest = Record<string, ManifestChunk>;
type ServerEntry = typeof ServerEntryModule;

const root = resolve(import.meta.dirname, '..');
const distDir = join(root, BUILD_DIR);
const serverEntry = join(root, `${BUILD_DIR}-ssr`, 'entry-server.js');

const HEAD_MARKER = '<!--app-head-->';
const HTML_MARKER = '<!--app-html-->';
/** supabase-js and the app's client: every staff page loads it (dynamically) to read the session. */
const SUPABASE_SOURCE = 'src/lib/supabase.ts';
/** The chunk through which the staff pages and the booking page load (src/app/route-table.ts). */
const SEPARATE_ROUTES_SOURCE = 'src/app/separate-routes.ts';
const LEADING_HEAD_TAGS = /^(?:<title>[\s\S]*?<\/title>|<meta\b[^>]*>|<link\b[^>]*>)+/;

/**
 * No frame until the footer is in the DOM, that is until all of <main> is parsed: Chromium
 * unblocks on the element's start tag, and a paint between chunks of the main content would show
 * half-built rows whose content moves as the rest arrives (a layout shift). Only in a page whose
 * HTML holds the footer: elsewhere (the dev server's empty shell, a client-only build) Chromium
 * would wait for the whole document and then warn that the element never came.
 */
export function footerRenderBlock(body: string): string {
  return body.includes('id="site-footer"')
    ? '<link rel="expect" href="#site-footer" blocking="render" />'
    : '';
}

/** React 19 emits hoisted <title>/<meta>/<link> first; split them from the body markup. */
export function splitHeadTags(rendered: string): { head: string; body: string } {
  const match = LEADING_HEAD_TAGS.exec(rendered);
  const head = match ? match[0] : '';
  return { head, body: rendered.slice(head.length) };
}

/** React's mark for a Suspense boundary it gave up on at build time (left to the browser). */
const CLIENT_RENDERED_BOUNDARY = '<!--$!-->';

/**
 * Fails when a rendered page would ship without its content: no <main>, a <main> without the
 * page's <h1>, or a boundary React left for the browser to render. The message names the route.
 */
export function assertPageComplete(body: string, route: string): void {
  const main = /<main\b[^>]*>([\s\S]*)<\/main>/.exec(body);
  if (!main) throw new Error(`Prerendering ${route} failed: the page has no <main>.`);
  if (!/<h1\b/.test(main[1]!)) {
    throw new Error(
      `Prerendering ${route} failed: its <main> holds no <h1> (an empty or partial page would ship).`,
    );
  }
  if (body.includes(CLIENT_RENDERED_BOUNDARY)) {
    throw new Error(
      `Prerendering ${route} failed: part of the page was left to client rendering after an error.`,
    );
  }
}

/**
 * The source modules whose chunks a page preloads: its own and its data's; on a staff page or the
 * booking page the chunk that names its code, and on a staff page supabase-js, which it would
 * otherwise ask for only once its own code has run.
 */
export function preloadSources(
  route: { source: string; dataSources?: (pathname: string) => readonly string[] },
  path: string,
): string[] {
  const separate = isStaffAreaPath(path) || unlistedPaths.includes(path);
  return [
    ...(separate ? [SEPARATE_ROUTES_SOURCE] : []),
    route.source,
    ...(route.dataSources?.(path) ?? []),
    ...(isStaffAreaPath(path) ? [SUPABASE_SOURCE] : []),
  ];
}

/**
 * A public page asks for its scripts after its first paint (the hydration loader). A staff page
 * has nothing to paint before its code has read the session: it keeps its tags and asks at once.
 */
export function loadScripts(html: string, path: string): string {
  return isStaffAreaPath(path) ? html : deferHydration(html);
}

function collectChunkFiles(manifest: Manifest, key: string, seen = new Set<string>()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return { js: [] as string[], css: [] as string[] };
  seen.add(key);
  const js = [chunk.file];
  const css = [...(chunk.css ?? [])];
  for (const imported of chunk.imports ?? []) {
    const nested = collectChunkFiles(manifest, imported, seen);
    js.push(...nested.js);
    css.push(...nested.css);
  }
  return { js, css };
}

/** <link> tags that fetch a route's own chunks in parallel with the entry script. */
function routePreloads(manifest: Manifest, source: string, template: string): string {
  const { js, css } = collectChunkFiles(manifest, source);
  const tags = [
    ...css
      .filter((file) => !template.includes(file))
      .map((f) => `<link rel="stylesheet" href="/${f}">`),
    ...js
      .filter((file) => !template.includes(file))
      .map((f) => `<link rel="modulepreload" href="/${f}">`),
  ];
  return [...new Set(tags)].join('');
}

/**
 * The stylesheet, inlined: a first visit then needs nothing but the HTML to paint, instead of
 * waiting for a CSS file that shares the slow link with the page's scripts (style-src allows it).
 */
async function inlineStylesheets(html: string): Promise<string> {
  let result = html;
  for (const match of html.matchAll(/<link rel="stylesheet"[^>]*href="\/([^"]+)"[^>]*>/g)) {
    const css = await readFile(join(distDir, match[1]!), 'utf8');
    result = result.replace(
      match[0],
      `<style data-href="/${match[1]}">${css.replace(/<\/style/gi, '<\\/style')}</style>`,
    );
  }
  return result;
}

function outputFile(path: string) {
  return path === '/' ? join(distDir, 'index.html') : join(distDir, path.slice(1), 'index.html');
}

function robots(siteUrl: string) {
  const disallow = privatePaths.map((path) => `Disallow: ${path}\n`).join('');
  return `User-agent: *\nAllow: /\n${disallow}\nSitemap: ${new URL('/sitemap.xml', siteUrl)}\n`;
}

async function main() {
  const template = await readFile(join(distDir, 'index.html'), 'utf8');
  if (!template.includes(HEAD_MARKER) || !template.includes(HTML_MARKER)) {
    throw new Error('dist/index.html has no app markers: run `vite build` before prerendering.');
  }
  const manifest = JSON.parse(
    await readFile(join(distDir, '.vite', 'manifest.json'), 'utf8'),
  ) as Manifest;
  const entry = (await import(pathToFileURL(serverEntry).href)) as ServerEntry;

  // PRERENDER=false: the same site as a plain client-rendered SPA (an empty #root on every
  // route), built only so `npm run bench` can show what prerendering buys.
  const clientOnly = process.env.PRERENDER === 'false';

  const inlineCss = await inlineStylesheets(template);

  const render = async (path: string, file: string) => {
    if (clientOnly) {
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, template.replace(HEAD_MARKER, '').replace(HTML_MARKER, ''));
      return;
    }
    const { head, body } = splitHeadTags(await entry.renderPath(path));
    assertPageComplete(body, path);
    const route = entry.findRoute(path);
    const html = inlineCss
      .replace(
        HEAD_MARKER,
        footerRenderBlock(body) +
          head +
          entry.structuredDataTags(await entry.pageStructuredData(path)) +
          [
            ...new Set(
              preloadSources(route, path).flatMap((source) =>
                routePreloads(manifest, source, template).split(/(?=<link)/),
              ),
            ),
          ].join(''),
      )
      .replace('<div id="root">', `<div id="root" data-prerendered-path="${path}">`)
      .replace(HTML_MARKER, body);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, await styleFirstResponse(loadScripts(html, path), path));
  };

  const routes = entry.staticPaths();
  for (const path of routes) await render(path, outputFile(path));
  await render(entry.NOT_FOUND_RENDER_PATH, join(distDir, '404.html'));

  const history = gitContentHistory(root);
  await writeFile(
    join(distDir, 'sitemap.xml'),
    sitemapXml(entry.indexablePaths(), entry.site.url, history),
  );
  if ('unavailable' in history) {
    console.warn(`sitemap.xml: ${history.unavailable}, so only declared dates give a lastmod`);
  }
  await writeFile(join(distDir, 'robots.txt'), robots(entry.site.url));
  const what = clientOnly ? 'wrote the client-only shell for' : 'prerendered';
  console.log(`${what} ${routes.length} routes + 404.html, sitemap.xml, robots.txt`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
