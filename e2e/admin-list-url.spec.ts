import { enquiriesFrom, signInToDashboard, submissionsTable } from './support/admin-workflow';
import { uniqueToken } from './support/backend-fixtures';
import { expect, test } from './support/mfa-fixtures';

test('the list keeps its search, status filter and page in the address through reload, Back and a shared link', async ({
  page,
  backend,
}) => {
  test.setTimeout(120_000);
  const admin = await backend.createAdminWithTotp();
  const company = uniqueToken('Listco');
  const names = Array.from({ length: 27 }, (_, i) => `Lisa List ${String(i + 1).padStart(2, '0')}`);
  await backend.insertEnquiries(enquiriesFrom(company, names));

  await signInToDashboard(page, admin);
  await page.getByLabel('Search').fill(company);
  // The search applies after its typing pause: wait for it, or it lands after the page turn below
  // and starts the list again at page 1 (alone in a fresh database, the count below is 27 anyway).
  await expect(page).toHaveURL(new RegExp(`[?&]q=${company}(&|$)`));
  const status = page.getByLabel('Status', { exact: true });
  await expect(status.getByRole('option', { name: 'New (27)' })).toBeAttached();
  await status.selectOption('new');
  await expect(page.getByText('Showing 1–25 of 27 enquiries')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Showing 26–27 of 27 enquiries')).toBeVisible();
  await expect(page).toHaveURL(/[?&]page=2(&|$)/);
  await expect(page).toHaveURL(/[?&]status=new(&|$)/);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${company}(&|$)`));

  const expectSameList = async () => {
    await expect(page.getByText('Showing 26–27 of 27 enquiries')).toBeVisible();
    await expect(page.getByLabel('Search')).toHaveValue(company);
    await expect(status).toHaveValue('new');
    await expect(submissionsTable(page).getByRole('row')).toHaveCount(3);
  };

  await page.reload();
  await expectSameList();

  // Opening an enquiry adds ?enquiry=; Back closes it and leaves the list as it was.
  const row = submissionsTable(page).getByRole('button', { name: /^View full enquiry from/ });
  await row.first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page).toHaveURL(/[?&]enquiry=/);
  await page.goBack();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expectSameList();

  // Leaving for another staff page and coming Back restores the list.
  await page
    .getByRole('navigation', { name: 'Admin sections' })
    .getByRole('link', { name: 'Data requests' })
    .click();
  await expect(page).toHaveURL(/\/admin\/data-requests/);
  await page.goBack();
  await expectSameList();

  // The address alone is enough: a fresh tab of the same session shows the same list.
  const shared = await page.context().newPage();
  await shared.goto(page.url());
  await expect(shared.getByText('Showing 26–27 of 27 enquiries')).toBeVisible({ timeout: 15_000 });
  await expect(shared.getByLabel('Search')).toHaveValue(company);
  await shared.close();
});
