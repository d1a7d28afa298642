import { describe, expect, it } from 'vitest';

import {
  assertPageComplete,
  footerRenderBlock,
  loadScripts,
  preloadSources,
  splitHeadTags,
} from '../../../scripts/prerender';
import { headersForPath, parseHeadersFile } from '../../../scripts/static-headers';

describe('splitHeadTags', () => {
  it('moves the leading title, meta and link tags React emits into the head part', () => {
    const rendered =
      '<title>About | Kestrel Data</title><meta name="description" content="x"/><link rel="canonical" href="https://e/about"/><a href="#main">Skip</a><main><h1>About</h1><meta itemprop="x"/></main>';
    const { head, body } = splitHeadTags(rendered);
    expect(head).toBe(
      '<title>About | Kestrel Data</title><meta name="description" content="x"/><link rel="canonical" href="https://e/about"/>',
    );
    expect(body).toBe('<a href="#main">Skip</a><main><h1>About</h1><meta itemprop="x"/></main>');
  });

  it('leaves markup without head tags alone', () => {
    expect(splitHeadTags('<main></main>')).toEqual({ head: '', body: '<main></main>' });
  });
});

describe('footerRenderBlock', () => {
  it('holds the first frame for the footer only where the HTML has one', () => {
    expect(footerRenderBlock('<main><h1>A</h1></main><footer id="site-footer"></footer>')).toBe(
      '<link rel="expect" href="#site-footer" blocking="render" />',
    );
    expect(footerRenderBlock('<main><h1>A</h1></main>')).toBe('');
  });
});

describe('assertPageComplete', () => {
  const page = (main: string) =>
    `<a href="#main-content">Skip</a><header></header>${main}<footer></footer>`;

  it('accepts a page whose <main> holds its <h1>', () => {
    expect(() =>
      assertPageComplete(
        page('<main id="main-content"><section><h1>About</h1></section></main>'),
        '/about',
      ),
    ).not.toThrow();
  });

  it('fails, naming the route, on an empty <main>', () => {
    expect(() =>
      assertPageComplete(
        page('<main id="main-content" tabindex="-1"></main>'),
        '/service/data-audits',
      ),
    ).toThrow('Prerendering /service/data-audits failed: its <main> holds no <h1>');
  });

  it('fails on a page without <main>, or with the <h1> outside it', () => {
    expect(() => assertPageComplete('<div><h1>Hi</h1></div>', '/x')).toThrow(
      'Prerendering /x failed: the page has no <main>.',
    );
    expect(() => assertPageComplete('<h1>Hi</h1><main><p>text</p></main>', '/y')).toThrow(
      /\/y failed: its <main> holds no <h1>/,
    );
  });

  it('fails when React left a boundary to client rendering', () => {
    expect(() =>
      assertPageComplete(
        page('<main><h1>About</h1><!--$!--><template></template><!--/$--></main>'),
        '/about',
      ),
    ).toThrow('Prerendering /about failed: part of the page was left to client rendering');
  });
});

describe('_headers parsing', () => {
  it('applies matching rules in order, later values winning', () => {
    const rules = parseHeadersFile(
      '# comment\n/*\n  X-Frame-Options: DENY\n  Cache-Control: no-cache\n/assets/*\n  Cache-Control: public, max-age=31536000, immutable\n',
    );
    expect(Object.fromEntries(headersForPath(rules, '/about'))).toEqual({
      'X-Frame-Options': 'DENY',
      'Cache-Control': 'no-cache',
    });
    expect(headersForPath(rules, '/assets/app.js').get('Cache-Control')).toBe(
      'public, max-age=31536000, immutable',
    );
  });

  it('refuses a header line outside a rule', () => {
    expect(() => parseHeadersFile('  X-Frame-Options: DENY')).toThrow(/cannot read line/);
  });
});

describe('how a page asks for its scripts', () => {
  const html =
    '<html><head><script type="module" crossorigin src="/assets/index-A.js"></script>' +
    '<link rel="modulepreload" href="/assets/page-B.js"></head><body><main><h1>Hi</h1></main></body></html>';

  it('a public page hands them to the loader that waits for the first paint', () => {
    const page = loadScripts(html, '/about');
    expect(page).not.toContain('<script type="module"');
    expect(page).toContain('data-entry="/assets/index-A.js" data-preload="/assets/page-B.js"');
    expect(preloadSources({ source: 'src/pages/about-page.tsx' }, '/about')).toEqual([
      'src/pages/about-page.tsx',
    ]);
  });

  it('a staff page asks at once, supabase-js among its preloads', () => {
    for (const path of ['/auth', '/admin', '/admin/needs-reply']) {
      expect(loadScripts(html, path)).toBe(html);
      expect(preloadSources({ source: 'src/pages/admin-page.tsx' }, path)).toEqual([
        'src/app/separate-routes.ts',
        'src/pages/admin-page.tsx',
        'src/lib/supabase.ts',
      ]);
    }
  });

  it('the booking page preloads the chunk that names its code, as staff pages do', () => {
    expect(preloadSources({ source: 'src/pages/consultation-page.tsx' }, '/consultation')).toEqual([
      'src/app/separate-routes.ts',
      'src/pages/consultation-page.tsx',
    ]);
  });
});
