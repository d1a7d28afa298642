import { expect, test } from './support/console-guard';

/**
 * A same-origin link to a file is a normal browser navigation: only paths of the app's route
 * table are routed client-side (anything else used to show the app's 404 page).
 */
test.describe('same-origin links to files', () => {
  for (const [path, expected] of [
    ['/sitemap.xml', /<urlset|urlset/],
    ['/robots.txt', /Disallow: \/admin/],
  ] as const) {
    test(`a link to ${path} loads the file itself`, async ({ page }) => {
      await page.goto('/about');
      await page.evaluate((href) => {
        (window as { spaMarker?: boolean }).spaMarker = true;
        const link = document.createElement('a');
        link.href = href;
        link.textContent = 'The file';
        document.querySelector('main')!.prepend(link);
      }, path);
      const response = page.waitForResponse((res) => new URL(res.url()).pathname === path);
      await page.getByRole('link', { name: 'The file' }).click();
      expect((await response).status()).toBe(200);
      await expect(page).toHaveURL(path);
      // A fresh document (not the app's client-side 404), showing the file's content.
      expect(await page.evaluate(() => (window as { spaMarker?: boolean }).spaMarker)).toBe(
        undefined,
      );
      await expect(page.getByRole('heading', { name: /not found/i })).toHaveCount(0);
      expect(await page.content()).toMatch(expected);
    });
  }

  test('a link to a page of the app still navigates client-side', async ({ page }) => {
    await page.goto('/about');
    await page.evaluate(() => {
      (window as { spaMarker?: boolean }).spaMarker = true;
    });
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Services' })
      .click();
    await expect(page).toHaveURL('/services');
    expect(await page.evaluate(() => (window as { spaMarker?: boolean }).spaMarker)).toBe(true);
  });
});
