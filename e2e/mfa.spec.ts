import type { Page } from '@playwright/test';

import { toastsGone } from './support/admin-workflow';
import { serviceClient } from './support/backend-fixtures';
import { expectNoAxeViolations } from './support/axe';
import { enterCode, expect, signInWithCode, test } from './support/mfa-fixtures';
import { totpCode, wrongTotpCode } from './support/totp';

async function signInWithPassword(page: Page, email: string, password: string) {
  await page.getByRole('tab', { name: 'Sign In' }).click();
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel(/Email/).fill(email);
  await form.getByLabel(/Password/).fill(password);
  await form.getByRole('button', { name: 'Sign In' }).click();
  // An admin is not welcomed after the password: the second step comes first.
  await expect(
    page.getByRole('heading', { name: /^(Two-step verification|Set up two-step verification)$/ }),
  ).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Welcome back!')).toHaveCount(0);
}

async function axeWithoutToasts(page: Page) {
  await toastsGone(page);
  await expectNoAxeViolations(page);
}

async function auditActions(email: string): Promise<string[]> {
  const { data, error } = await serviceClient()
    .from('audit_log')
    .select('action')
    .eq('user_email', email)
    .like('action', 'auth_mfa_%')
    .order('created_at', { ascending: true });
  if (error) throw new Error(`reading the audit log failed: ${error.message}`);
  return data.map((row) => row.action);
}

test('an admin without a factor enrols an authenticator app before seeing any enquiry, then signs in with a code', async ({
  page,
  backend,
  allowConsole,
}) => {
  test.setTimeout(90_000);
  const admin = await backend.createAdmin();

  await page.goto('/auth');
  await signInWithPassword(page, admin.email, admin.password);

  // The dashboard is not reachable with the password alone: /admin sends the admin back here.
  await expect(page.getByRole('heading', { name: 'Set up two-step verification' })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toHaveCount(0);
  const qr = page.getByRole('img', { name: /QR code/ });
  await expect(qr).toBeVisible();
  // The QR code (GoTrue's SVG as a data URI) really renders under the site's CSP.
  expect(await qr.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  const secret = (await page.locator('#mfa-secret .sr-only').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  // the same key in a link that opens the authenticator app on this phone.
  const link = page.getByRole('link', { name: 'Add to authenticator app' });
  expect(new URL((await link.getAttribute('href')) ?? '').searchParams.get('secret')).toBe(secret);
  const code = page.getByLabel(/6-digit code/);
  await expect(code).toHaveAttribute('inputmode', 'numeric');
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await axeWithoutToasts(page);

  // A malformed code is caught before it is sent.
  await enterCode(page, '12ab');
  await expect(page.getByRole('alert')).toHaveText('The code is 6 digits, with no letters');

  await enterCode(page, totpCode(secret));
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page).toHaveURL(/\/admin$/);

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/auth$/);

  // Next time: the password, then the code step; a wrong code is refused in clear words.
  // GoTrue answers a wrong code with 422, which the browser reports as a failed request.
  allowConsole(/^422 .*\/auth\/v1\/factors\/[0-9a-f-]+\/verify$/);
  await signInWithPassword(page, admin.email, admin.password);
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByLabel(/6-digit code/)).toBeFocused();
  await axeWithoutToasts(page);
  await enterCode(page, wrongTotpCode(secret));
  await expect(page.getByRole('alert')).toHaveText(
    "That code didn't match. Codes change every 30 seconds: enter the 6-digit code your authenticator app shows now.",
  );
  await expect(page.getByLabel(/6-digit code/)).toHaveValue('');
  await expect(page.getByLabel(/6-digit code/)).toBeFocused();
  await enterCode(page, totpCode(secret));
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByText('Welcome back!')).toBeVisible();

  // Each step is in the audit log, written under the admin's own session.
  await expect
    .poll(() => auditActions(admin.email))
    .toEqual(['auth_mfa_enrolled', 'auth_mfa_failed', 'auth_mfa_verified']);
});

test('a signed-out visitor who opens an enquiry link comes back to exactly it after the code step', async ({
  page,
  backend,
}) => {
  test.setTimeout(60_000);
  const admin = await backend.createAdminWithTotp();
  const enquiryId = '6f1c2a9e-4b7d-4c3a-9e21-0a5b8c7d6e4f';

  await page.goto(`/admin?enquiry=${enquiryId}`);
  await expect(page).toHaveURL(
    new RegExp(`/auth\\?next=${encodeURIComponent(`/admin?enquiry=${enquiryId}`)}$`),
  );
  await signInWithPassword(page, admin.email, admin.password);
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible({
    timeout: 15_000,
  });
  await enterCode(page, totpCode(admin.secret));
  // The dashboard opens that enquiry (here one that does not exist) from the query string.
  await expect(page).toHaveURL(new RegExp(`/admin\\?enquiry=${enquiryId}$`), {
    timeout: 15_000,
  });
  await expect(page.getByRole('form', { name: 'Authentication code' })).toHaveCount(0);
});

test('a `next` that leaves the site is ignored: the admin lands on /admin', async ({
  page,
  backend,
}) => {
  test.setTimeout(60_000);
  const admin = await backend.createAdminWithTotp();
  await page.goto(`/auth?next=${encodeURIComponent('//evil.example/admin')}`);
  await signInWithPassword(page, admin.email, admin.password);
  await enterCode(page, totpCode(admin.secret));
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/admin$/);
});

test('signInWithCode reaches the dashboard for an admin created with --totp', async ({
  page,
  backend,
}) => {
  test.setTimeout(60_000);
  const admin = await backend.createAdminWithTotp();
  await signInWithCode(page, admin);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible({
    timeout: 15_000,
  });
});
