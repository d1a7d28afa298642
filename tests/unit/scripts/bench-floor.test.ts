// @vitest-environment node
import { describe, expect, it } from 'vitest';

import {
  floorUrl,
  medianFloorFigures,
  ONE_LINE_PAGE,
  stripScripts,
} from '../../../scripts/bench/floor';

const jsonLd = '<script type="application/ld+json">{"@type":"BreadcrumbList"}</script>';
const stylesheet =
  '<link rel="stylesheet" href="/assets/style.css" media="print" data-full-stylesheet><noscript><link rel="stylesheet" href="/assets/style.css"></noscript>';
const page = (head: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8">${head}</head><body><div id="root"><h1>About</h1></div>${body}</body></html>`;

describe('the page without scripts', () => {
  it('drops every script and module preload, and keeps the rest byte for byte', () => {
    const html = page(
      `<link rel="modulepreload" href="/assets/a.js"><LINK REL='preload modulepreload' href=/assets/b.js />${stylesheet}<script type="module" src="/assets/index.js"></script>${jsonLd}`,
      `<script data-entry="/assets/index.js" data-preload="/a.js /b.js" data-x="a > b">(function (loader) {
  var tag = document.createElement("script");
  if (1 > 0) document.head.appendChild(tag);
})(document.currentScript);</script ><SCRIPT>void 0</SCRIPT>`,
    );
    expect(stripScripts(html)).toBe(page(`${stylesheet}${jsonLd}`, ''));
  });

  it('keeps JSON-LD however its type is quoted, and leaves a page with no script as it was', () => {
    const blocks = `<script type='application/ld+json'>{}</script><script TYPE=application/ld+json>{}</script>`;
    expect(stripScripts(page(blocks, '<script>1</script>'))).toBe(page(blocks, ''));
    const plain = page(stylesheet, '<p>no scripts here, nor <code>&lt;script&gt;</code></p>');
    expect(stripScripts(plain)).toBe(plain);
  });

  it('serves the variants under /__floor/, the one-line page the same for every path', () => {
    expect(floorUrl('site', '/about')).toBe('/about');
    expect(floorUrl('noScripts', '/about')).toBe('/__floor/no-scripts/about');
    expect(floorUrl('noScripts', '/')).toBe('/__floor/no-scripts/');
    expect(floorUrl('oneLine', '/about')).toBe(floorUrl('oneLine', '/'));
    expect(ONE_LINE_PAGE).toContain('<body><p>Kestrel Data</p></body>');
    expect(stripScripts(ONE_LINE_PAGE)).toBe(ONE_LINE_PAGE);
  });
});

describe("the floor's figures", () => {
  it('are the median of each figure over the runs, a score between two the lower', () => {
    const run = (lcpMs: number, performance: number, fcpMs = 800) => ({
      performance,
      lcpMs,
      fcpMs,
      tbtMs: 0,
      cls: 0,
      documentKb: 19.5,
    });
    expect(medianFloorFigures([run(900, 100), run(1000, 98), run(950, 99, NaN)])).toEqual(
      run(950, 99),
    );
    expect(medianFloorFigures([run(900, 100), run(1000, 99)])).toMatchObject({
      lcpMs: 950,
      performance: 99,
    });
    expect(medianFloorFigures([]).lcpMs).toBeNaN();
  });
});
