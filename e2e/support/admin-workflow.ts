import type { Page } from '@playwright/test';

import { expect, serviceClient, uniqueToken, type Enquiry } from './backend-fixtures';
import { enterCode, signInWithCode, type TotpCredentials } from './mfa-fixtures';
import { totpCode } from './totp';

/**
 * Signs in as staff do (password, then the authenticator code) and waits for the dashboard. On a
 * loaded machine the code can be typed before the code step is ready and is then refused as
 * empty; the step is still there, so the code is entered once more.
 */
export async function signInToDashboard(page: Page, credentials: TotpCredentials) {
  await signInWithCode(page, credentials);
  const dashboard = page.getByRole('heading', { name: 'Admin Dashboard' });
  const refused = page.getByText('Please enter the 6-digit code from your authenticator app');
  await expect(dashboard.or(refused)).toBeVisible({ timeout: 15_000 });
  if (await refused.isVisible()) await enterCode(page, totpCode(credentials.secret));
  await expect(dashboard).toBeVisible({ timeout: 15_000 });
}

/**
 * Waits until no toast is on screen, so an axe check is about the page under test: a toast's
 * close button beside a dialog's own buttons fails target spacing, and a toast mid-fade fails
 * contrast. It waits for the toast itself, which leaves after its close button.
 */
export async function toastsGone(page: Page) {
  // A pointer resting on a toast pauses its timer.
  await page.mouse.move(0, 0);
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
}

/** Enquiries from one company no other test uses, so searching for it isolates them. */
export function enquiriesFrom(company: string, names: string[]): Enquiry[] {
  return names.map((name, index) => ({
    Name: name,
    Email: `${uniqueToken(`wf${index}`)}@example.com`,
    Company: company,
    Interest: 'analytics',
    Timeline: 'immediate',
    Message: `An enquiry from ${name} about reporting.`,
  }));
}

/** The id of the enquiry sent from this address (through the service role). */
export async function enquiryId(email: string): Promise<string> {
  const { data, error } = await serviceClient()
    .from('contact_submissions')
    .select('id')
    .eq('Email', email);
  if (error || !data?.[0]) throw new Error(`no enquiry from ${email}: ${error?.message ?? ''}`);
  return data[0].id;
}

/** The audit actions recorded about one enquiry, oldest first. */
export async function auditActions(id: string): Promise<string[]> {
  const { data, error } = await serviceClient()
    .from('audit_log')
    .select('action, created_at')
    .eq('resource_id', id)
    .order('created_at', { ascending: true });
  if (error) throw new Error(`reading the audit log failed: ${error.message}`);
  return (data ?? []).map((row) => row.action);
}

/** The enquiries table (the overview keeps a table of its own behind a toggle). */
export const submissionsTable = (page: Page) =>
  page.getByRole('region', { name: 'Submissions table' }).getByRole('table');
