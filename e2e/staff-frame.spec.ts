import type { Locator, Page } from '@playwright/test';

import { enquiriesFrom, toastsGone } from './support/admin-workflow';
import { expectNoAxeViolations } from './support/axe';
import { uniqueToken } from './support/backend-fixtures';
import { expect, signInWithCode, test } from './support/mfa-fixtures';
import { outsideViewport } from './support/staff-screens';

/** The marketing header's Contact button and the big footer's link lists are not in the staff area. */
async function expectNoMarketingFrame(page: Page) {
  await expect(page.getByRole('link', { name: /^Contact/ })).toHaveCount(0);
  await expect(page.getByRole('contentinfo').getByRole('link')).toHaveCount(0);
  await expect(page.getByRole('banner')).toHaveCount(1);
  await expect(page.getByRole('main')).toHaveCount(1);
}

/** Neither the page nor any control of the frame reaches past the viewport's sides. */
async function expectFrameFits(page: Page) {
  const tooWide = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(tooWide, 'the page scrolls sideways').toBeLessThanOrEqual(0);
  const controls = page.getByRole('banner').locator('a, button, p');
  for (let i = 0; i < (await controls.count()); i++) {
    const box = await controls.nth(i).boundingBox();
    const viewport = page.viewportSize();
    expect(box && viewport && box.x >= 0 && box.x + box.width <= viewport.width + 0.5).toBe(true);
  }
}

/**
 * The section links say how many enquiries wait for a first reply: the badge's number is seen,
 * and the link is heard as "Needs a reply (n waiting)". Returns n.
 */
async function expectWaitingCount(nav: Locator): Promise<number> {
  const link = nav.getByRole('link', { name: /^Needs a reply \(\d+ waiting\)$/ });
  await expect(link).toBeVisible({ timeout: 15_000 });
  const name = (await link.evaluate((element) => element.textContent)) ?? '';
  const [, seen, heard] = /^Needs a reply (\d+)\((\d+) waiting\)$/.exec(name) ?? [];
  expect(seen, 'the badge shows the number the link says').toBe(heard);
  expect(Number(seen)).toBeGreaterThanOrEqual(1);
  return Number(seen);
}

for (const width of [375, 1366] as const) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('/auth shows the product name alone, then every staff page has the compact frame', async ({
      page,
      backend,
    }) => {
      // five staff pages, each with axe over a dashboard the whole suite has filled
      test.setTimeout(180_000);
      await page.goto('/auth');
      const banner = page.getByRole('banner');
      await expect(banner.getByRole('link', { name: 'Kestrel Data' })).toHaveAttribute('href', '/');
      await expect(banner.getByRole('button')).toHaveCount(0);
      await expect(banner.getByRole('navigation')).toHaveCount(0);
      await expect(
        page.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' }),
      ).toBeVisible();
      await expectNoMarketingFrame(page);
      await expectNoAxeViolations(page);
      await page.screenshot({ path: `test-results/staff-frame-auth-${width}.png` });

      const admin = await backend.createAdminWithTotp();
      // At least one enquiry waits for its first reply, so Needs a reply shows a count.
      await backend.insertEnquiries(enquiriesFrom(uniqueToken('Framecount'), ['Wanda Waiting']));
      await signInWithCode(page, admin);
      await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible({
        timeout: 15_000,
      });
      const nav = banner.getByRole('navigation', { name: 'Admin sections' });
      // The badge is the overview's own figure (one query for both).
      const waiting = await expectWaitingCount(nav);
      const figure = page
        .getByRole('region', { name: 'Overview' })
        .getByRole('term')
        .filter({ hasText: /^Needs a reply$/ })
        .locator('xpath=following-sibling::dd[1]');
      await expect(figure).toContainText(new RegExp(`^${waiting}\\D`));
      await expect(banner.getByText('E2E Staff')).toBeVisible();
      await expect(banner.getByRole('button', { name: 'Sign Out' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Sign Out' })).toHaveCount(1);
      await expectNoMarketingFrame(page);
      await expectFrameFits(page);
      await page.screenshot({ path: `test-results/staff-frame-admin-${width}.png` });

      for (const [link, heading, path] of [
        ['Needs a reply', 'Needs a reply', '/admin/needs-reply'],
        ['Data requests', 'Data requests', '/admin/data-requests'],
        ['Staff', 'Staff', '/admin/staff'],
        ['Enquiries', 'Admin Dashboard', '/admin'],
      ] as const) {
        await nav.getByRole('link', { name: link }).click();
        await expect(page).toHaveURL(path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({
          timeout: 15_000,
        });
        await expect(nav.getByRole('link', { name: link })).toHaveAttribute('aria-current', 'page');
        await expectWaitingCount(nav);
        await expectNoMarketingFrame(page);
        await expectFrameFits(page);
        // A toast fading in or out has text at part opacity, which axe scores as low contrast.
        await toastsGone(page);
        await expectNoAxeViolations(page);
        await page.screenshot({
          path: `test-results/staff-frame-${link.replace(' ', '-').toLowerCase()}-${width}.png`,
        });
      }

      await page.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
    });

    for (const path of ['/admin/staff', '/admin/data-requests'] as const) {
      test(`Sign Out on ${path} signs out`, async ({ page, backend }) => {
        test.setTimeout(90_000);
        const admin = await backend.createAdminWithTotp();
        await signInWithCode(page, admin);
        await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible({
          timeout: 15_000,
        });
        await page.goto(path);
        const signOut = page.getByRole('banner').getByRole('button', { name: 'Sign Out' });
        await expect(signOut).toBeVisible({ timeout: 15_000 });
        expect(await outsideViewport(page, signOut)).toBeNull();
        await signOut.click();
        await expect(page).toHaveURL('/auth');
        await expect(page.getByRole('tab', { name: 'Sign In' })).toBeVisible();
        await page.goto(path);
        await expect(page).toHaveURL(/\/auth\?next=/);
      });
    }
  });
}
