import { describe, expect, it } from 'vitest';

import { isActivePath } from '@/config/navigation';

describe('isActivePath', () => {
  it('marks the page itself and the pages below it, not pages that only share a prefix', () => {
    expect(isActivePath('/services', '/services')).toBe(true);
    expect(isActivePath('/services/', '/services')).toBe(true);
    expect(isActivePath('/services/data', '/services')).toBe(true);
    expect(isActivePath('/service/data-strategy', '/services')).toBe(false);
    expect(isActivePath('/about-us', '/about')).toBe(false);
  });

  it('marks the home item on the home page only', () => {
    expect(isActivePath('/', '/')).toBe(true);
    expect(isActivePath('/about', '/')).toBe(false);
  });
});
