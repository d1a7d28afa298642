import { afterEach, describe, expect, it } from 'vitest';

import { isAppPath } from '@/app/route-table';
import { staticPaths } from '@/app/static-paths';
import { linkAction } from '@/page-loading/link-action';

const here = new URL('https://www.kestreldata.co.uk/about');

function clickOn(href: string) {
  const anchor = document.createElement('a');
  anchor.href = new URL(href, here).href;
  document.body.append(anchor);
  return {
    button: 0,
    metaKey: false,
    ctrlKey: false,
    shiftKey: false,
    altKey: false,
    defaultPrevented: false,
    target: anchor,
  };
}

afterEach(() => document.body.replaceChildren());

describe('linkAction with the route table', () => {
  it('routes every page the build renders client-side', () => {
    for (const path of staticPaths()) {
      expect(linkAction(clickOn(path), here, isAppPath), path).toEqual({
        kind: 'route',
        to: path,
        replace: path === here.pathname,
      });
    }
  });

  it.each([
    '/sitemap.xml',
    '/robots.txt',
    '/404.html',
    '/docs/brochure.pdf',
    '/assets/app.js',
    '/services/extra',
  ])('leaves %s to a normal browser navigation', (path) => {
    expect(isAppPath(path)).toBe(false);
    expect(linkAction(clickOn(path), here, isAppPath)).toBeNull();
  });

  it('keeps the query and hash of a routed link', () => {
    expect(linkAction(clickOn('/services?pillar=ai#list'), here, isAppPath)).toEqual({
      kind: 'route',
      to: '/services?pillar=ai#list',
      replace: false,
    });
  });
});
