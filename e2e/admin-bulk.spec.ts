import {
  enquiriesFrom,
  enquiryId,
  signInToDashboard,
  submissionsTable,
  toastsGone,
} from './support/admin-workflow';
import { serviceClient, uniqueToken } from './support/backend-fixtures';
import { expect, test } from './support/mfa-fixtures';
import { expectNoAxeViolations } from './support/axe';

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

test('a held enquiry is marked and found by the held filter; staff mark many spam, find them under Spam and delete many in one action each', async ({
  page,
  backend,
}) => {
  test.setTimeout(120_000);
  const admin = await backend.createAdminWithTotp();
  const company = uniqueToken('Floodco');
  const rows = enquiriesFrom(company, ['Flo Flood', 'Fred Flood', 'Paula Prospect']);
  await backend.insertEnquiries(rows);
  // The insert trigger holds enquiries past the hourly ceiling (integration tests cover it); the
  // local backend's ceiling is far away, so the operator's service role marks one as held.
  const prospectId = await enquiryId(rows[2]!.Email);
  const { error } = await serviceClient()
    .from('contact_submissions')
    .update({ held_at: new Date().toISOString() })
    .eq('id', prospectId);
  expect(error).toBeNull();

  await signInToDashboard(page, admin);
  await page.getByLabel('Search').fill(company);
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

  // The database wrote one entry per action, with the count, and none per enquiry.
  const audit = await bulkAudit(admin.email);
  expect(audit).toEqual([
    {
      action: 'admin_enquiries_marked_spam',
      resource_id: null,
      details: { requested: 2, count: 2 },
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
