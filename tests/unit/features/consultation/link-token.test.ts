import { describe, expect, it } from 'vitest';

import { readLinkToken } from '@/features/consultation/link-token';

describe('readLinkToken', () => {
  it('tells a book token from a manage token by its prefix alone', () => {
    expect(readLinkToken('#b.abc.0.1796000000.sig')).toEqual({
      kind: 'book',
      token: 'b.abc.0.1796000000.sig',
    });
    expect(readLinkToken('#m.abc.2.1796000000.sig')).toEqual({
      kind: 'manage',
      token: 'm.abc.2.1796000000.sig',
    });
  });

  it('reads an encoded fragment as the mail client may have left it', () => {
    expect(readLinkToken('#m.abc%2Esig')).toEqual({ kind: 'manage', token: 'm.abc.sig' });
  });

  it.each(['', '#', '#b.', '#x.abc', '#%E0%A4%A'])('finds no token in %j', (hash) => {
    expect(readLinkToken(hash)).toEqual({ kind: 'none' });
  });
});
