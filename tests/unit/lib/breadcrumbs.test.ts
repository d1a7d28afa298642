import { describe, expect, it } from 'vitest';

import { buildBreadcrumbs } from '@/lib/breadcrumbs';

const titles: Record<string, string> = { 'data-strategy': 'Data Strategy' };
const lookup = (slug: string) => titles[slug];
const labels = (path: string) => buildBreadcrumbs(path, lookup).map((crumb) => crumb.label);

describe('buildBreadcrumbs', () => {
  it('is empty on the home page, so the bar is hidden', () => {
    expect(buildBreadcrumbs('/', lookup)).toEqual([]);
  });

  it.each([
    ['/services', 'Services'],
    ['/about', 'About'],
    ['/case-studies', 'Case Studies'],
    ['/whitepapers', 'Whitepapers'],
    ['/articles', 'Articles'],
  ])('adds the section for %s', (path, label) => {
    expect(buildBreadcrumbs(path, lookup)).toEqual([
      { label: 'Home', href: '/' },
      { label, href: path },
    ]);
  });

  it('shows Home, Services and the service title on a service page', () => {
    expect(buildBreadcrumbs('/service/data-strategy', lookup)).toEqual([
      { label: 'Home', href: '/' },
      { label: 'Services', href: '/services' },
      { label: 'Data Strategy', href: '/service/data-strategy' },
    ]);
  });

  it('stops at Services for an unknown service', () => {
    expect(labels('/service/no-such-service')).toEqual(['Home', 'Services']);
  });

  it.each([
    '/privacy-policy',
    '/cookie-policy',
    '/auth',
    '/admin',
    '/no-such-page',
    '/about/extra',
  ])('hides the bar where only Home would show (%s)', (path) => {
    expect(buildBreadcrumbs(path, lookup)).toEqual([]);
  });

  it('ignores a trailing slash', () => {
    expect(labels('/about/')).toEqual(['Home', 'About']);
  });
});
