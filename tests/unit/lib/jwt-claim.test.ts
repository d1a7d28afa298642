import { describe, expect, it } from 'vitest';

import { jwtClaim } from '@/lib/jwt-claim';

const token = (payload: object) =>
  ['e30', btoa(JSON.stringify(payload)).replace(/\+/g, '-').replace(/\//g, '_'), 'sig'].join('.');

describe('jwtClaim', () => {
  it('reads a string claim from the payload, base64url or not', () => {
    expect(jwtClaim(token({ aal: 'aal2', role: 'authenticated' }), 'aal')).toBe('aal2');
    // "?>?" encodes to characters base64url swaps ("Pz4/" → "Pz4_")
    expect(jwtClaim(token({ note: '?>?', role: 'anon' }), 'role')).toBe('anon');
  });

  it('is undefined for a missing or non-string claim and for a token that is not a JWT', () => {
    expect(jwtClaim(token({ aal: 2 }), 'aal')).toBeUndefined();
    expect(jwtClaim(token({}), 'aal')).toBeUndefined();
    expect(jwtClaim('not-a-token', 'aal')).toBeUndefined();
    expect(jwtClaim('a.%%%.c', 'aal')).toBeUndefined();
  });
});
