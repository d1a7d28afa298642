import { signInToDashboard, submissionsTable } from './support/admin-workflow';
import { uniqueToken } from './support/backend-fixtures';
import { expect, test } from './support/mfa-fixtures';
import { firstCardTop } from './support/overview-charts';
import { shoot } from './support/screenshots';

/** Long values of the kind that made rows wrap: an address, a company, a message. */
function denseEnquiries(company: string, count: number) {
  return Array.from({ length: count }, (_, index) => ({
    Name: `Perpetua Longname-Harrington ${index + 1}`,
    Email: `${uniqueToken(`first.middle.lastname-${index}`)}@procurement.department.example.co.uk`,
    Company: `${company} International Consolidated Holdings`,
    Interest: 'digital-transformation',
    Timeline: '6-plus-months',
    Message:
      'We would like to discuss a data strategy for our regional offices, including governance and reporting.',
  }));
}

test('at 1366 x 768 the first row of enquiries starts on the first screen, and 12 rows fit in view without sideways scroll', async ({
  page,
  backend,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  const admin = await backend.createAdminWithTotp();
  const company = uniqueToken('Denseco');
  await backend.insertEnquiries(denseEnquiries(company, 14));
  await signInToDashboard(page, admin);
  await page.goto(`/admin?q=${encodeURIComponent(company)}`);
  const table = submissionsTable(page);
  await expect(table.locator('[data-enquiry-id]')).toHaveCount(14, { timeout: 15_000 });
  await expect(page.getByRole('region', { name: 'Overview' })).toHaveAttribute(
    'aria-busy',
    'false',
    { timeout: 15_000 },
  );
  await shoot(page, 'admin-1366');

  const firstRow = table.locator('[data-enquiry-id]').first();
  const firstTop = await firstRow.evaluate(
    (row) => row.getBoundingClientRect().top + window.scrollY,
  );
  expect(firstTop, 'the first row starts within the first screen').toBeLessThan(768 - 40);

  // With the list's top at the top of the screen, 12 rows are wholly in view.
  await table.evaluate((element) => element.scrollIntoView({ block: 'start' }));
  const inView = await table
    .locator('[data-enquiry-id]')
    .evaluateAll(
      (rows) =>
        rows.filter((row) => row.getBoundingClientRect().bottom <= window.innerHeight).length,
    );
  expect(inView, 'rows wholly in view').toBeGreaterThanOrEqual(12);

  const region = page.getByRole('region', { name: 'Submissions table' });
  expect(
    await region.evaluate((box) => box.scrollWidth - box.clientWidth),
    'the table scrolls sideways',
  ).toBeLessThanOrEqual(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1366);
  // A long address is cut with an ellipsis, never broken mid-word, and the whole is its title.
  const email = firstRow.getByRole('link').first();
  await expect(email).toHaveAttribute('title', /@procurement\.department\.example\.co\.uk$/);
  expect(await email.evaluate((link) => link.getClientRects().length)).toBe(1);
});

test('at 375 x 667 the first enquiry card starts on the first screen', async ({
  page,
  backend,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 375, height: 667 });
  const admin = await backend.createAdminWithTotp();
  const company = uniqueToken('Phoneco');
  await backend.insertEnquiries(denseEnquiries(company, 3));
  await signInToDashboard(page, admin);
  await page.goto(`/admin?q=${encodeURIComponent(company)}`);
  await expect(page.getByRole('region', { name: 'Overview' })).toHaveAttribute(
    'aria-busy',
    'false',
    { timeout: 15_000 },
  );
  await shoot(page, 'admin-375');
  // The first card starts on the first screen, with at least its name line in view.
  expect(await firstCardTop(page), 'the first card starts within the first screen').toBeLessThan(
    667 - 24,
  );
});
