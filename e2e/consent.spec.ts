import type { Page } from '@playwright/test';

import { CONSENT_STORAGE_KEY, expect, test } from './support/console-guard';
import { cookieBanner as banner, watchBanner } from './support/cookie-banner';

test.use({ consent: 'none' });

const ANALYTICS_ORIGIN = 'https://analytics.kestrel-e2e.invalid';
const storedConsent = (page: Page) =>
  page.evaluate(
    (key) => JSON.parse(window.localStorage.getItem(key) ?? 'null'),
    CONSENT_STORAGE_KEY,
  );

/** Serves the configured analytics script and counts requests for it. */
async function watchAnalytics(page: Page) {
  const requests: string[] = [];
  await page.route(`${ANALYTICS_ORIGIN}/**`, (route) => {
    requests.push(route.request().url());
    return route.fulfill({
      contentType: 'text/javascript',
      body: 'window.__analyticsLoaded = true;',
    });
  });
  return requests;
}

test('the banner appears about a second after load, with links to both policies', async ({
  page,
}) => {
  await page.clock.install();
  const watch = watchBanner(page);
  await page.goto('/about');
  await expect(banner(page)).toHaveCount(0);
  // What the tests of its absence wait for is enough for it to show.
  await watch.settle();
  expect(await banner(page).isVisible()).toBe(true);
  expect(watch.requested).toHaveLength(1);
  await expect(banner(page).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
    'href',
    '/privacy-policy',
  );
  await expect(banner(page).getByRole('link', { name: 'Cookie Policy' })).toHaveAttribute(
    'href',
    '/cookie-policy',
  );
});

test('Accept All stores every category, loads analytics, and the banner stays away', async ({
  page,
}) => {
  await page.clock.install();
  const analytics = await watchAnalytics(page);
  await page.goto('/');
  await banner(page).getByRole('button', { name: 'Accept All' }).click();
  await expect(banner(page)).toHaveCount(0);
  expect(await storedConsent(page)).toMatchObject({
    hasConsented: true,
    preferences: { essential: true, functional: true, performance: true, marketing: true },
  });
  await expect.poll(() => analytics.length).toBeGreaterThan(0);
  const watch = watchBanner(page);
  await page.reload();
  await watch.settle();
  await expect(banner(page)).toHaveCount(0);
  expect(watch.requested).toEqual([]);
});

test('no analytics request is made before consent, nor after Reject All', async ({ page }) => {
  const analytics = await watchAnalytics(page);
  await page.goto('/');
  await expect(banner(page)).toBeVisible();
  await page.goto('/services');
  await expect(banner(page)).toBeVisible();
  await banner(page).getByRole('button', { name: 'Reject All' }).click();
  expect(await storedConsent(page)).toMatchObject({
    hasConsented: true,
    preferences: { essential: true, functional: false, performance: false, marketing: false },
  });
  await page.reload();
  await page.waitForLoadState('networkidle');
  expect(analytics).toEqual([]);
  expect(await page.locator('script[data-consent-category]').count()).toBe(0);
});

test('Customize opens the dialog: toggles, Save Preferences with its toast', async ({ page }) => {
  await page.goto('/');
  await banner(page).getByRole('button', { name: 'Customize' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cookie Preferences' });
  await expect(dialog).toBeVisible();
  const essential = dialog.getByRole('switch', { name: /Essential Cookies/ });
  await expect(essential).toBeDisabled();
  await expect(essential).toHaveAttribute('aria-checked', 'true');
  await dialog.getByRole('switch', { name: /Functional Cookies/ }).click();
  await dialog.getByRole('button', { name: 'Save Preferences' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(banner(page)).toHaveCount(0);
  await expect(page.getByText('Cookie preferences saved')).toBeVisible();
  await expect(
    page.getByText('Your cookie preferences have been updated successfully.'),
  ).toBeVisible();
  expect((await storedConsent(page)).preferences).toEqual({
    essential: true,
    functional: true,
    performance: false,
    marketing: false,
  });
});

test('Cancel and Escape close the dialog without saving; focus returns', async ({ page }) => {
  await page.goto('/');
  const customize = banner(page).getByRole('button', { name: 'Customize' });
  await customize.click();
  const dialog = page.getByRole('dialog', { name: 'Cookie Preferences' });
  await dialog.getByRole('switch', { name: /Marketing Cookies/ }).click();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  expect(await storedConsent(page)).toBeNull();
  await expect(customize).toBeFocused();

  await customize.click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(banner(page)).toBeVisible();
});

test('the footer Cookie settings link reopens the choice at any time', async ({ page }) => {
  await page.goto('/');
  await banner(page).getByRole('button', { name: 'Reject All' }).click();
  await page.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cookie Preferences' });
  await dialog.getByRole('button', { name: 'Accept All' }).click();
  await expect(page.getByText('All cookies accepted')).toBeVisible();
  expect((await storedConsent(page)).preferences.marketing).toBe(true);
});

test('closing the banner re-prompts only after 24 hours', async ({ page }) => {
  await page.clock.install();
  await page.goto('/');
  await banner(page).getByRole('button', { name: 'Close cookie banner' }).click();
  await expect(banner(page)).toHaveCount(0);
  const watch = watchBanner(page);
  await page.reload();
  await watch.settle();
  await expect(banner(page)).toHaveCount(0);
  expect(watch.requested).toEqual([]);

  await page.evaluate(() => {
    const key = 'kestrel-data.cookie-banner-dismissed-at';
    window.localStorage.setItem(key, String(Date.now() - 24 * 60 * 60 * 1000 - 1000));
  });
  await page.reload();
  await expect(banner(page)).toBeVisible();
});

test('a choice older than 365 days is deleted and asked again', async ({ page }) => {
  await page.goto('/');
  await page.evaluate((key) => {
    const timestamp = Date.now() - 366 * 24 * 60 * 60 * 1000;
    const preferences = { essential: true, functional: true, performance: true, marketing: true };
    window.localStorage.setItem(
      key,
      JSON.stringify({ hasConsented: true, preferences, timestamp }),
    );
  }, CONSENT_STORAGE_KEY);
  await page.reload();
  await expect(banner(page)).toBeVisible();
  expect(await storedConsent(page)).toBeNull();
});
