import { describe, expect, it } from 'vitest';

import { isResourcePage, navCurrent } from '@/components/layout/nav-current';

describe('navCurrent', () => {
  it('is "page" on the page itself, with or without a trailing slash', () => {
    expect(navCurrent('/about', '/about')).toBe('page');
    expect(navCurrent('/about/', '/about')).toBe('page');
    expect(navCurrent('/', '/')).toBe('page');
  });

  it('is "true" on a page of the section: a service page under Services', () => {
    expect(navCurrent('/service/data-strategy', '/services')).toBe('true');
    expect(navCurrent('/case-studies/retail', '/case-studies')).toBe('true');
  });

  it('is nothing on other pages, and home is not the section of every page', () => {
    expect(navCurrent('/about', '/services')).toBeUndefined();
    expect(navCurrent('/about', '/')).toBeUndefined();
    expect(navCurrent('/servicesx', '/services')).toBeUndefined();
  });
});

describe('isResourcePage', () => {
  it('holds for the three resource pages only', () => {
    expect(['/case-studies', '/whitepapers', '/articles'].map(isResourcePage)).toEqual([
      true,
      true,
      true,
    ]);
    expect(['/', '/about', '/services', '/service/data-strategy'].map(isResourcePage)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});
