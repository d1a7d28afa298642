import type { Page } from '@playwright/test';

import { enquiriesFrom, signInToDashboard, submissionsTable } from './support/admin-workflow';
import { serviceClient, uniqueToken } from './support/backend-fixtures';
import { expect, test, type StaffBackend, type TotpCredentials } from './support/mfa-fixtures';
import { shoot } from './support/screenshots';

const cardList = (page: Page) => page.getByRole('list', { name: 'Enquiries' });

/** The names the list shows, top to bottom (table rows or cards, whichever is on screen). */
async function shownNames(page: Page): Promise<string[]> {
  const labels = await page
    .getByRole('button', { name: /^(View full|Open) enquiry from / })
    .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label') ?? ''));
  return labels.map((label) => label.replace(/^(View full|Open) enquiry from /, ''));
}

async function setStatus(company: string, name: string, status: string) {
  const { error } = await serviceClient()
    .from('contact_submissions')
    .update({ status })
    .eq('Company', company)
    .eq('Name', name);
  if (error) throw new Error(`setting ${name} to ${status} failed: ${error.message}`);
}

/** The id of the staff account with this address (through the service role). */
async function staffId(email: string): Promise<string> {
  const { data, error } = await serviceClient().auth.admin.listUsers({ page: 1, perPage: 1000 });
  const id = data?.users.find((user) => user.email === email)?.id;
  if (error || !id) throw new Error(`no staff account ${email}: ${error?.message ?? ''}`);
  return id;
}

/**
 * Two enquiries from one new company: Zoë (accented, a mobile stored in its international form,
 * assigned to the admin) and Otto (unassigned). Returns what staff type to find each of them.
 */
async function seedSearchable(backend: StaffBackend, admin: TotpCredentials) {
  const company = uniqueToken('Findco');
  const surname = uniqueToken('Quellé');
  const digits = String(Math.floor(Math.random() * 100_000)).padStart(5, '0');
  const [zoe, otto] = enquiriesFrom(company, [`Zoë ${surname}`, 'Otto Other']);
  await backend.insertEnquiries([
    { ...zoe!, Phone: `+44 7700 9${digits}`, assigned_to: await staffId(admin.email) },
    { ...otto!, Phone: '020 7946 0000' },
  ]);
  return {
    company,
    zoe: zoe!.Name,
    // The national form, without spaces, of the number stored as +44 7700 9…
    phone: `077009${digits}`,
    // The name without its accents, in another case.
    plainName: `ZOE ${surname.replace('é', 'e').toUpperCase()}`,
  };
}

test.describe('on a phone (375 px)', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('search finds a phone number typed another way and a name typed without its accent; My enquiries lists only mine', async ({
    page,
    backend,
  }) => {
    test.setTimeout(120_000);
    const admin = await backend.createAdminWithTotp();
    const seeded = await seedSearchable(backend, admin);
    await signInToDashboard(page, admin);
    const cards = cardList(page).getByRole('listitem');

    await page.getByLabel('Search').fill(seeded.phone);
    await expect(cards).toHaveCount(1);
    await expect(cards).toContainText(seeded.zoe);
    await page.getByLabel('Search').fill(seeded.plainName);
    await expect(cards).toHaveCount(1);
    await expect(cards).toContainText(seeded.zoe);

    await page.getByLabel('Search').fill(seeded.company);
    await expect(cards).toHaveCount(2);
    // "My enquiries" is in view beside the search; the assignee list waits behind Filters.
    await expect(page.getByLabel('Assigned to')).toBeHidden();
    const mine = page.getByRole('button', { name: 'My enquiries' });
    await mine.click();
    await expect(mine).toHaveAttribute('aria-pressed', 'true');
    await expect(cards).toHaveCount(1);
    await expect(cards).toContainText(seeded.zoe);
    await expect(page.getByRole('button', { name: /^Filters/ })).toHaveAccessibleName(
      'Filters 1 active',
    );
    const box = await mine.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(24);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    await shoot(page, 'list-mine-375');

    await page.reload();
    await expect(cards).toHaveCount(1, { timeout: 15_000 });
    await expect(page.getByRole('button', { name: 'My enquiries' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  test('the list is cards that open their enquiry, with no sideways scroll; the filters sit behind one button and stay through reload and Back', async ({
    page,
    backend,
  }) => {
    test.setTimeout(120_000);
    const admin = await backend.createAdminWithTotp();
    const company = uniqueToken('Cardco');
    await backend.insertEnquiries(
      enquiriesFrom(company, [
        'Carla Card',
        'Bartholomew Fotheringham-Featherstonehaugh',
        'Ivo Open',
      ]),
    );
    await setStatus(company, 'Ivo Open', 'in_progress');

    await signInToDashboard(page, admin);
    await page.getByLabel('Search').fill(company);
    const cards = cardList(page);
    await expect(cards.getByRole('listitem')).toHaveCount(3);
    await expect(page.getByRole('region', { name: 'Submissions table' })).toHaveCount(0);
    await expect(cards.locator('[data-enquiry-id]')).toHaveCount(3);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    await shoot(page, 'list-375');

    // the whole card is the tap target
    await cards.getByRole('button', { name: 'Open enquiry from Carla Card' }).click();
    const dialog = page.getByRole('dialog', { name: 'Carla Card' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toHaveCount(0);

    // the filters are hidden behind "Filters" until asked for; the search stays in view
    const toggle = page.getByRole('button', { name: /^Filters/ });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const status = page.getByLabel('Status', { exact: true });
    await expect(status).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(page.locator(`#${await toggle.getAttribute('aria-controls')}`)).toBeVisible();
    await status.selectOption('in_progress');
    await expect(cards.getByRole('listitem')).toHaveCount(1);
    await expect(cards).toContainText('Ivo Open');
    await expect(toggle).toHaveAccessibleName('Filters 1 active');
    await expect(page).toHaveURL(/[?&]status=in_progress(&|$)/);
    await shoot(page, 'list-filters-375');

    // the order is chosen in the same panel on a phone
    await status.selectOption('');
    await page.getByLabel('Sort by').selectOption({ label: 'Name Z–A' });
    await expect(cards.getByRole('listitem')).toHaveCount(3);
    await expect
      .poll(() => shownNames(page))
      .toEqual(['Ivo Open', 'Carla Card', 'Bartholomew Fotheringham-Featherstonehaugh']);
    await status.selectOption('in_progress');
    await expect(cards.getByRole('listitem')).toHaveCount(1);

    const expectFiltered = async () => {
      await expect(cards.getByRole('listitem')).toHaveCount(1);
      await expect(cards).toContainText('Ivo Open');
      await expect(page.getByRole('button', { name: /^Filters/ })).toHaveAccessibleName(
        'Filters 1 active',
      );
      await expect(page.getByLabel('Search')).toHaveValue(company);
    };
    await page.reload();
    await expectFiltered();
    await page.goto('/admin/data-requests');
    await expect(page.getByRole('heading', { level: 1, name: /Data requests/i })).toBeVisible({
      timeout: 15_000,
    });
    await page.goBack();
    await expectFiltered();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
  });
});

test.describe('on a desktop (1366 px)', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test('search finds a phone number typed another way and a name typed without its accent; My enquiries lists only mine', async ({
    page,
    backend,
  }) => {
    test.setTimeout(120_000);
    const admin = await backend.createAdminWithTotp();
    const seeded = await seedSearchable(backend, admin);
    await signInToDashboard(page, admin);
    const rows = submissionsTable(page).locator('tbody tr[data-enquiry-id]');

    await page.getByLabel('Search').fill(seeded.phone);
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText(seeded.zoe);
    await page.getByLabel('Search').fill(seeded.plainName);
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText(seeded.zoe);
    const status = page.getByLabel('Status', { exact: true });
    await expect(status.getByRole('option', { name: 'All (1)' })).toBeAttached();

    await page.getByLabel('Search').fill(seeded.company);
    await expect(rows).toHaveCount(2);
    const assignee = page.getByLabel('Assigned to');
    await expect(assignee).toBeVisible();
    const mine = page.getByRole('button', { name: 'My enquiries' });
    await mine.click();
    await expect(mine).toHaveAttribute('aria-pressed', 'true');
    await expect(assignee).toHaveValue('me');
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText(seeded.zoe);
    await expect(status.getByRole('option', { name: 'All (1)' })).toBeAttached();
    await expect(page).toHaveURL(/[?&]assignee=me(&|$)/);
    await shoot(page, 'list-mine-1366');

    await assignee.selectOption({ label: 'Unassigned' });
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText('Otto Other');
    await expect(mine).toHaveAttribute('aria-pressed', 'false');
  });

  test('the Name header sorts both ways, says so with aria-sort, and the order survives a reload', async ({
    page,
    backend,
  }) => {
    test.setTimeout(120_000);
    const admin = await backend.createAdminWithTotp();
    const company = uniqueToken('Sortco');
    await backend.insertEnquiries(enquiriesFrom(company, ['Milo Sort', 'Ada Sort', 'Zoe Sort']));

    await signInToDashboard(page, admin);
    await page.getByLabel('Search').fill(company);
    const table = submissionsTable(page);
    await expect(table.locator('tbody tr[data-enquiry-id]')).toHaveCount(3);
    // Every column, Message and Last contact included, is on screen without scrolling sideways.
    expect(await table.evaluate((region) => region.scrollWidth - region.clientWidth)).toBe(0);
    const nameHeader = table.getByRole('columnheader', { name: /^Name/ });
    await expect(nameHeader).not.toHaveAttribute('aria-sort');

    await nameHeader.getByRole('button').click();
    await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    await expect.poll(() => shownNames(page)).toEqual(['Ada Sort', 'Milo Sort', 'Zoe Sort']);
    await expect(page).toHaveURL(/[?&]sort=name(&|$)/);
    await shoot(page, 'list-1366');

    await nameHeader.getByRole('button').click();
    await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
    await expect.poll(() => shownNames(page)).toEqual(['Zoe Sort', 'Milo Sort', 'Ada Sort']);
    await expect(page).toHaveURL(/[?&]dir=desc(&|$)/);

    await page.reload();
    await expect(submissionsTable(page).locator('tbody tr')).toHaveCount(3, { timeout: 15_000 });
    await expect(
      submissionsTable(page).getByRole('columnheader', { name: /^Name/ }),
    ).toHaveAttribute('aria-sort', 'descending');
    expect(await shownNames(page)).toEqual(['Zoe Sort', 'Milo Sort', 'Ada Sort']);
  });

  test('spam stays out of All and is listed under its own filter', async ({ page, backend }) => {
    test.setTimeout(90_000);
    const admin = await backend.createAdminWithTotp();
    const company = uniqueToken('Spamco');
    await backend.insertEnquiries(enquiriesFrom(company, ['Real Rita', 'Real Rob', 'Junk Jim']));
    await setStatus(company, 'Junk Jim', 'spam');

    await signInToDashboard(page, admin);
    await page.getByLabel('Search').fill(company);
    const status = page.getByLabel('Status', { exact: true });
    await expect(status.getByRole('option', { name: 'All (2)' })).toBeAttached();
    await expect(status.getByRole('option', { name: 'Spam (1)' })).toBeAttached();
    await expect(submissionsTable(page).locator('tbody tr')).toHaveCount(2);
    await expect(submissionsTable(page)).not.toContainText('Junk Jim');

    await status.selectOption('spam');
    await expect(submissionsTable(page).locator('tbody tr')).toHaveCount(1);
    await expect(submissionsTable(page)).toContainText('Junk Jim');
  });

  test('an enquiry is marked Unread until it is opened', async ({ page, backend }) => {
    test.setTimeout(90_000);
    const admin = await backend.createAdminWithTotp();
    const company = uniqueToken('Readco');
    await backend.insertEnquiries(enquiriesFrom(company, ['Una Tapped', 'Olly Other']));

    await signInToDashboard(page, admin);
    await page.getByLabel('Search').fill(company);
    const row = (name: string) => submissionsTable(page).getByRole('row').filter({ hasText: name });
    const mark = (name: string) => row(name).getByText('Unread', { exact: true });
    await expect(mark('Una Tapped')).toBeVisible();
    await expect(mark('Olly Other')).toBeVisible();
    await expect(page.getByLabel(/^Unread only/)).toBeVisible();

    await page.getByRole('button', { name: 'View full enquiry from Una Tapped' }).click();
    const dialog = page.getByRole('dialog', { name: 'Una Tapped' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(mark('Una Tapped')).toHaveCount(0);
    await expect(mark('Olly Other')).toBeVisible();

    // "Unread only" lists the other one alone
    await page.getByLabel(/^Unread only/).check();
    await expect(submissionsTable(page).locator('tbody tr')).toHaveCount(1);
    await expect(submissionsTable(page)).toContainText('Olly Other');
  });
});
