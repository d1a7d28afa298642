import { randomUUID } from 'node:crypto';

import {
  auditActions,
  enquiriesFrom,
  enquiryId,
  signInToDashboard,
  submissionsTable,
  toastsGone,
} from './support/admin-workflow';
import { uniqueToken } from './support/backend-fixtures';
import { expect, STAFF_NAME, test } from './support/mfa-fixtures';
import { expectNoAxeViolations } from './support/axe';

test('an admin works enquiries: status, assignee, last contact, a note, spam, and the status filter with counts', async ({
  page,
  backend,
}) => {
  test.setTimeout(120_000);
  const admin = await backend.createAdminWithTotp();
  const company = uniqueToken('Workflowco');
  const rows = enquiriesFrom(company, ['Wendy Work', 'Sam Spam', 'Nina New']);
  await backend.insertEnquiries(rows);
  const wendyId = await enquiryId(rows[0]!.Email);

  await signInToDashboard(page, admin);
  await expect(page.getByRole('region', { name: 'Overview' })).toContainText('This week');
  await page.getByLabel('Search').fill(company);
  await expect(submissionsTable(page).getByRole('row')).toHaveCount(4);
  const statusFilter = page.getByLabel('Status', { exact: true });
  await expect(statusFilter.getByRole('option', { name: 'All (3)' })).toBeAttached();
  await expect(statusFilter.getByRole('option', { name: 'New (3)' })).toBeAttached();

  // Work the first enquiry: status, assignee and last contact saved together, then a note.
  await page.getByRole('button', { name: 'View full enquiry from Wendy Work' }).click();
  const dialog = page.getByRole('dialog', { name: 'Wendy Work' });
  await expect(page).toHaveURL(new RegExp(`[?&]enquiry=${wendyId}`));
  await dialog.getByLabel('Status').selectOption({ label: 'In progress' });
  // staff are offered by name and address
  const assignee = `${STAFF_NAME} (${admin.email.toLowerCase()})`;
  await expect(dialog.getByRole('option', { name: assignee })).toBeAttached();
  await dialog.getByLabel('Assigned to').selectOption({ label: assignee });
  await dialog.getByLabel('Last contacted').fill(new Date().toISOString().slice(0, 10));
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Your changes were saved.')).toBeVisible({ timeout: 10_000 });
  await expect(dialog.getByRole('definition').filter({ hasText: 'In progress' })).toBeVisible();
  await dialog.getByLabel('New note').fill('Called Wendy; a proposal goes out on Friday.');
  await dialog.getByRole('button', { name: 'Add note' }).click();
  const notes = dialog.getByRole('list', { name: 'Notes, newest first' });
  await expect(notes.getByRole('listitem').first()).toContainText(
    'Called Wendy; a proposal goes out on Friday.',
  );
  await expect(notes.getByRole('listitem').first()).toContainText(STAFF_NAME);
  await toastsGone(page);
  await expectNoAxeViolations(page, '/admin with the enquiry dialog open');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).not.toHaveURL(/[?&]enquiry=/);

  // Spam in one press.
  await page.getByRole('button', { name: 'View full enquiry from Sam Spam' }).click();
  const spamDialog = page.getByRole('dialog', { name: 'Sam Spam' });
  await spamDialog.getByRole('button', { name: 'Mark as spam' }).click();
  await expect(spamDialog.getByRole('button', { name: 'Mark as spam' })).toHaveCount(0);
  await spamDialog.getByRole('button', { name: 'Close' }).click();

  // The table and the filter counts follow; filtering by status keeps the search.
  await expect(statusFilter.getByRole('option', { name: 'New (1)' })).toBeAttached();
  await expect(statusFilter.getByRole('option', { name: 'In progress (1)' })).toBeAttached();
  await expect(statusFilter.getByRole('option', { name: 'Spam (1)' })).toBeAttached();
  await statusFilter.selectOption('spam');
  await expect(submissionsTable(page).getByRole('row')).toHaveCount(2);
  await expect(submissionsTable(page).getByRole('row').nth(1)).toContainText('Sam Spam');
  await expect(submissionsTable(page).getByRole('row').nth(1)).toContainText('Spam');
  await toastsGone(page);
  await expectNoAxeViolations(page, '/admin filtered by status');

  // The database recorded every change itself, whoever the browser was.
  expect(await auditActions(wendyId)).toEqual(
    expect.arrayContaining([
      'admin_enquiry_status_changed',
      'admin_enquiry_assigned',
      'admin_enquiry_last_contacted_set',
      'admin_enquiry_note_added',
    ]),
  );
  expect(await auditActions(await enquiryId(rows[1]!.Email))).toEqual([
    'admin_enquiry_status_changed',
  ]);
});

test('a deep link opens the enquiry for a signed-in admin, and an unknown one says so', async ({
  page,
  backend,
}) => {
  test.setTimeout(60_000);
  const admin = await backend.createAdminWithTotp();
  const company = uniqueToken('Deeplinkco');
  const rows = enquiriesFrom(company, ['Linda Link']);
  await backend.insertEnquiries(rows);
  const id = await enquiryId(rows[0]!.Email);

  await signInToDashboard(page, admin);
  await page.goto(`/admin?enquiry=${id}`);
  const dialog = page.getByRole('dialog', { name: 'Linda Link' });
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  await expect(dialog).toContainText(company);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/admin$/);

  await page.goto(`/admin?enquiry=${randomUUID()}`);
  const missing = page.getByRole('dialog', { name: 'Enquiry not found' });
  await expect(missing).toBeVisible({ timeout: 15_000 });
  await expect(missing).toContainText('It may have been deleted, or the link is incomplete.');
});

test('an open dashboard shows a visitor’s new enquiry without a reload, and says so politely', async ({
  page,
  backend,
  browser,
}) => {
  test.setTimeout(90_000);
  const admin = await backend.createAdminWithTotp();
  const company = uniqueToken('Arrivalco');
  await signInToDashboard(page, admin);

  // A second browser with the dashboard open, polling every second.
  // Its session is copied from the first (a second sign-in could reuse the same code).
  const context = await browser.newContext({ storageState: await page.context().storageState() });
  const watcher = await context.newPage();
  try {
    await watcher.goto('/admin?poll=1000');
    await expect(watcher.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible({
      timeout: 15_000,
    });
    await watcher.getByLabel('Search').fill(company);
    await expect(watcher.getByText('No contact submissions found')).toBeVisible();
    await watcher.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });
    const search = watcher.getByLabel('Search');
    await search.focus();

    const [arrival] = enquiriesFrom(company, ['Ada Arrival']);
    await backend.insertEnquiryAsVisitor(arrival!);

    await expect(submissionsTable(watcher).getByRole('row', { name: /Ada Arrival/ })).toBeVisible({
      timeout: 10_000,
    });
    await expect(
      watcher.getByRole('status').filter({ hasText: /new enquir(y|ies) arrived/ }),
    ).toBeVisible();
    await expect(search).toBeFocused();
    expect(
      await watcher.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded),
    ).toBe(true);
  } finally {
    await context.close();
  }
});
