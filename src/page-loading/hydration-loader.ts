/**
 * Prerendered pages paint from their HTML alone; their JavaScript only hydrates. So a page does
 * not ask for its scripts until it has painted: a small inline loader waits for the first
 * contentful paint (or, where the browser cannot report paints, the load event), then asks for the
 * full stylesheet and adds the route's modulepreloads and the entry script the build listed, one
 * per task.
 *
 * Without it, a fast connection fetches and runs the scripts before the first paint, and the
 * browser (and Lighthouse's model of a phone) holds that paint back behind them. The loader's
 * text is the same on every page, so one CSP hash (computed here, at build time) allows it.
 *
 * The page paints from the CSS its own markup uses, inline (scripts/critical-css.ts); the whole
 * stylesheet, named by the loader's `data-stylesheet`, is added after that paint as a
 * `media="print"` link, which does not block rendering. The loader applies it once it has arrived
 * (an inline `onload` handler would need 'unsafe-hashes' in the CSP), and adds the entry script
 * only then, so no code can show markup the inline CSS does not cover.
 *
 * Build-time code: the prerender (scripts/prerender.ts) writes the loader into each page and the
 * headers (scripts/security-headers.ts) allow it by its hash. The app never imports this file.
 */
import { createHash } from 'node:crypto';

/** Runs as a classic inline script; reads the file list from its own data attributes. */
export const HYDRATION_LOADER = [
  '(function (loader, win) {',
  '  var hrefs = loader.dataset.preload.split(" ");',
  '  var sheetHref = loader.dataset.stylesheet;',
  '  var styled = !sheetHref;',
  '  var waiting = false;',
  '  function applySheet(event) {',
  '    event.target.media = "all";',
  '    styled = true;',
  '    if (waiting) soon();',
  '  }',
  // Asked for only once the page has painted, as the scripts are: a request made while the HTML
  // is still arriving shares a phone's slow link with it and holds the first paint back.
  '  function loadSheet() {',
  '    if (!sheetHref) return;',
  '    var sheet = document.createElement("link");',
  '    sheet.rel = "stylesheet";',
  '    sheet.media = "print";',
  '    sheet.href = sheetHref;',
  // A sheet that fails to load must not hold hydration back for good.
  '    sheet.addEventListener("load", applySheet, { once: true });',
  '    sheet.addEventListener("error", applySheet, { once: true });',
  '    document.head.appendChild(sheet);',
  '  }',
  '  function start() {',
  '    loadSheet();',
  '    soon();',
  '  }',
  // One file per task: appending all the tags at once made a single 15-25 ms task on a phone
  // profile, which Lighthouse counts as blocking time.
  '  function next() {',
  '    waiting = !hrefs.length && !styled;',
  '    if (waiting) return;',
  '    var href = hrefs.shift();',
  '    if (href === "") return next();',
  '    var tag;',
  '    if (href) {',
  '      tag = document.createElement("link");',
  '      tag.rel = "modulepreload";',
  '      tag.href = href;',
  '    } else {',
  '      tag = document.createElement("script");',
  '      tag.type = "module";',
  '      tag.src = loader.dataset.entry;',
  '    }',
  '    document.head.appendChild(tag);',
  '    if (href) soon();',
  '  }',
  '  function soon() {',
  '    win.setTimeout(next, 0);',
  '  }',
  '  var observer = win.PerformanceObserver;',
  '  if (observer && (observer.supportedEntryTypes || []).indexOf("paint") >= 0) {',
  '    new observer(function (list, self) {',
  '      if (!list.getEntriesByName("first-contentful-paint").length) return;',
  '      self.disconnect();',
  '      start();',
  '    }).observe({ type: "paint", buffered: true });',
  '  } else if (document.readyState === "complete") start();',
  '  else win.addEventListener("load", start, { once: true });',
  '})(document.currentScript, window);',
].join('\n');

/** The CSP source expression that allows the loader and nothing else inline. */
export function hydrationLoaderHash(): string {
  return `'sha256-${createHash('sha256').update(HYDRATION_LOADER).digest('base64')}'`;
}

/** How the loader's tag starts in a page, as deferHydration writes it. */
const LOADER_TAG_START = '<script data-entry=';

const MODULE_SCRIPT = /<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>/g;
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>/g;

/**
 * Replaces a page's module script and modulepreload tags with the loader (at the end of <body>),
 * which fetches the same files once the page has painted.
 */
export function deferHydration(html: string): string {
  const entries = [...html.matchAll(MODULE_SCRIPT)].map((match) => match[1]!);
  if (entries.length !== 1) {
    throw new Error(`expected one module entry script in the page, found ${entries.length}`);
  }
  const preloads = [...new Set([...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]!))];
  const loader =
    `${LOADER_TAG_START}"${entries[0]}" data-preload="${preloads.join(' ')}">` +
    `${HYDRATION_LOADER}</script>`;
  return html
    .replace(MODULE_SCRIPT, '')
    .replace(MODULE_PRELOAD, '')
    .replace('</body>', `${loader}</body>`);
}

/**
 * The page with its loader told to ask for the full stylesheet at `href` once the page has painted
 * (`data-stylesheet`); throws on a page without the loader, whose sheet would never come.
 */
export function nameFullStylesheet(html: string, href: string, path: string): string {
  if (!html.includes(LOADER_TAG_START)) {
    throw new Error(`${path}: no hydration loader to name the full stylesheet to`);
  }
  const named = LOADER_TAG_START.replace('<script ', `<script data-stylesheet="${href}" `);
  return html.replace(LOADER_TAG_START, named);
}
