import { expect, test } from './support/console-guard';

const MISSING = /404 Error: User attempted to access non-existent route/;

test.describe('the 404 page', () => {
  test('answers 404, stays out of search engines and offers the main sections', async ({
    page,
    allowConsole,
  }) => {
    allowConsole(MISSING);
    const response = await page.goto('/servics');
    expect(response?.status()).toBe(404);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await expect(page.locator('main h1')).toContainText('Page not found');
    const sections = page.getByRole('navigation', { name: 'Main sections' });
    const expected = {
      Services: '/services',
      About: '/about',
      'Case Studies': '/case-studies',
      Whitepapers: '/whitepapers',
      Articles: '/articles',
      Contact: '/#contact',
    };
    for (const [name, href] of Object.entries(expected)) {
      await expect(sections.getByRole('link', { name: new RegExp(`^${name}`) })).toHaveAttribute(
        'href',
        href,
      );
    }
    await expect(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    await sections.getByRole('link', { name: /^Services/ }).click();
    await expect(page).toHaveURL('/services');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /^index/);
  });

  test('its section links work without JavaScript too', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await page
      .getByRole('navigation', { name: 'Main sections' })
      .getByRole('link', { name: /^Case Studies/ })
      .click();
    await expect(page).toHaveURL('/case-studies');
    await context.close();
  });
});
