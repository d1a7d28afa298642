import type { Page } from '@playwright/test';

import {
  enquiriesFrom,
  enquiryId,
  signInToDashboard,
  submissionsTable,
  toastsGone,
} from './support/admin-workflow';
import { serviceClient, uniqueToken } from './support/backend-fixtures';
import { expect, STAFF_NAME, test, type TotpCredentials } from './support/mfa-fixtures';
import { expectNoAxeViolations } from './support/axe';
import { shoot } from './support/screenshots';

/** The audit actions this admin's bulk actions wrote, oldest first, with their details. */
async function bulkAudit(email: string) {
  const { data, error } = await serviceClient()
    .from('audit_log')
    .select('action, resource_id, details, created_at')
    .eq('user_email', email.toLowerCase())
    .like('action', 'admin_enquiries_%')
    .order('created_at', { ascending: true });
  if (error) throw new Error(`reading the audit log failed: ${error.message}`);
  return (data ?? []).map(({ action, resource_id, details }) => ({ action, resource_id, details }));
}

test.use({ viewport: { width: 1366, height: 900 } });
// One after another: a test's new enquiries are arrivals on another's open dashboard, which
// reloads its list while a confirmation is open.
test.describe.configure({ mode: 'default' });

test('a held enquiry is marked and found by the held filter; staff mark many spam, find them under Spam and delete many in one action each', async ({
  page,
  backend,
}) => {
  test.setTimeout(180_000);
  const admin = await backend.createAdminWithTotp();
  const company = uniqueToken('Floodco');
  const rows = enquiriesFrom(company, ['Flo Flood', 'Fred Flood', 'Paula Prospect']);
  await backend.insertEnquiries(rows);
  // The insert trigger holds enquiries past the hourly ceiling (integration tests cover it); the
  // local backend's ceiling is far away, so the operator's service role marks one as held.
  const prospectId = await enquiryId(rows[2]!.Email);
  const spammed = [await enquiryId(rows[0]!.Email), await enquiryId(rows[1]!.Email)];
  const { error } = await serviceClient()
    .from('contact_submissions')
    .update({ held_at: new Date().toISOString() })
    .eq('id', prospectId);
  expect(error).toBeNull();

  await signInToDashboard(page, admin);
  await page.getByLabel('Search').fill(company);
  await page.waitForURL((url) => url.searchParams.get('q') === company);
  const table = submissionsTable(page);
  await expect(table.getByRole('row')).toHaveCount(4);
  const prospectRow = table.getByRole('row', { name: /Paula Prospect/ });
  await expect(prospectRow.getByText('Held', { exact: true })).toBeVisible();
  await expect(table.getByRole('row', { name: /Flo Flood/ }).getByText('Held')).toHaveCount(0);

  // The held filter, with its count for the search, finds the prospect alone.
  const heldOnly = page.getByRole('checkbox', { name: 'Held only (1)' });
  await heldOnly.check();
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row').nth(1)).toContainText('Paula Prospect');
  await page.getByRole('checkbox', { name: /^Held only/ }).uncheck();
  await expect(table.getByRole('row')).toHaveCount(4);

  // Two rows ticked from the keyboard, then marked spam in one action.
  await page.getByRole('checkbox', { name: 'Select enquiry from Flo Flood' }).focus();
  await page.keyboard.press('Space');
  await page.getByRole('checkbox', { name: 'Select enquiry from Fred Flood' }).focus();
  await page.keyboard.press('Space');
  const selection = page.getByRole('group', { name: 'Selected enquiries' });
  await expect(selection).toContainText('2 selected');
  await toastsGone(page);
  await expectNoAxeViolations(page, '/admin with enquiries selected');
  await selection.getByRole('button', { name: 'Mark as spam' }).click();
  await expect(page.getByText('2 enquiries marked as spam.')).toBeVisible({ timeout: 10_000 });
  await expect(selection).toHaveCount(0);

  // Spam leaves All and is listed under its own status filter, with the counts moved with it.
  const status = page.getByLabel('Status', { exact: true });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row', { name: /Paula Prospect/ })).toContainText('New');
  await expect(status.getByRole('option', { name: 'All (1)' })).toBeAttached();
  await expect(status.getByRole('option', { name: 'Spam (2)' })).toBeAttached();
  await status.selectOption('spam');
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByRole('row', { name: /Flo Flood/ })).toContainText('Spam');
  await expect(table.getByRole('row', { name: /Fred Flood/ })).toContainText('Spam');

  // Every row on the page, deleted after the confirmation.
  const selectPage = page.getByRole('checkbox', { name: 'Select all enquiries on this page' });
  await selectPage.check();
  await expect(selection).toContainText('2 selected');
  await selection.getByRole('button', { name: 'Delete…' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete 2 enquiries?' });
  await expect(confirm).toContainText('This deletes the 2 selected enquiries');
  await expect(confirm).toContainText('It cannot be undone.');
  await toastsGone(page);
  await expectNoAxeViolations(page, '/admin confirming a bulk deletion');
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('2 enquiries deleted.')).toBeVisible({ timeout: 10_000 });
  await expect(page.getByText('No contact submissions found')).toBeVisible();

  // Back under All, the held prospect is counted as held in the selection and deleted too.
  await status.selectOption('');
  await expect(table.getByRole('row')).toHaveCount(2);
  await selectPage.check();
  await expect(selection).toContainText('1 selected, 1 held');
  await selection.getByRole('button', { name: 'Delete…' }).click();
  const confirmOne = page.getByRole('alertdialog', { name: 'Delete 1 enquiry?' });
  await expect(confirmOne).toContainText('This deletes the selected enquiry');
  await toastsGone(page);
  await confirmOne.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('1 enquiry deleted.')).toBeVisible({ timeout: 10_000 });
  await expect(page.getByText('No contact submissions found')).toBeVisible();

  // The database wrote one entry per action, with the count and the ids, and none per enquiry.
  const audit = await bulkAudit(admin.email);
  expect(audit).toEqual([
    {
      action: 'admin_enquiries_marked_spam',
      resource_id: null,
      details: {
        requested: 2,
        count: 2,
        changes: [{ from: 'new', ids: spammed.sort() }],
      },
    },
    {
      action: 'admin_enquiries_deleted',
      resource_id: null,
      details: expect.objectContaining({ requested: 2, count: 2, contact_submissions: 2 }),
    },
    {
      action: 'admin_enquiries_deleted',
      resource_id: null,
      details: expect.objectContaining({ requested: 1, count: 1, contact_submissions: 1 }),
    },
  ]);
  const { data: perRow } = await serviceClient()
    .from('audit_log')
    .select('action')
    .eq('resource_id', prospectId);
  expect(perRow).toEqual([]);
});

/** The status, assignee and e-mail of this company's enquiries, by name (service role). */
async function stored(company: string) {
  const { data, error } = await serviceClient()
    .from('contact_submissions')
    .select('Name, status, assigned_to')
    .eq('Company', company);
  if (error) throw new Error(`reading the enquiries failed: ${error.message}`);
  return Object.fromEntries((data ?? []).map((row) => [row.Name, row]));
}

/** The status filter: in the toolbar on a desktop, behind the Filters button on a phone. */
async function filterByStatus(page: Page, value: string) {
  const toggle = page.getByRole('button', { name: /^Filters/ });
  if ((await toggle.count()) > 0 && (await toggle.getAttribute('aria-expanded')) === 'false') {
    await toggle.click();
  }
  await page.getByLabel('Status', { exact: true }).selectOption(value);
}

/**
 * Select two, assign them to the signed-in staff member, set them won, mark one spam, then in the
 * Spam view (which offers "Not spam" and not "Mark as spam") take it back: it returns to All as
 * won, the status it had before. One audit entry per action.
 */
async function assignSetStatusAndUnspam(page: Page, admin: TotpCredentials, width: number) {
  const company = uniqueToken('Bulkco');
  const names = ['Ann Assign', 'Ben Batch', 'Cat Control'];
  await signInToDashboardWith(page, admin, company, names);
  const rows = page.locator('[data-enquiry-id]');
  await expect(rows).toHaveCount(3);
  const tick = (name: string) =>
    page.getByRole('checkbox', { name: `Select enquiry from ${name}` }).check();
  const selection = page.getByRole('group', { name: 'Selected enquiries' });

  await tick('Ann Assign');
  await tick('Ben Batch');
  await expect(selection).toContainText('2 selected');
  await expect(selection.getByRole('button', { name: 'Not spam' })).toHaveCount(0);
  await selection.getByRole('button', { name: 'Assign…' }).click();
  const assign = page.getByRole('dialog', { name: 'Assign 2 enquiries' });
  await assign.getByLabel('Assign to').selectOption({ label: `${STAFF_NAME} (${admin.email})` });
  await toastsGone(page);
  await shoot(page, `bulk-assign-${width}`, false);
  await expectNoAxeViolations(page, `/admin assigning in bulk at ${width} px`);
  await assign.getByRole('button', { name: 'Assign', exact: true }).click();
  await expect(page.getByText(`2 enquiries assigned to ${STAFF_NAME}.`)).toBeVisible({
    timeout: 10_000,
  });
  await expect(selection).toHaveCount(0);

  await tick('Ann Assign');
  await tick('Ben Batch');
  await selection.getByRole('button', { name: 'Set status…' }).click();
  const status = page.getByRole('dialog', { name: 'Set the status of 2 enquiries' });
  await status.getByLabel('Status').selectOption('won');
  await status.getByRole('button', { name: 'Set status' }).click();
  await expect(page.getByText('2 enquiries set to Won.')).toBeVisible({ timeout: 10_000 });
  await expect(rows.filter({ hasText: 'Ann Assign' })).toContainText('Won');
  await expect(rows.filter({ hasText: 'Ben Batch' })).toContainText('Won');
  const afterStatus = await stored(company);
  expect(afterStatus['Ann Assign']).toMatchObject({ status: 'won' });
  expect(afterStatus['Ben Batch']).toMatchObject({ status: 'won' });
  expect(afterStatus['Ann Assign']!.assigned_to).toBeTruthy();
  expect(afterStatus['Cat Control']).toMatchObject({ status: 'new', assigned_to: null });

  await tick('Ann Assign');
  await selection.getByRole('button', { name: 'Mark as spam' }).click();
  await expect(page.getByText('1 enquiry marked as spam.')).toBeVisible({ timeout: 10_000 });
  await expect(rows).toHaveCount(2);

  await filterByStatus(page, 'spam');
  await expect(rows).toHaveCount(1);
  await tick('Ann Assign');
  await expect(selection.getByRole('button', { name: 'Not spam' })).toBeVisible();
  await expect(selection.getByRole('button', { name: 'Mark as spam' })).toHaveCount(0);
  await expect(selection.getByRole('button', { name: 'Assign…' })).toHaveCount(0);
  await toastsGone(page);
  await shoot(page, `bulk-spam-view-${width}`);
  await selection.getByRole('button', { name: 'Not spam' }).click();
  await expect(page.getByText('1 enquiry marked as not spam: 1 back to Won.')).toBeVisible({
    timeout: 10_000,
  });
  await expect(page.getByText('No contact submissions found')).toBeVisible();

  await filterByStatus(page, '');
  await expect(rows).toHaveCount(3);
  await expect(rows.filter({ hasText: 'Ann Assign' })).toContainText('Won');
  expect((await stored(company))['Ann Assign']).toMatchObject({ status: 'won' });

  const audit = await bulkAudit(admin.email);
  expect(audit.map((entry) => [entry.action, (entry.details as { count?: number }).count])).toEqual(
    [
      ['admin_enquiries_assigned', 2],
      ['admin_enquiries_status_set', 2],
      ['admin_enquiries_marked_spam', 1],
      ['admin_enquiries_marked_not_spam', 1],
    ],
  );
  expect(audit[1]!.details).toMatchObject({ status: 'won' });
}

async function signInToDashboardWith(
  page: Page,
  admin: TotpCredentials,
  company: string,
  names: string[],
) {
  const { error } = await serviceClient()
    .from('contact_submissions')
    .insert(enquiriesFrom(company, names));
  expect(error).toBeNull();
  await signInToDashboard(page, admin);
  await page.getByLabel('Search').fill(company);
  // The search applies after its debounce; a new search clears the selection, so tick after it.
  await page.waitForURL((url) => url.searchParams.get('q') === company);
}

test('on a desktop (1366 px) staff assign many, set their status and take spam back into the workflow', async ({
  page,
  backend,
}) => {
  test.setTimeout(120_000);
  await assignSetStatusAndUnspam(page, await backend.createAdminWithTotp(), 1366);
});

test.describe('on a phone (375 px)', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('staff assign many, set their status and take spam back into the workflow', async ({
    page,
    backend,
  }) => {
    test.setTimeout(120_000);
    await assignSetStatusAndUnspam(page, await backend.createAdminWithTotp(), 375);
  });

  test('the bar stays on screen while the cards scroll, and covers neither the last card nor the paging', async ({
    page,
    backend,
  }) => {
    test.setTimeout(120_000);
    const admin = await backend.createAdminWithTotp();
    const company = uniqueToken('Scrollco');
    const names = Array.from({ length: 12 }, (_, n) => `Card ${String(n + 1).padStart(2, '0')}`);
    await signInToDashboardWith(page, admin, company, names);
    const cards = page.getByRole('list', { name: 'Enquiries' }).getByRole('listitem');
    await expect(cards).toHaveCount(12);
    for (const name of ['Card 01', 'Card 02', 'Card 03']) {
      await page.getByRole('checkbox', { name: `Select enquiry from ${name}` }).check();
    }
    const bar = page.getByRole('group', { name: 'Selected enquiries' });
    await expect(bar).toContainText('3 selected');

    const viewport = page.viewportSize()!;
    const scrollable = await page.evaluate(
      () => document.documentElement.scrollHeight - window.innerHeight,
    );
    expect(scrollable).toBeGreaterThan(1000);
    // from the ticked cards near the top, down through the list
    for (const fraction of [0.2, 0.4, 0.6]) {
      await page.evaluate((y) => window.scrollTo(0, y), Math.round(scrollable * fraction));
      await expect
        .poll(async () => {
          const box = await bar.boundingBox();
          return box !== null && box.y >= 0 && box.y + box.height <= viewport.height + 0.5;
        })
        .toBe(true);
      for (const button of ['Assign…', 'Set status…', 'Mark as spam', 'Delete…']) {
        await expect(bar.getByRole('button', { name: button })).toBeInViewport();
      }
    }
    await shoot(page, 'bulk-bar-375');

    // At the end of the page the bar sits after the paging, covering nothing.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const paging = page.getByRole('navigation', { name: 'Pagination' });
    await expect(paging).toBeInViewport();
    const barBox = (await bar.boundingBox())!;
    const lastCard = (await cards.last().boundingBox())!;
    const pagingBox = (await paging.boundingBox())!;
    expect(lastCard.y + lastCard.height).toBeLessThanOrEqual(barBox.y);
    expect(pagingBox.y + pagingBox.height).toBeLessThanOrEqual(barBox.y);
    expect(barBox.y + barBox.height).toBeLessThanOrEqual(viewport.height + 0.5);

    // Every control of the bar is at least 24 px square with text of at least 12 px.
    for (const button of await bar.getByRole('button').all()) {
      const box = (await button.boundingBox())!;
      expect(box.width).toBeGreaterThanOrEqual(24);
      expect(box.height).toBeGreaterThanOrEqual(24);
      const size = await button.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
      expect(size).toBeGreaterThanOrEqual(12);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
  });
});
