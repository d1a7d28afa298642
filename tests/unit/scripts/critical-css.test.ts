// @vitest-environment node
import { describe, expect, it } from 'vitest';

import {
  criticalCss,
  dropUnusedCustomProperties,
  layerOrder,
  styleFirstResponse,
} from '../../../scripts/critical-css';

const SHEET = [
  '@layer theme{:root{--color-used:#111;--color-unused:#222;--spacing:.25rem}}',
  '@layer components{.card{padding:1rem}}',
  '@layer utilities{.text-used{color:var(--color-used)}.mt-2{margin-top:calc(var(--spacing) * 2)}',
  '.never{color:red}.link:hover{text-decoration:underline}',
  ':where(.space-y-1>:not(:last-child)){margin-bottom:4px}}',
  ':root[data-layout-all] .render-near-viewport{content-visibility:visible}',
  '@property --tw-unused{syntax:"*";inherits:false}',
].join('');

const page = (path = '/about') =>
  '<html><head><title>t</title>' +
  `<style data-href="/assets/style-A.css">${SHEET}</style></head>` +
  '<body><p class="text-used mt-2">Hi</p><a class="link" href="/">home</a>' +
  '<ul class="space-y-1"><li>a</li><li>b</li></ul>' +
  `<div class="render-near-viewport"></div><script data-entry="/x.js">${path}</script></body></html>`;

describe('the critical CSS of a page', () => {
  it('keeps the rules its markup uses, states and script-set layouts included', async () => {
    const css = await criticalCss(page(), SHEET);
    expect(css).toContain('.text-used{color:var(--color-used)}');
    expect(css).toContain('.link:hover');
    expect(css).toContain(':where(.space-y-1>:not(:last-child))');
    expect(css).toContain(':root[data-layout-all] .render-near-viewport');
    expect(css).not.toContain('.never');
    expect(css).not.toContain('.card');
  });

  it('names the sheet’s layers first, in the sheet’s order, a layer it leaves out included', async () => {
    const css = await criticalCss(page(), SHEET);
    expect(css.startsWith('@layer theme,components,utilities;')).toBe(true);
  });

  it('drops the custom properties nothing reads', async () => {
    const css = await criticalCss(page(), SHEET);
    expect(css).toContain('--color-used:#111');
    expect(css).toContain('--spacing:.25rem');
    expect(css).not.toContain('--color-unused');
    expect(css).not.toContain('@property --tw-unused');
  });
});

describe('layerOrder', () => {
  it('lists each layer once, where it first appears, statements included', () => {
    expect(layerOrder('@layer a, b;@layer c{x{}}@layer a{y{}}@layer d{}')).toBe('@layer a,b,c,d;');
    expect(layerOrder('.x{color:red}')).toBe('');
  });
});

describe('dropUnusedCustomProperties', () => {
  it('follows one variable reading another, and keeps what the markup reads', () => {
    const css = ':root{--a:1px;--b:var(--a);--c:2px;--d:3px}.x{width:var(--b)}';
    expect(dropUnusedCustomProperties(css, '<p style="height:var(--d)"></p>')).toBe(
      ':root{--a:1px;--b:var(--a);--d:3px}.x{width:var(--b)}',
    );
    expect(dropUnusedCustomProperties(':root{--a:1px;--b:var(--a)}.x{}', '')).toBe('');
  });

  it('removes a rule, an @supports and an @property left empty', () => {
    const css =
      '@supports (color:lab(0% 0 0)){:root{--gone:lab(1% 0 0)}}@property --gone{syntax:"*"}' +
      '.x{color:var(--kept)}';
    expect(dropUnusedCustomProperties(css, '')).toBe('.x{color:var(--kept)}');
  });
});

describe('the first response of a page', () => {
  it('on a public page: the critical CSS inline, the full sheet loaded without blocking', async () => {
    const html = await styleFirstResponse(page('/about'), '/about');
    expect(html).not.toContain('data-href');
    expect(html).not.toContain('.never');
    expect(html).toContain(
      '</style><noscript><link rel="stylesheet" href="/assets/style-A.css"></noscript>',
    );
    // no request for the full sheet until the loader asks, once the page has painted.
    expect(html.match(/<link rel="stylesheet"/g)).toHaveLength(1);
    expect(html).toContain('<script data-stylesheet="/assets/style-A.css" data-entry="/x.js">');
    expect(html).toContain('<p class="text-used mt-2">Hi</p>');
  });

  it('on a staff page: the whole stylesheet inline, as its scripts draw it all at once', async () => {
    const html = await styleFirstResponse(page('/admin'), '/admin/staff');
    expect(html).toContain(`<style>${SHEET}</style>`);
    expect(html).not.toContain('data-stylesheet');
  });

  it('refuses a public page with no loader to name the full sheet to', async () => {
    const html = page('/about').replace('<script data-entry="/x.js">/about</script>', '');
    await expect(styleFirstResponse(html, '/about')).rejects.toThrow(
      '/about: no hydration loader to name the full stylesheet to',
    );
  });

  it('leaves a page without an inlined stylesheet as it is', async () => {
    expect(await styleFirstResponse('<html><body></body></html>', '/')).toBe(
      '<html><body></body></html>',
    );
  });
});
