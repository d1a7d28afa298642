import type { Page } from '@playwright/test';

import { expect, test } from './support/console-guard';
import { serviceClient, uniqueToken } from './support/backend-fixtures';

const uniqueEmail = (label: string) => `${uniqueToken(label)}@example.com`;

const form = (page: Page) => page.getByRole('form', { name: 'Enquiry form' });

async function fillEnquiry(
  page: Page,
  email: string,
  extra: { job?: string; phone?: string } = {},
) {
  const f = form(page);
  await f.getByLabel(/Full Name/).fill('Grace Hopper');
  await f.getByLabel(/Email Address/).fill(email);
  await f.getByLabel(/Company\/Organisation/).fill('Compilers Ltd');
  if (extra.job) await f.getByLabel('Job Title').fill(extra.job);
  if (extra.phone) await f.getByLabel('Phone Number').fill(extra.phone);
  await f.getByLabel(/Service Interest/).selectOption({ label: 'AI & Machine Learning' });
  await f.getByLabel(/Project Timeline/).selectOption({ label: '3-6 months' });
  await f
    .getByLabel(/Message\/Requirements/)
    .fill('  We want to automate our month-end reporting.  ');
}

async function rowsFor(email: string) {
  const { data, error } = await serviceClient()
    .from('contact_submissions')
    .select('*')
    .eq('Email', email);
  if (error) throw new Error(error.message);
  return data;
}

test.describe('enquiry form', () => {
  test('its code loads only as the contact section nears, and supabase-js only on submit', async ({
    page,
  }) => {
    const scripts: string[] = [];
    // supabase-js is bundled into the chunk of src/lib/supabase.ts ('load-supabase' is the tiny loader).
    const isSupabaseJs = (url: string) => /\/assets\/supabase-[\w-]+\.js$/.test(url);
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    expect(scripts.some((url) => url.includes('contact-form'))).toBe(false);
    expect(scripts.some(isSupabaseJs)).toBe(false);

    await form(page).scrollIntoViewIfNeeded();
    await expect.poll(() => scripts.some((url) => url.includes('contact-form'))).toBe(true);
    expect(scripts.some(isSupabaseJs)).toBe(false);
  });

  test("an enquiry sent before the form's code has arrived waits for it and is sent, not lost", async ({
    page,
  }) => {
    // Hold the form's code back, as a slow phone network would.
    await page.route('**/assets/contact-form-*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    const email = uniqueEmail('early');
    await page.goto('/#contact');
    await fillEnquiry(page, email);
    await form(page).getByRole('button', { name: 'Submit Form' }).click();
    const toasts = page.getByRole('region', { name: /Notifications/ });
    await expect(toasts.getByText('Thank you for your inquiry!')).toBeVisible({ timeout: 10_000 });
    await expect(page).toHaveURL(/\/#contact$/);
    const rows = await rowsFor(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ Name: 'Grace Hopper', Company: 'Compilers Ltd' });
  });

  test('a valid enquiry lands in the database, with the success toast and a reset form', async ({
    page,
  }) => {
    const email = uniqueEmail('valid');
    await page.goto('/#contact');
    await fillEnquiry(page, email, { phone: '+44 (0)20 7946 0000' });
    await form(page).getByRole('button', { name: 'Submit Form' }).click();
    const toasts = page.getByRole('region', { name: /Notifications/ });
    await expect(toasts.getByText('Thank you for your inquiry!')).toBeVisible();
    await expect(toasts.getByText("We'll get back to you within 24 hours.")).toBeVisible();
    await expect(form(page).getByLabel(/Full Name/)).toHaveValue('');

    const rows = await rowsFor(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      Name: 'Grace Hopper',
      Email: email,
      Company: 'Compilers Ltd',
      Job: null,
      Phone: '+44 (0)20 7946 0000',
      Interest: 'ai-ml',
      Timeline: '3-6-months',
      Message: 'We want to automate our month-end reporting.',
    });
  });

  test('invalid input shows the field messages and sends nothing', async ({ page }) => {
    await page.goto('/#contact');
    const f = form(page);
    await f.getByLabel(/Full Name/).fill('G');
    await f.getByLabel(/Email Address/).fill('not-an-email');
    await f.getByLabel('Phone Number').fill('call me');
    await f.getByRole('button', { name: 'Submit Form' }).click();
    await expect(f.getByLabel(/Full Name/)).toBeFocused();
    for (const message of [
      'Full name must be at least 2 characters.',
      'Please enter a valid email address.',
      'Company name must be at least 2 characters.',
      'Please enter a valid phone number.',
      'Please select a service interest.',
      'Please select a project timeline.',
      'Message must be at least 10 characters.',
    ]) {
      await expect(f.getByText(message)).toBeVisible();
    }
    await expect(f.getByLabel(/Full Name/)).toHaveAttribute('aria-invalid', 'true');
  });

  test('the fourth attempt within 15 minutes is refused and nothing is sent', async ({ page }) => {
    const email = uniqueEmail('limit');
    await page.goto('/#contact');
    for (let attempt = 1; attempt <= 3; attempt++) {
      await fillEnquiry(page, email);
      await form(page).getByRole('button', { name: 'Submit Form' }).click();
      await expect(form(page).getByLabel(/Full Name/)).toHaveValue('');
    }
    await fillEnquiry(page, email);
    await form(page).getByRole('button', { name: 'Submit Form' }).click();
    await expect(page.getByText('Rate limit exceeded')).toBeVisible();
    await expect(
      page.getByText(/You've been temporarily blocked\. Try again after \d{2}:\d{2}\./),
    ).toBeVisible();
    expect(await rowsFor(email)).toHaveLength(3);
  });

  test('the database refuses a fourth enquiry from one address even when the browser forgets', async ({
    page,
    allowConsole,
  }) => {
    allowConsole(/^400 .*\/rest\/v1\/contact_submissions/);
    const email = uniqueEmail('server-limit');
    await page.goto('/#contact');
    for (let attempt = 1; attempt <= 4; attempt++) {
      // A fresh browser state each time: only the server's limit remains.
      await page.evaluate(() => window.localStorage.removeItem('kestrel-data.rate.enquiry'));
      await fillEnquiry(page, email);
      await form(page).getByRole('button', { name: 'Submit Form' }).click();
      if (attempt < 4) await expect(form(page).getByLabel(/Full Name/)).toHaveValue('');
    }
    await expect(page.getByText(/several enquiries from this email address/)).toBeVisible();
    await expect(form(page).getByLabel(/Full Name/)).toHaveValue('Grace Hopper');
    expect(await rowsFor(email)).toHaveLength(3);
  });

  test('a bot that fills the honeypot sees success but nothing is stored', async ({ page }) => {
    const email = uniqueEmail('bot');
    await page.goto('/#contact');
    await fillEnquiry(page, email);
    await page.locator('#enquiry-website').fill('https://spam.example', { force: true });
    await form(page).getByRole('button', { name: 'Submit Form' }).click();
    await expect(page.getByText('Thank you for your inquiry!')).toBeVisible();
    expect(await rowsFor(email)).toHaveLength(0);
  });
});
