import { indexablePaths, staticPaths } from '../src/app/static-paths';
import { paths } from '../src/config/paths';
import { expect, test } from './support/console-guard';

const publicPaths = indexablePaths();

test.describe('every route', () => {
  // The pages under /admin send a signed-out visitor to /auth; e2e/admin.spec.ts covers them.
  for (const path of [...publicPaths, paths.auth]) {
    test(`${path} renders with its own title, description and canonical`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.locator('h1')).toHaveCount(1);
      await expect(page).toHaveTitle(/Kestrel Data/);
      await expect(page.locator('head title')).toHaveCount(1);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
        'href',
        `https://www.kestreldata.co.uk${path === '/' ? '/' : path}`,
      );
      await expect(page.locator('meta[name="description"]')).toHaveCount(1);
    });
  }

  test('titles and descriptions are unique across public pages', async ({ request }) => {
    const seen = new Map<string, string>();
    for (const path of publicPaths) {
      const html = await (await request.get(path)).text();
      const title = /<title>([^<]*)<\/title>/.exec(html)?.[1];
      const description = /<meta name="description" content="([^"]*)"/.exec(html)?.[1];
      expect(title, `${path} title`).toBeTruthy();
      expect(description, `${path} description`).toBeTruthy();
      for (const key of [`title:${title}`, `description:${description}`]) {
        expect(seen.get(key), `${key} of ${path} repeats`).toBeUndefined();
        seen.set(key, path);
      }
    }
  });
});

test.describe('prerendered HTML, fetched without JavaScript', () => {
  for (const path of staticPaths()) {
    test(`${path} already holds its h1 and title, and paints only once <main> is parsed`, async ({
      request,
    }) => {
      const response = await request.get(path);
      // A staff page's direct load (an alert's link) is a page of its own, not the 404 fallback.
      expect(response.status()).toBe(200);
      const html = await response.text();
      expect(html).toMatch(/<head>[\s\S]*<title>[^<]+<\/title>[\s\S]*<\/head>/);
      expect(html).toMatch(/<h1[\s>]/);
      expect(html).toContain(`data-prerendered-path="${path}"`);
      // The first paint waits for the element the render-blocking link names: it must exist, and
      // only after the whole of <main>, or a frame could show half-parsed content.
      const target = /<link rel="expect" href="#([^"]+)" blocking="render"/.exec(html)?.[1];
      expect(target).toBeTruthy();
      const mainEnd = html.indexOf('</main>');
      expect(mainEnd).toBeGreaterThan(0);
      expect(html.indexOf(`id="${target}"`)).toBeGreaterThan(mainEnd);
    });
  }

  test('the inline stylesheet defines every custom property it reads without a fallback', async ({
    request,
  }) => {
    // A var() naming an undefined property makes its whole declaration invalid: the global
    // focus ring once read --color-brand-600, which the build never defined, and was not drawn.
    const html = await (await request.get('/')).text();
    const css = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
    expect(css.length).toBeGreaterThan(10_000);
    // @supports conditions may test var() on purpose (Tailwind's feature checks): not reads.
    const rules = css.replace(/@supports[^{]*\{/g, '{');
    const read = new Set([...rules.matchAll(/var\((--[\w-]+)\)/g)].map((match) => match[1]!));
    const defined = new Set(
      [...css.matchAll(/(?:[;{(]|@property\s)(--[\w-]+)\s*[:{]/g)].map((match) => match[1]!),
    );
    expect([...read].filter((name) => !defined.has(name))).toEqual([]);
  });

  test('/auth and /admin are noindex, public pages are not', async ({ request }) => {
    for (const path of ['/auth', '/admin']) {
      expect(await (await request.get(path)).text()).toContain('content="noindex, nofollow"');
    }
    for (const path of publicPaths) {
      expect(await (await request.get(path)).text()).not.toContain('noindex');
    }
  });

  test('sitemap lists every indexable URL and robots points at it', async ({ request }) => {
    const sitemap = await (await request.get('/sitemap.xml')).text();
    for (const path of publicPaths) {
      expect(sitemap).toContain(`<loc>https://www.kestreldata.co.uk${path}</loc>`);
    }
    expect(sitemap).not.toContain('/auth');
    expect(sitemap).not.toContain('/admin');
    expect(sitemap).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toContain('Sitemap: https://www.kestreldata.co.uk/sitemap.xml');
  });
});

test.describe('not found', () => {
  test('an unknown path answers 404 with the not-found page and logs the path', async ({
    page,
    allowConsole,
  }) => {
    allowConsole(/404 Error: User attempted to access non-existent route: \/no-such-page/);
    const logged = page.waitForEvent('console', (m) => m.text().includes('/no-such-page'));
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByText('404', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: /Oops! Page not found/ })).toBeVisible();
    await logged;
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL('/');
  });
});
