import type { Locator, Page } from '@playwright/test';

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

/** Opens an enquiry found by its company: a table row from tablet width up, a card on a phone. */
export async function openEnquiry(page: Page, company: string, name: string) {
  await page.getByLabel('Search').fill(company);
  await expect(page.locator('main [data-enquiry-id]').first()).toBeVisible();
  await page
    .getByRole('button', { name: new RegExp(`^(View full|Open) enquiry from ${name}$`) })
    .click();
  return page.getByRole('dialog', { name });
}

/** Today in London, day first as the staff area writes it: "24/11/2026". */
export function londonToday(): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date());
}

/**
 * The toast on screen and its Undo button. One shows at a time; one being sent away (removed)
 * or held back unseen behind it (not visible) is not on screen.
 */
export const toast = (page: Page) =>
  page.locator('[data-sonner-toast][data-visible="true"]:not([data-removed="true"])');
export const toastUndo = (page: Page) =>
  toast(page).getByRole('button', { name: 'Undo', includeHidden: true });

type Box = { x: number; y: number; width: number; height: number };

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * Asserts that exactly one toast is on screen and that it covers none of the dialog's controls
 * where they show (a control scrolled out of the dialog's view is clipped to it first). The
 * pointer rests on the toast, which holds its timer while it is measured.
 */
export async function expectToastClearOfDialog(page: Page, dialog: Locator) {
  await expect(toast(page)).toHaveCount(1);
  await toast(page).hover();
  const toastBox = await toast(page).boundingBox();
  expect(toastBox, 'the toast is on screen').not.toBeNull();
  const controls = await dialog.evaluate((element) => {
    const frame = element.getBoundingClientRect();
    return Array.from(element.querySelectorAll('button, input, select, textarea, summary, a[href]'))
      .map((control) => {
        const box = control.getBoundingClientRect();
        const top = Math.max(box.top, frame.top);
        const bottom = Math.min(box.bottom, frame.bottom);
        return {
          what: control.outerHTML.slice(0, 80),
          box: { x: box.left, y: top, width: box.width, height: bottom - top },
        };
      })
      .filter(({ box }) => box.height > 0 && box.width > 0);
  });
  expect(controls.length).toBeGreaterThan(5);
  for (const { what, box } of controls) {
    expect(overlaps(box, toastBox!), `the toast covers ${what}`).toBe(false);
  }
}
