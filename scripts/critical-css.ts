/**
 * The first response of a public page carries the CSS its own markup uses and no more, so the
 * HTML and its styles fit the first round trips of a slow connection; the whole stylesheet
 * follows without blocking the paint, and the hydration loader applies it when it arrives
 * (src/page-loading/hydration-loader.ts). A staff page keeps the whole stylesheet inline: it is
 * drawn by its scripts, which need every rule at once.
 *
 * Which rules the markup uses is Beasties' call (every rule whose selector matches an element of
 * the page, states such as :hover included). The full sheet, applied later, then changes nothing
 * on screen, so nothing moves when it lands: the inline part keeps the sheet's cascade layers in
 * the sheet's order, and keeps the rules that scripted states rely on before any script could
 * set them.
 */
import Beasties from 'beasties';

import { isStaffAreaPath } from '../src/config/paths.ts';
import { nameFullStylesheet } from '../src/page-loading/hydration-loader.ts';

/** The stylesheet the prerender inlined, marked with the file it came from. */
const INLINED_STYLESHEET = /<style data-href="([^"]+)">([\s\S]*?)<\/style>/;

const beasties = new Beasties({
  external: false,
  reduceInlineStyles: true,
  allowRules: [
    // scrollToSection lays the whole page out through this attribute, which only a script sets.
    /data-layout-all/,
    // Beasties matches a selector with its pseudo-classes stripped, which leaves nothing of one
    // that starts with a functional one (Tailwind's `:where(.space-y-4>:not(:last-child))`).
    /^:(?:where|is|not|has)\(/,
  ],
  logLevel: 'warn',
});

/**
 * `@layer a,b,c;` in the order the sheet first names its layers: cascade layers rank by the
 * order they first appear, so without it a layer the page does not use (and the inline CSS
 * leaves out) would rank last once the full sheet arrives, above the utilities.
 */
export function layerOrder(css: string): string {
  const names = [...css.matchAll(/@layer ([\w-]+(?:\s*,\s*[\w-]+)*)\s*[{;]/g)].flatMap((match) =>
    match[1]!.split(',').map((name) => name.trim()),
  );
  const ordered = [...new Set(names)];
  return ordered.length > 0 ? `@layer ${ordered.join(',')};` : '';
}

const DECLARATION = /(?<=[{;])--([\w-]+):[^;{}]*(?:;|(?=\}))/g;
const REGISTERED_PROPERTY = /@property --([\w-]+)\{[^}]*\}/g;
const EMPTY_BLOCK = /(?<=^|[{};])[^{};@]+\{\}|@supports[^{};]*\{\}/g;

/**
 * Tailwind's theme declares each variable the whole site uses; a page uses a fraction. Drops
 * the custom properties (and their `@property`) that neither the CSS left nor the markup reads,
 * until none is left to drop (one variable may read another). Written for Tailwind's minified
 * output: one declaration between `{` or `;` and the next `;` or `}`.
 */
export function dropUnusedCustomProperties(css: string, markup: string): string {
  let current = css;
  for (;;) {
    const used = new Set(
      [...`${current}${markup}`.matchAll(/var\(\s*--([\w-]+)/g)].map((match) => match[1]!),
    );
    const keep = (whole: string, name: string) => (used.has(name) ? whole : '');
    const next = current
      .replace(DECLARATION, keep)
      .replace(REGISTERED_PROPERTY, keep)
      .replace(EMPTY_BLOCK, '');
    if (next === current) return current;
    current = next;
  }
}

/** The rules of the page's full inline stylesheet that its markup uses. */
export async function criticalCss(html: string, fullCss: string): Promise<string> {
  const reduced = INLINED_STYLESHEET.exec(await beasties.process(html))?.[2] ?? fullCss;
  const markup = html.replace(INLINED_STYLESHEET, '');
  return layerOrder(fullCss) + dropUnusedCustomProperties(reduced, markup);
}

/**
 * A prerendered page as it is sent: on a public page the inline stylesheet cut to its critical
 * CSS, the full sheet named to the hydration loader (which asks for it once the page has painted)
 * and linked plainly for a browser without script.
 */
export async function styleFirstResponse(html: string, path: string): Promise<string> {
  const inlined = INLINED_STYLESHEET.exec(html);
  if (!inlined) return html;
  const [whole, href, fullCss] = inlined as unknown as [string, string, string];
  if (isStaffAreaPath(path)) return html.replace(whole, `<style>${fullCss}</style>`);
  const named = nameFullStylesheet(html, href, path);
  const critical = await criticalCss(html, fullCss);
  return named.replace(
    whole,
    `<style>${critical}</style><noscript><link rel="stylesheet" href="${href}"></noscript>`,
  );
}
