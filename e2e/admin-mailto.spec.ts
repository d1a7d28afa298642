import { signInToDashboard, submissionsTable } from './support/admin-workflow';
import { uniqueToken } from './support/backend-fixtures';
import { expect, test } from './support/mfa-fixtures';

/** What a mail program reads from a mailto link: its recipients and any header fields. */
function readMailto(href: string) {
  const url = new URL(href);
  return {
    recipients: url.pathname.split(/,|%2C/i).map(decodeURIComponent),
    headers: [...url.searchParams.keys()],
  };
}

test('an enquiry address with ?cc= and &body= in it links to that one address, with no headers', async ({
  page,
  backend,
}) => {
  test.setTimeout(90_000);
  const admin = await backend.createAdminWithTotp();
  const company = uniqueToken('Mailtoco');
  const hostile = `x?cc=ops%40evil.test&body=hi-${uniqueToken('m')}@example.co`;
  const splitting = `carol,ops-${uniqueToken('c')}@example.co`;
  await backend.insertEnquiries(
    [
      ['Mallory Mailto', hostile],
      ['Carol Comma', splitting],
    ].map(([Name, Email]) => ({
      Name: Name!,
      Email: Email!,
      Company: company,
      Interest: 'analytics',
      Timeline: 'immediate',
      Message: 'An enquiry whose address tries to add mail headers.',
    })),
  );

  await signInToDashboard(page, admin);
  await page.getByLabel('Search').fill(company);
  await expect(submissionsTable(page).getByRole('row')).toHaveCount(3);

  const row = submissionsTable(page).getByRole('row').filter({ hasText: 'Mallory Mailto' });
  const tableHref = await row.locator('a[href^="mailto:"]').getAttribute('href');
  expect(tableHref).not.toMatch(/[?&](cc|bcc|body|subject|to)=/i);
  expect(readMailto(tableHref!)).toEqual({ recipients: [hostile], headers: [] });

  await page.getByRole('button', { name: 'View full enquiry from Mallory Mailto' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mallory Mailto' });
  const dialogLink = dialog.locator('a[href^="mailto:"]');
  await expect(dialogLink).toHaveText(hostile);
  expect(await dialogLink.getAttribute('href')).toBe(tableHref);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);

  // an address a mail program would split into two recipients is shown, not linked.
  const comma = submissionsTable(page).getByRole('row').filter({ hasText: 'Carol Comma' });
  await expect(comma).toContainText(splitting);
  await expect(comma.locator('a[href^="mailto:"]')).toHaveCount(0);
});
