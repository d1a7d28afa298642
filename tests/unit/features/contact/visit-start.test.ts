import { beforeEach, describe, expect, it, vi } from 'vitest';

import type * as VisitStartApi from '@/features/contact/visit-start';

type VisitStartModule = typeof VisitStartApi;

describe('rememberVisitStart', () => {
  let visitStart: VisitStartModule;

  beforeEach(async () => {
    vi.resetModules();
    visitStart = await import('@/features/contact/visit-start');
  });

  it('knows nothing before the client entry has run', () => {
    expect(visitStart.readVisitStart()).toBeUndefined();
  });

  it('keeps the first page of the visit through later navigations', () => {
    const landing = {
      path: '/service/x',
      search: '?utm_source=newsletter',
      siteHost: 'kestreldata.co.uk',
      referrer: 'https://mail.example.com/',
    };
    visitStart.rememberVisitStart(landing);
    visitStart.rememberVisitStart({ ...landing, path: '/', search: '', referrer: '' });
    expect(visitStart.readVisitStart()).toEqual(landing);
  });

  it('writes no cookie and nothing to localStorage or sessionStorage', () => {
    visitStart.rememberVisitStart({
      path: '/',
      search: '?utm_source=x',
      siteHost: 'kestreldata.co.uk',
      referrer: 'https://example.com/',
    });
    expect(document.cookie).toBe('');
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
  });
});
