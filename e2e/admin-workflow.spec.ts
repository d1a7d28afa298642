import { randomUUID } from 'node:crypto';

import {
  auditActions,
  enquiriesFrom,
  enquiryId,
  expectToastClearOfDialog,
  londonToday,
  openEnquiry,
  signInToDashboard,
  submissionsTable,
  toast,
  toastsGone,
  toastUndo,
} from './support/admin-workflow';
import { serviceClient, uniqueToken } from './support/backend-fixtures';
import { expect, STAFF_NAME, test } from './support/mfa-fixtures';
import { expectNoAxeViolations } from './support/axe';
import { shoot } from './support/screenshots';

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

  // Work the first enquiry: status, assignee and last contact, each saved as it changes.
  await page.getByRole('button', { name: 'View full enquiry from Wendy Work' }).click();
  const dialog = page.getByRole('dialog', { name: 'Wendy Work' });
  await expect(page).toHaveURL(new RegExp(`[?&]enquiry=${wendyId}`));
  await expect(dialog.getByRole('button', { name: 'Save changes' })).toHaveCount(0);
  await dialog.getByLabel('Status').selectOption({ label: 'In progress' });
  await expect(toast(page)).toContainText('Status: New → In progress');
  // staff are offered by name and address
  const assignee = `${STAFF_NAME} (${admin.email.toLowerCase()})`;
  await expect(dialog.getByRole('option', { name: assignee })).toBeAttached();
  await dialog.getByLabel('Assigned to').selectOption({ label: assignee });
  await expect(toast(page)).toContainText(`Assigned to ${STAFF_NAME}`);
  // typed day first, whatever the browser's locale (this one is en-US)
  const contacted = dialog.getByLabel('Last contacted');
  await expect(contacted).toHaveAttribute('placeholder', 'dd/mm/yyyy');
  await contacted.fill(londonToday());
  await contacted.press('Enter');
  await expect(toast(page)).toContainText('Last contacted:', { timeout: 10_000 });
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
  await expect(spamDialog.getByRole('button', { name: 'Not spam' })).toBeVisible();
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

async function stored(id: string) {
  const { data, error } = await serviceClient()
    .from('contact_submissions')
    .select('status, last_contacted_at')
    .eq('id', id)
    .single();
  if (error) throw new Error(`reading the enquiry failed: ${error.message}`);
  return data;
}

async function contactsOf(id: string) {
  const { data, error } = await serviceClient()
    .from('enquiry_replies')
    .select('channel, outcome')
    .eq('submission_id', id);
  if (error) throw new Error(`reading the contacts failed: ${error.message}`);
  return data;
}

for (const [width, height] of [
  [375, 740],
  [1366, 768],
] as const) {
  test(`at ${width} px every change saves at once, a call and a change can be undone, Close keeps the work, and the toast covers nothing`, async ({
    page,
    backend,
  }) => {
    test.setTimeout(150_000);
    await page.setViewportSize({ width, height });
    const admin = await backend.createAdminWithTotp();
    const company = uniqueToken('Fieldco');
    const name = `Cara Call ${width}`;
    const rows = enquiriesFrom(company, [name]);
    await backend.insertEnquiries(rows);
    const id = await enquiryId(rows[0]!.Email);
    await signInToDashboard(page, admin);
    await toastsGone(page);

    const dialog = await openEnquiry(page, company, name);
    const contacted = dialog.getByLabel('Last contacted');
    const status = dialog.getByLabel('Status');
    await expect(contacted).toHaveValue('');

    // A call asks how it went; the toast offers Undo and covers none of the dialog's controls.
    await dialog.getByRole('button', { name: 'Log a call' }).click();
    await dialog.getByRole('radio', { name: 'Reached' }).check();
    await dialog
      .getByRole('form', { name: 'Log a call' })
      .getByLabel('Note (optional)')
      .fill('Wants a proposal by Friday.');
    await dialog.getByRole('button', { name: 'Save call' }).click();
    await expect(toast(page)).toContainText('Call logged');
    await expect(contacted).toHaveValue(londonToday());
    await expectToastClearOfDialog(page, dialog);
    await shoot(page, `record-edit-call-${width}`, false);
    await toastUndo(page).click();
    await expect(toast(page)).toContainText('Undone');
    await expect(contacted).toHaveValue('');
    expect(await contactsOf(id)).toEqual([]);
    expect((await stored(id)).last_contacted_at).toBeNull();

    // Logged again, then the status changed: the call's last contact stays.
    await dialog.getByRole('button', { name: 'Log a call' }).click();
    await dialog.getByRole('radio', { name: 'Reached' }).check();
    await dialog.getByRole('button', { name: 'Save call' }).click();
    await expect(toast(page)).toContainText('Call logged');
    await expect(contacted).toHaveValue(londonToday());
    // The day the call was logged on, as shown (a run across midnight must not move it).
    const loggedOn = await contacted.inputValue();
    await status.selectOption({ label: 'In progress' });
    await expect(toast(page)).toContainText('Status: New → In progress');
    await expectToastClearOfDialog(page, dialog);
    await shoot(page, `record-edit-status-${width}`, false);
    expect(await stored(id)).toMatchObject({ status: 'in_progress' });
    expect((await stored(id)).last_contacted_at).not.toBeNull();
    await expect(dialog.getByRole('list', { name: 'Timeline, oldest first' })).toContainText(
      'Status: New → In progress',
    );

    // Undo on the toast puts the status back, saved the same way.
    await toastUndo(page).click();
    await expect(status).toHaveValue('new');
    await expect(toast(page)).toContainText('Change undone');
    await expect.poll(async () => (await stored(id)).status).toBe('new');

    // Close right after a change keeps it: nothing waits for a Save button.
    await status.selectOption({ label: 'Won' });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toHaveCount(0);
    await expect.poll(async () => (await stored(id)).status).toBe('won');
    await page.goto(`/admin?enquiry=${id}`);
    const reopened = page.getByRole('dialog', { name });
    await expect(reopened.getByLabel('Status')).toHaveValue('won', { timeout: 15_000 });
    await expect(reopened.getByLabel('Last contacted')).toHaveValue(loggedOn);
    expect(await contactsOf(id)).toEqual([{ channel: 'phone', outcome: 'reached' }]);
  });
}
