import { describe, expect, it } from 'vitest';

import { headersForPath, parseHeadersFile, withoutHeaders } from '../../../scripts/static-headers';

const file = `
/*
  Cross-Origin-Opener-Policy: same-origin
  X-Content-Type-Options: nosniff
/assets/*
  Cache-Control: public, max-age=31536000, immutable
  cross-origin-opener-policy: same-origin
`;

describe('withoutHeaders', () => {
  it('takes the named header out of every rule, whatever its case', () => {
    const rules = withoutHeaders(parseHeadersFile(file), ['cross-origin-opener-policy']);
    expect([...headersForPath(rules, '/about').keys()]).toEqual(['X-Content-Type-Options']);
    expect([...headersForPath(rules, '/assets/a.js').keys()]).toEqual([
      'X-Content-Type-Options',
      'Cache-Control',
    ]);
  });

  it('leaves the rules as they were when no name is given', () => {
    const rules = parseHeadersFile(file);
    expect(withoutHeaders(rules, [])).toEqual(rules);
  });
});
