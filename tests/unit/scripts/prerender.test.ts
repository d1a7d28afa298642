import { describe, expect, it } from 'vitest';

import { splitHeadTags } from '../../../scripts/prerender';
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
