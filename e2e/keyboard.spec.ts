import type { Page } from '@playwright/test';

import { MAIN_CONTENT_ID } from '../src/config/paths';

import { uniqueToken } from './support/backend-fixtures';
import { test as withBackend } from './support/mfa-fixtures';
import { totpCode } from './support/totp';
import { expect, test } from './support/console-guard';

/** Presses Tab until the focused element matches, or fails after `limit` presses. */
async function tabTo(page: Page, matches: (el: Element) => boolean, limit = 60) {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    const hit = await page.evaluate(`(${matches.toString()})(document.activeElement)`);
    if (hit) return;
  }
  throw new Error('the element was never reached with Tab');
}

const byText = (text: string) =>
  new Function('el', `return !!el && el.textContent.trim() === ${JSON.stringify(text)}`) as (
    el: Element,
  ) => boolean;
const byLabel = (id: string) =>
  new Function('el', `return !!el && el.id === ${JSON.stringify(id)}`) as (el: Element) => boolean;

test('the skip link is the first stop and moves focus to the main content', async ({ page }) => {
  await page.goto('/about');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.locator(`#${MAIN_CONTENT_ID}`)).toBeFocused();
});

test('every header item, and the Resources items, can be reached and used', async ({ page }) => {
  await page.goto('/privacy-policy');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await tabTo(page, byText('About'));
  await page.keyboard.press('Tab');
  await expect(nav.getByRole('link', { name: 'Services' })).toBeFocused();
  await page.keyboard.press('Tab');
  const resources = nav.getByRole('button', { name: 'Resources' });
  await expect(resources).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(resources).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('ArrowDown');
  await expect(nav.getByRole('link', { name: /Case Studies/ })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(nav.getByRole('link', { name: /Whitepapers/ })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(resources).toBeFocused();
  await expect(resources).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('Tab');
  await expect(nav.getByRole('link', { name: 'Contact' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/#contact');
});

test('the service tabs work with the arrow keys', async ({ page }) => {
  await page.goto('/');
  const dataTab = page.getByRole('tab', { name: 'Data' });
  await dataTab.focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'AI' })).toBeFocused();
  await expect(page.getByRole('tab', { name: 'AI' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Digital' })).toHaveAttribute('aria-selected', 'true');
});

test('keyboard focus is drawn as a 3 px brand outline on links, buttons and tabs', async ({
  page,
}) => {
  await page.goto('/');
  const ring = () =>
    page.evaluate(() => {
      const style = getComputedStyle(document.activeElement!);
      return `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`;
    });
  // brand-600 (#2563eb); polled, as a colour transition may still be running.
  const brandRing = /^solid 3px rgb\(37, 99, 23[45]\)$/;
  await tabTo(page, byText('About'));
  await expect.poll(ring).toMatch(brandRing);
  await tabTo(page, byText('Resources'));
  await expect.poll(ring).toMatch(brandRing);
  await page.getByRole('tab', { name: 'Data' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'AI' })).toBeFocused();
  await expect.poll(ring).toMatch(brandRing);
});

test('an enquiry can be sent with the keyboard alone', async ({ page }) => {
  await page.goto('/#contact');
  await tabTo(page, byLabel('enquiry-fullName'));
  await page.keyboard.type('Katherine Johnson');
  await page.keyboard.press('Tab');
  await page.keyboard.type(`kj.${Date.now()}@example.com`);
  await page.keyboard.press('Tab');
  await page.keyboard.type('Orbital Analytics');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Head of Data');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(page.locator('#enquiry-serviceInterest')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Tab');
  await expect(page.locator('#enquiry-timeline')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Tab');
  await page.keyboard.type('We would like help with our data governance programme.');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Submit Form' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Thank you for your inquiry!')).toBeVisible();
});

test.describe('cookie choices by keyboard', () => {
  test.use({ consent: 'none' });

  test('the banner and the dialog: focus trapped in the dialog and returned', async ({ page }) => {
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'We use cookies to enhance your experience' });
    await expect(banner).toBeVisible();
    await banner.getByRole('button', { name: 'Accept All' }).focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    const customize = banner.getByRole('button', { name: 'Customize' });
    await expect(customize).toBeFocused();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Cookie Preferences' });
    await expect(dialog).toBeVisible();
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(customize).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(banner).toHaveCount(0);
  });
});

withBackend(
  'sign in and page the admin table with the keyboard alone',
  async ({ page, backend }) => {
    withBackend.setTimeout(90_000);
    const admin = await backend.createAdminWithTotp();
    const batch = uniqueToken('Keyco');
    await backend.insertEnquiries(
      Array.from({ length: 27 }, (_, i) => ({
        Name: `Key Person ${String(i).padStart(2, '0')}`,
        Email: `${batch.toLowerCase()}.${i}@example.com`,
        Company: `${batch} Ltd`,
        Interest: 'analytics',
        Timeline: 'exploring',
        Message: `Keyboard enquiry number ${i}.`,
        created_at: new Date(Date.now() - i * 60_000).toISOString(),
      })),
    );

    await page.goto('/auth');
    await tabTo(page, byLabel('sign-in-email'));
    await page.keyboard.type(admin.email);
    await page.keyboard.press('Tab');
    await expect(page.locator('#sign-in-password')).toBeFocused();
    await page.keyboard.type(admin.password);
    await page.keyboard.press('Enter');
    // The code step takes the focus when it appears.
    await expect(page.getByLabel(/6-digit code/)).toBeFocused({ timeout: 15_000 });
    await page.keyboard.type(totpCode(admin.secret));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible({
      timeout: 15_000,
    });

    await tabTo(page, byLabel('submissions-search'));
    await page.keyboard.type(batch);
    await expect(page.getByText('Showing 1–25 of 27 enquiries')).toBeVisible();

    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    const next = pagination.getByRole('button', { name: 'Next' });
    const previous = pagination.getByRole('button', { name: 'Previous' });
    await tabTo(page, byText('Next'), 200);
    await expect(next).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Showing 26–27 of 27 enquiries')).toBeVisible();
    const enquiries = page.getByRole('region', { name: 'Submissions table' }).getByRole('table');
    await expect(enquiries.getByRole('row')).toHaveCount(3);
    // The list's heading takes the focus, so the new page is read from its top; Tab goes on
    // through its rows to the paging again.
    const heading = page.getByRole('heading', { name: 'Contact Submissions' });
    await expect(heading).toBeFocused();
    await tabTo(page, byText('Previous'), 200);
    await expect(previous).toBeFocused();
    await page.keyboard.press('Space');
    await expect(page.getByText('Showing 1–25 of 27 enquiries')).toBeVisible();
    await expect(heading).toBeFocused();
  },
);
