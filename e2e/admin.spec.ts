import type { Download, Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';

import {
  anonClient,
  expect,
  serviceClient,
  uniqueToken,
  type Credentials,
  type Enquiry,
} from './support/backend-fixtures';
import { signInWithCode, STAFF_NAME, test, type TotpCredentials } from './support/mfa-fixtures';
import { toastsGone } from './support/admin-workflow';
import { expectNoAxeViolations } from './support/axe';
import { unexpectedLayoutShifts } from './support/layout-shift';

async function signIn(page: Page, credentials: Credentials | TotpCredentials) {
  // Staff with an authenticator app give its code after the password.
  if ('secret' in credentials) return signInWithCode(page, credentials);
  const { email, password } = credentials;
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Sign In' }).click();
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel(/Email/).fill(email);
  await form.getByLabel(/Password/).fill(password);
  await form.getByRole('button', { name: 'Sign In' }).click();
}

/** The enquiries table (the overview has tables of its own). */
const dashboardTable = (page: Page) =>
  page.getByRole('region', { name: 'Submissions table' }).getByRole('table');

async function search(page: Page, text: string) {
  await page.getByLabel('Search').fill(text);
}

async function downloadedText(download: Download): Promise<string> {
  const path = await download.path();
  return readFile(path, 'utf8');
}

test('/admin when signed out goes to /auth', async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('heading', { name: 'Admin Access' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please fill in all fields');
  await expectNoAxeViolations(page);
});

test('the redirect from /admin to /auth moves nothing on screen', async ({ page }) => {
  // The access check, the loading route and the sign-in card each fill the screen under the
  // header, so the footer never rises into view and drops again while one replaces another.
  for (const viewport of [
    { width: 412, height: 823 },
    { width: 1280, height: 720 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole('heading', { name: 'Admin Access' })).toBeVisible();
    expect(await unexpectedLayoutShifts(page)).toEqual([]);
  }
});

test('a signed-up, confirmed account without the admin role is kept out by the UI and the database', async ({
  page,
  backend,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const account = backend.newSignUp();

  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  const signUp = page.getByRole('form', { name: 'Sign up' });
  await signUp.getByLabel(/Full Name/).fill('Nora Member');
  await signUp.getByLabel(/Email/).fill(account.email);
  await signUp.getByLabel(/Password/).fill(account.password);
  await signUp.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Check your email', { exact: true })).toBeVisible({
    timeout: 15_000,
  });
  await expect(
    page.getByText(
      'We sent you a confirmation link. Please check your email and click the link to verify your account.',
    ),
  ).toBeVisible();
  await expect(signUp.getByLabel(/Email/)).toHaveValue('');

  // The confirmation e-mail links to GoTrue's verify endpoint, which redirects to /auth: there
  // supabase-js takes the session from the URL fragment and clears the tokens from the address.
  const link = await backend.latestMailLink(account.email);
  expect(new URL(link).searchParams.get('redirect_to')).toBe(`${baseURL}/auth`);
  await page.goto(link);
  await expect(page).toHaveURL(new RegExp(`^${baseURL}/auth#?$`));
  await expect(page.getByText(/does not have admin access/)).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByRole('tab', { name: 'Sign In' })).toBeVisible();
  const { data } = await serviceClient().auth.admin.listUsers({ page: 1, perPage: 1000 });
  const created = data.users.find((user) => user.email === account.email);
  expect(created?.email_confirmed_at).toBeTruthy();
  expect(created?.user_metadata.full_name).toBe('Nora Member');

  await signIn(page, account);
  await expect(page.getByText('You need admin privileges to access this page.')).toBeVisible({
    timeout: 15_000,
  });
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByText(/does not have admin access/)).toBeVisible();

  // The database agrees: signed in as this user, the enquiries table reads as empty.
  const member = anonClient();
  await member.auth.signInWithPassword(account);
  await backend.insertEnquiries([
    {
      Name: 'Hidden Row',
      Email: `${uniqueToken('hidden')}@example.com`,
      Company: 'Secret Ltd',
      Interest: 'other',
      Timeline: 'exploring',
      Message: 'Members must never read this enquiry.',
    },
  ]);
  const { data: visible, error } = await member.from('contact_submissions').select('*');
  expect(error).toBeNull();
  expect(visible).toEqual([]);

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByRole('tab', { name: 'Sign In' })).toBeVisible();
});

test('an admin reviews, searches, filters, pages and exports enquiries, then signs out', async ({
  page,
  backend,
}) => {
  test.setTimeout(120_000);
  const admin = await backend.createAdminWithTotp();

  // One enquiry through the home page form, one through the anon key, 30 through the service role.
  const formToken = uniqueToken('Formco');
  const formEmail = `${uniqueToken('form')}@example.com`;
  backend.trackEnquiryEmail(formEmail);
  // The form hydrates on demand: wait for its code, or a click could submit the static HTML form.
  const formCode = page.waitForResponse(/\/assets\/contact-form-[^/]*\.js$/);
  await page.goto('/#contact');
  await formCode;
  await page.waitForLoadState('networkidle');
  const enquiry = page.getByRole('form', { name: 'Enquiry form' });
  await enquiry.getByLabel(/Full Name/).fill('Grace Form');
  await enquiry.getByLabel(/Email Address/).fill(formEmail);
  await enquiry.getByLabel(/Company\/Organisation/).fill(formToken);
  await enquiry.getByLabel(/Service Interest/).selectOption({ label: 'AI & Machine Learning' });
  await enquiry.getByLabel(/Project Timeline/).selectOption({ label: '3-6 months' });
  await enquiry
    .getByLabel(/Message\/Requirements/)
    .fill('Please call us about month-end automation.');
  await enquiry.getByRole('button', { name: 'Submit Form' }).click();
  await expect
    .poll(
      async () => {
        const { data } = await serviceClient()
          .from('contact_submissions')
          .select('id')
          .eq('Email', formEmail);
        return data?.length ?? 0;
      },
      { timeout: 15_000 },
    )
    .toBe(1);

  const anonToken = uniqueToken('Anonco');
  await backend.insertEnquiryAsVisitor({
    Name: 'Vera Visitor',
    Email: `${uniqueToken('anon')}@example.com`,
    Company: anonToken,
    Phone: '+44 20 7946 0000',
    Interest: 'data-strategy',
    Timeline: 'immediate',
    Message: 'Sent with the anon key, as a visitor would.',
  });

  const batch = uniqueToken('Batchco');
  const interests = ['data-strategy', 'cloud-migration', 'analytics'] as const;
  const start = Date.now();
  const rows: Enquiry[] = Array.from({ length: 30 }, (_, i) => ({
    Name:
      i === 0 ? '=HYPERLINK("http://evil.example")' : `Batch Person ${String(i).padStart(2, '0')}`,
    Email: `${batch.toLowerCase()}.${i}@example.com`,
    Company: `${batch} Ltd`,
    Phone: i === 1 ? '+44 20 7946 0001' : null,
    Interest: interests[i % 3] ?? 'other',
    Timeline: i % 2 ? '1-3-months' : 'exploring',
    Message:
      i === 7 ? 'Discount 50%_off, (x) "quoted" please' : `Batch enquiry number ${i}, about data.`,
    created_at: new Date(start - i * 60_000).toISOString(),
  }));
  await backend.insertEnquiries(rows);

  await signIn(page, admin);
  await expect(page.getByText('Welcome back!')).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  // The staff name beside the address the product greets with.
  await expect(page.getByText(`Welcome, ${STAFF_NAME} (${admin.email})`)).toBeVisible();
  await expect(page.getByText('admin', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Contact Submissions' })).toBeVisible();
  await expect(dashboardTable(page)).toBeVisible();

  // The enquiry from the home form, with labels instead of stored values.
  await search(page, formToken);
  const formRow = dashboardTable(page).getByRole('row').filter({ hasText: formToken });
  await expect(formRow).toHaveCount(1);
  await expect(formRow).toContainText('Grace Form');
  await expect(formRow).toContainText('AI & Machine Learning');
  await expect(page.getByText('Showing 1–1 of 1 enquiry')).toBeVisible();

  // The visitor's enquiry, and its detail dialog with mailto and tel links.
  await search(page, anonToken);
  await expect(dashboardTable(page).getByRole('row').filter({ hasText: anonToken })).toHaveCount(1);
  await page.getByRole('button', { name: 'View full enquiry from Vera Visitor' }).click();
  const dialog = page.getByRole('dialog', { name: 'Vera Visitor' });
  await expect(dialog.getByRole('link', { name: '+44 20 7946 0000' })).toHaveAttribute(
    'href',
    'tel:+442079460000',
  );
  await expect(dialog.getByRole('link', { name: /@example\.com$/ })).toHaveAttribute(
    'href',
    /^mailto:/,
  );
  await toastsGone(page);
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);

  // Paging on the server: 25, then 5.
  await search(page, batch);
  await expect(page.getByText('Showing 1–25 of 30 enquiries')).toBeVisible();
  await expect(dashboardTable(page).getByRole('row')).toHaveCount(26);
  await expect(dashboardTable(page).getByRole('row').nth(1)).toContainText('=HYPERLINK');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Showing 26–30 of 30 enquiries')).toBeVisible();
  await expect(dashboardTable(page).getByRole('row')).toHaveCount(6);
  await expect(page.getByText('Page 2 of 2')).toBeVisible();
  await expectNoAxeViolations(page);

  // Filters combine with the search and go back to page 1.
  await page.getByLabel('Service interest').selectOption({ label: 'Cloud Migration' });
  await expect(page.getByText('Showing 1–10 of 10 enquiries')).toBeVisible();
  await page.getByLabel('Timeline').selectOption({ label: '1-3 months' });
  await expect(page.getByText('Showing 1–5 of 5 enquiries')).toBeVisible();

  // Search text with PostgREST and LIKE syntax in it matches literally.
  await page.getByRole('button', { name: 'Clear' }).click();
  await search(page, '50%_off, (x) "quoted"');
  await expect(page.getByText('Showing 1–1 of 1 enquiry')).toBeVisible();
  // "*" is no multi-character wildcard: "Batch*number" would match every batch row if it were.
  await search(page, 'Batch*number');
  await expect(page.getByText('No contact submissions found')).toBeVisible();

  // Export CSV of the filtered rows.
  await search(page, batch);
  await expect(page.getByText('Showing 1–25 of 30 enquiries')).toBeVisible();
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^contact-submissions-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await downloadedText(download);
  expect(csv.startsWith('\uFEFF')).toBe(true);
  const lines = csv.slice(1).split('\r\n').filter(Boolean);
  expect(lines[0]).toBe(
    'Received (London time),Name,Email,Company,Job Title,Phone,Service Interest,Timeline,' +
      'Message,Status,Assignee,Last Contact (London time),First Response (London time),' +
      'Held (London time),Landing Page,' +
      'Referrer Host,UTM Source,UTM Medium,UTM Campaign,Notes,ID',
  );
  expect(lines).toHaveLength(31);
  expect(csv).toContain('"\'=HYPERLINK(""http://evil.example"")"');
  expect(csv).toContain('"Discount 50%_off, (x) ""quoted"" please"');
  expect(csv).toContain('Cloud Migration');
  // A phone number imports as its text: a string constant, no apostrophe, no arithmetic.
  expect(csv).toContain('"=""+44 20 7946 0001"""');
  await expect(page.getByText('Export ready')).toBeVisible({ timeout: 15_000 });

  // Sign out: back to /auth, and /admin is closed again.
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('tab', { name: 'Sign In' })).toBeVisible();
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/auth$/);

  // The audit trail recorded the sign-in, the export and the sign-out.
  const { data: audit } = await serviceClient()
    .from('audit_log')
    .select('action')
    .eq('user_email', admin.email.toLowerCase());
  expect((audit ?? []).map((entry) => entry.action)).toEqual(
    expect.arrayContaining([
      'auth_sign_in_success',
      'admin_export_submissions',
      'auth_staff_sign_out',
    ]),
  );
});
