import { readFile } from 'node:fs/promises';

import { serviceClient, uniqueToken } from './support/backend-fixtures';
import { expectNoAxeViolations } from './support/axe';
import { expect, test } from './support/mfa-fixtures';
import { auditEntriesSince, openAdminSection } from './support/privacy-requests';

test('an admin exports everything held about a sender as JSON, then erases it', async ({
  page,
  backend,
}) => {
  test.setTimeout(90_000);
  const since = new Date(Date.now() - 1000).toISOString();
  const email = `${uniqueToken('sender')}@example.com`;
  await backend.insertEnquiryAsVisitor({
    Name: 'Sam Sender',
    Email: email,
    Company: 'Sender Ltd',
    Interest: 'analytics',
    Timeline: 'immediate',
    Message: 'Please send me your analytics case studies.',
  });
  const admin = await backend.createAdminWithTotp();

  await openAdminSection(page, admin, '/admin/data-requests', 'Data requests');
  const nav = page.getByRole('navigation', { name: 'Admin sections' });
  await expect(nav.getByRole('link', { name: 'Data requests' })).toHaveAttribute(
    'aria-current',
    'page',
  );

  // any case finds it
  await page.getByLabel(/E-mail address/).fill(email.toUpperCase());
  await page.getByRole('button', { name: 'Look up' }).click();
  const summary = page.getByRole('region', { name: `Data held for ${email}` });
  await expect(summary).toBeVisible();
  await expect(summary.getByRole('definition').first()).toHaveText('1');
  await expectNoAxeViolations(page);

  const downloading = page.waitForEvent('download');
  await summary.getByRole('button', { name: 'Download JSON' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^data-request-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(await readFile(await download.path(), 'utf8')) as {
    email: string;
    contact_submissions: { Email: string; Name: string }[];
    enquiry_mail_jobs: { kind: string }[];
  };
  expect(exported.email).toBe(email);
  expect(exported.contact_submissions).toEqual([
    expect.objectContaining({ Email: email, Name: 'Sam Sender' }),
  ]);
  expect(exported.enquiry_mail_jobs.map((job) => job.kind)).toContain('acknowledgement');

  await summary.getByRole('button', { name: 'Erase all data' }).click();
  const dialog = page.getByRole('alertdialog', { name: `Erase all data for ${email}?` });
  await expect(dialog).toContainText('1 enquiry');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Erase all data' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Erased all data' })).toContainText(
    `Erased all data held for ${email}: 1 enquiry`,
  );

  const { data: left } = await serviceClient()
    .from('contact_submissions')
    .select('id')
    .ilike('Email', email);
  expect(left).toEqual([]);
  const erasures = await auditEntriesSince('admin_subject_erasure', since);
  expect(erasures).toHaveLength(1);
  expect(erasures[0]!.user_email).toBe(admin.email);
  expect(JSON.stringify(erasures)).not.toContain(email);
  expect((await auditEntriesSince('admin_subject_access', since)).length).toBeGreaterThanOrEqual(1);

  // a second look-up finds nothing
  await page.getByRole('button', { name: 'Look up' }).click();
  await expect(page.getByText('Nothing is held under this address.')).toBeVisible();
});
