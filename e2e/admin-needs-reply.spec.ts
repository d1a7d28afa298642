import type { Page } from '@playwright/test';

import { enquiriesFrom, enquiryId, signInToDashboard } from './support/admin-workflow';
import { uniqueToken } from './support/backend-fixtures';
import { unexpectedLayoutShifts } from './support/layout-shift';
import { enterCode, expect, test } from './support/mfa-fixtures';
import { chartsDisclosure, firstCardTop, openOverviewCharts } from './support/overview-charts';
import { dialogSpills, outsideViewport } from './support/staff-screens';
import { totpCode } from './support/totp';

const HOUR = 3_600_000;

/** The ids of the cards on the Needs a reply page, top to bottom. */
async function listedIds(page: Page): Promise<string[]> {
  return page
    .getByRole('list', { name: 'Enquiries awaiting a reply' })
    .locator('[data-enquiry-id]')
    .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-enquiry-id') ?? ''));
}

for (const width of [375, 1366]) {
  test(`at ${width} px: Needs a reply lists the late enquiry first, the alert's link opens it, and a reply recorded by e-mail takes it off the list`, async ({
    page,
    backend,
  }, testInfo) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: width === 375 ? 740 : 900 });
    const admin = await backend.createAdminWithTotp();
    const company = uniqueToken('Dueco');
    const [late, soon] = enquiriesFrom(company, ['Olive Overdue', 'Dana Due']);
    await backend.insertEnquiries([
      {
        ...late!,
        created_at: new Date(Date.now() - 30 * HOUR).toISOString(),
        landing_page: '/services/analytics',
        referrer_host: 'news.example',
        utm_source: 'newsletter',
        utm_medium: 'email',
        utm_campaign: 'autumn-2026',
      },
      { ...soon!, created_at: new Date(Date.now() - 2 * HOUR).toISOString() },
    ]);
    const [lateId, soonId] = [await enquiryId(late!.Email), await enquiryId(soon!.Email)];

    await signInToDashboard(page, admin);
    // The overview's response figures are on /admin once every figure has loaded.
    const overview = page.getByRole('region', { name: 'Overview' });
    await expect(overview).toHaveAttribute('aria-busy', 'false', { timeout: 15_000 });
    // Loaded afresh, a staff page's section links keep the badge's room while the count loads,
    // so none of them moves when it comes.
    await page.goto('/admin/data-requests');
    const counted = page.getByRole('link', { name: /^Needs a reply \(\d+ waiting\)$/ });
    await expect(counted).toBeVisible({ timeout: 15_000 });
    const linksMoved = (await unexpectedLayoutShifts(page)).filter((shift) =>
      shift.moved.some((element) => /^(li|a)\b/.test(element)),
    );
    expect(linksMoved).toEqual([]);
    await page.goto('/admin');
    await expect(overview).toHaveAttribute('aria-busy', 'false', { timeout: 15_000 });
    const charts = chartsDisclosure(page);
    if (width === 375) {
      // On a phone the charts wait behind their disclosure below the list, and the enquiries come
      // first: above the first card only the frame, the page's heading, the six figures in three
      // short rows and the list's heading, search and buttons.
      await expect(charts).not.toHaveAttribute('open');
      expect(await firstCardTop(page), 'the first card within 620 px').toBeLessThanOrEqual(620);
      await page.screenshot({ path: testInfo.outputPath(`dashboard-closed-${width}.png`) });
      await openOverviewCharts(page);
    } else {
      await expect(charts).toHaveAttribute('open', '');
      await expect(charts.getByText('Enquiries per week, last 12 weeks')).toBeVisible();
    }
    for (const figure of ['Needs a reply', 'Overdue']) {
      await expect(
        overview.getByRole('term').filter({ hasText: new RegExp(`^${figure}$`) }),
      ).toBeVisible();
    }
    for (const figure of ['Median first reply', 'Replied within 24 h']) {
      await expect(
        charts.getByRole('term').filter({ hasText: new RegExp(`^${figure}$`) }),
      ).toBeVisible();
    }
    await charts.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`overview-${width}.png`), fullPage: true });
    const sources = charts
      .getByRole('heading', { name: /Where enquiries came from/ })
      .locator('..');
    await sources.screenshot({ path: testInfo.outputPath(`sources-${width}.png`) });
    expect(
      await sources.evaluate((box) =>
        [...box.querySelectorAll('table')].every(
          (table) => table.scrollWidth <= table.parentElement!.clientWidth,
        ),
      ),
      'the source tables fit without scrolling sideways',
    ).toBe(true);

    await page.goto('/admin/needs-reply');
    await expect(page.getByRole('heading', { name: 'Needs a reply', level: 1 })).toBeVisible();
    await expect.poll(() => listedIds(page)).toContain(soonId);
    const ids = await listedIds(page);
    expect(ids.indexOf(lateId)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(lateId), 'oldest due first').toBeLessThan(ids.indexOf(soonId));
    const lateCard = page.locator(`[data-enquiry-id="${lateId}"]`);
    const soonCard = page.locator(`[data-enquiry-id="${soonId}"]`);
    await expect(lateCard.getByText('Overdue', { exact: true })).toBeVisible();
    await expect(lateCard).toContainText(/Overdue by (5|6) h/);
    await expect(soonCard).toContainText(/Due in (21|22) h/);
    await expect(soonCard.getByText('Overdue', { exact: true })).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
    await lateCard.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`needs-reply-${width}.png`) });

    // The staff alert's link opens the enquiry's dialog on this page.
    await page.goto(`/admin/needs-reply?enquiry=${lateId}`);
    const dialog = page.getByRole('dialog', { name: 'Olive Overdue' });
    await expect(dialog).toBeVisible();
    const source = dialog.locator('dl[aria-label="Where the enquiry came from"]');
    await expect(source).toContainText('Landing page:/services/analytics');
    await expect(source).toContainText('utm_campaign:autumn-2026');
    await source.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`dialog-source-${width}.png`) });
    expect(await dialogSpills(dialog)).toEqual([]);
    // the reply box and its buttons can each be brought fully on screen, none cut off sideways.
    for (const target of [
      dialog.getByRole('textbox', { name: /Reply to/ }),
      dialog.getByRole('button', { name: 'Send reply' }),
      dialog.getByRole('button', { name: 'Replied by e-mail' }),
    ]) {
      await target.scrollIntoViewIfNeeded();
      expect(await outsideViewport(page, target)).toBeNull();
    }

    await dialog.getByRole('button', { name: 'Replied by e-mail' }).click();
    await expect(dialog.getByText(/First response:/)).toBeVisible({ timeout: 10_000 });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page).toHaveURL(/\/admin\/needs-reply$/);
    await expect(lateCard).toHaveCount(0, { timeout: 10_000 });
    await expect(soonCard).toBeVisible();
  });
}

test('a signed-out visitor who follows the alert link signs in and lands on that enquiry on Needs a reply', async ({
  page,
  backend,
}) => {
  test.setTimeout(60_000);
  const admin = await backend.createAdminWithTotp();
  const company = uniqueToken('Linkco');
  const [row] = enquiriesFrom(company, ['Lena Link']);
  await backend.insertEnquiries([row!]);
  const id = await enquiryId(row!.Email);
  const target = `/admin/needs-reply?enquiry=${id}`;

  await page.goto(target);
  await expect(page).toHaveURL(new RegExp(`/auth\\?next=${encodeURIComponent(target)}$`));
  await page.getByRole('tab', { name: 'Sign In' }).click();
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel(/Email/).fill(admin.email);
  await form.getByLabel(/Password/).fill(admin.password);
  await form.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible({
    timeout: 15_000,
  });
  await enterCode(page, totpCode(admin.secret));
  await expect(page).toHaveURL(new RegExp(`${target.replace('?', '\\?')}$`), { timeout: 15_000 });
  await expect(page.getByRole('dialog', { name: 'Lena Link' })).toBeVisible();
});
