import type { Browser, Page } from '@playwright/test';

import { enquiryId, signInToDashboard } from './support/admin-workflow';
import { serviceClient, uniqueToken } from './support/backend-fixtures';
import { expect, test } from './support/mfa-fixtures';
import type { TotpCredentials } from './support/mfa-fixtures';
import { shoot } from './support/screenshots';

/** Gives a staff account a display name, as the staff page would. */
async function nameStaff(email: string, name: string): Promise<void> {
  const { data } = await serviceClient().auth.admin.listUsers({ page: 1, perPage: 1000 });
  const id = data.users.find((user) => user.email === email)?.id;
  if (!id) throw new Error(`no account ${email}`);
  // admin:create gives every account a profile already.
  const { error } = await serviceClient()
    .from('staff_profiles')
    .update({ display_name: name })
    .eq('user_id', id);
  if (error) throw new Error(`naming ${email} failed: ${error.message}`);
}

/** A second person at another computer: a browser context of their own, signed in. */
async function secondStaff(browser: Browser, width: number, staff: TotpCredentials) {
  const context = await browser.newContext({
    viewport: { width, height: width < 768 ? 740 : 900 },
  });
  const page = await context.newPage();
  await signInToDashboard(page, staff);
  return { context, page };
}

const statusOf = (page: Page) => page.getByRole('dialog').getByLabel('Status', { exact: true });

for (const width of [375, 1366]) {
  test(`at ${width} px: a stale record's change is refused and explained, and the colleague sees it within 15 s`, async ({
    page,
    browser,
    backend,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: width < 768 ? 740 : 900 });
    const [ada, ben] = [await backend.createAdminWithTotp(), await backend.createAdminWithTotp()];
    await nameStaff(ada.email, 'Ada Winter');
    await nameStaff(ben.email, 'Ben Stale');
    const email = `${uniqueToken('twostaff')}@example.com`;
    await backend.insertEnquiries([
      {
        Name: 'Priya Shared',
        Email: email,
        Company: uniqueToken('Two Staff Ltd'),
        Interest: 'analytics',
        Timeline: 'immediate',
        Message: 'Two of you will look at this.',
      },
    ]);
    const id = await enquiryId(email);

    await signInToDashboard(page, ada);
    const other = await secondStaff(browser, width, ben);
    try {
      // Ada's record keeps itself current as it does all day; Ben's screen is left stale.
      await page.goto(`/admin?enquiry=${id}`);
      await other.page.goto(`/admin?enquiry=${id}&poll=600000`);
      await expect(statusOf(page)).toHaveValue('new');
      await expect(statusOf(other.page)).toHaveValue('new');

      await statusOf(page).selectOption('won');
      await expect(page.getByRole('dialog').getByText('Saved: Status: New → Won')).toBeVisible();

      // Ben still sees New and moves it on: the database refuses, and says why.
      await statusOf(other.page).selectOption('in_progress');
      const refusal = other.page.getByRole('dialog').getByRole('alert');
      await expect(refusal).toContainText(
        /Status was changed to Won by Ada Winter at \d{1,2}:\d{2}( ?[ap]m)?; your change to In progress was not saved\./,
      );
      await expect(statusOf(other.page)).toHaveValue('won');
      await shoot(other.page, `two-staff-refused-${width}`, false);
      const stored = await serviceClient()
        .from('contact_submissions')
        .select('status')
        .eq('id', id)
        .single();
      expect(stored.data?.status).toBe('won');

      // Knowingly, over Ada's change.
      const changedAt = Date.now();
      await refusal.getByRole('button', { name: 'Apply anyway' }).click();
      await expect(statusOf(other.page)).toHaveValue('in_progress');
      await expect(other.page.getByRole('dialog').getByRole('alert')).toHaveCount(0);

      // Ada's open record shows it, and who did it, with no reload or focus change.
      await expect(statusOf(page)).toHaveValue('in_progress', { timeout: 15_000 });
      const notice = page.getByRole('dialog').getByRole('status').filter({
        hasText: 'Changed by a colleague.',
      });
      await expect(notice).toContainText('Ben Stale: Status: Won → In progress');
      // and a toast says so wherever the record is scrolled to.
      await expect(page.getByText('Changed by a colleague', { exact: true })).toBeVisible();
      expect(Date.now() - changedAt).toBeLessThan(15_000);
      await shoot(page, `two-staff-colleague-${width}`, false);
    } finally {
      await other.context.close();
    }
  });
}

test('a colleague’s change reaches an open list within 15 s, without a reload', async ({
  page,
  browser,
  backend,
}) => {
  test.setTimeout(90_000);
  const [ada, ben] = [await backend.createAdminWithTotp(), await backend.createAdminWithTotp()];
  const company = uniqueToken('Listco');
  const email = `${uniqueToken('twolist')}@example.com`;
  await backend.insertEnquiries([
    {
      Name: 'Lena Listed',
      Email: email,
      Company: company,
      Interest: 'analytics',
      Timeline: 'immediate',
      Message: 'Watch the list.',
    },
  ]);
  const id = await enquiryId(email);
  await page.setViewportSize({ width: 1366, height: 900 });
  await signInToDashboard(page, ada);
  await page.goto(`/admin?search=${encodeURIComponent(company)}`);
  const row = page.getByRole('row', { name: /Lena Listed/ });
  await expect(row).toContainText('New');

  const other = await secondStaff(browser, 1366, ben);
  try {
    await other.page.goto(`/admin?enquiry=${id}`);
    await statusOf(other.page).selectOption('won');
    await expect(
      other.page.getByRole('dialog').getByText('Saved: Status: New → Won'),
    ).toBeVisible();
    await expect(row).toContainText('Won', { timeout: 15_000 });
  } finally {
    await other.context.close();
  }
});
