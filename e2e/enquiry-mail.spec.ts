import type { Page } from '@playwright/test';

import { serviceClient, uniqueToken } from './support/backend-fixtures';
import { enterCode, expect, test } from './support/mfa-fixtures';
import { totpCode } from './support/totp';
import { inbox, type CapturedMail } from './support/captured-mail';

/** The staff address the embedded backend mails when ENQUIRY_NOTIFY_TO is not set. */
const STAFF_INBOX = 'enquiries@kestrel-data.local';

async function fillEnquiry(page: Page, email: string, company: string, message: string) {
  const form = page.getByRole('form', { name: 'Enquiry form' });
  await form.getByLabel(/Full Name/).fill('Grace Hopper');
  await form.getByLabel(/Email Address/).fill(email);
  await form.getByLabel(/Company\/Organisation/).fill(company);
  await form.getByLabel(/Service Interest/).selectOption({ label: 'AI & Machine Learning' });
  await form.getByLabel(/Project Timeline/).selectOption({ label: '3-6 months' });
  await form.getByLabel(/Message\/Requirements/).fill(message);
  await form.getByRole('button', { name: 'Submit Form' }).click();
}

test.describe('enquiry notifications', () => {
  test('an enquiry from the home form mails the staff (linking to it first) and the visitor within seconds', async ({
    page,
    backend,
  }) => {
    const email = `${uniqueToken('notify')}@example.com`;
    const company = `Compilers ${uniqueToken('co')}`;
    const message = `Please call me about <b>${uniqueToken('secret')}</b> reporting.`;
    backend.trackEnquiryEmail(email);

    await page.goto('/#contact');
    await fillEnquiry(page, email, company, message);
    const toasts = page.getByRole('region', { name: /Notifications/ });
    await expect(toasts.getByText('Thank you for your inquiry!')).toBeVisible({ timeout: 10_000 });

    const { data, error } = await serviceClient()
      .from('contact_submissions')
      .select('id')
      .eq('Email', email)
      .single();
    if (error) throw new Error(error.message);

    let alert: CapturedMail | undefined;
    await expect
      .poll(
        async () => {
          alert = (await inbox(STAFF_INBOX)).find((mail) => mail.subject.includes(company));
          return alert !== undefined;
        },
        { timeout: 10_000 },
      )
      .toBe(true);
    expect(alert!.subject).toBe(`New enquiry from Grace Hopper (${company})`);
    expect(alert!.links[0]).toBe(
      `${new URL(page.url()).origin}/admin/needs-reply?enquiry=${data.id}`,
    );
    expect(alert!.text).toContain('Interest: AI & Machine Learning');
    expect(alert!.text).toContain('Timeline: 3-6 months');
    expect(alert!.text).toContain(message);
    expect(alert!.html).not.toContain('<b>');

    await expect.poll(async () => (await inbox(email)).length, { timeout: 10_000 }).toBe(1);
    const [acknowledgement] = await inbox(email);
    expect(acknowledgement!.subject).toBe('Thank you for contacting Kestrel Data');
    expect(acknowledgement!.text).toContain("We'll get back to you within 24 hours.");
    for (const visitorText of ['Grace', company, message, 'secret']) {
      expect(acknowledgement!.text).not.toContain(visitorText);
      expect(acknowledgement!.html).not.toContain(visitorText);
    }
  });

  test('the staff alert link takes a signed-out staff member through sign-in to that enquiry', async ({
    page,
    backend,
  }) => {
    test.setTimeout(60_000);
    const staff = await backend.createAdminWithTotp();
    const company = `Analytical Engines ${uniqueToken('co')}`;
    const email = `${uniqueToken('alertlink')}@example.com`;
    await backend.insertEnquiryAsVisitor({
      Name: 'Ada Lovelace',
      Email: email,
      Company: company,
      Interest: 'analytics',
      Timeline: 'exploring',
      Message: 'We would like to talk about our reporting.',
    });

    let link = '';
    await expect
      .poll(
        async () => {
          const alert = (await inbox(STAFF_INBOX)).find((mail) => mail.subject.includes(company));
          link = alert?.links[0] ?? '';
          return link;
        },
        { timeout: 10_000 },
      )
      .toMatch(/\/admin\/needs-reply\?enquiry=/);

    await page.goto(link);
    await expect(page).toHaveURL(/\/auth\?next=/);
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel(/Email/).fill(staff.email);
    await form.getByLabel(/Password/).fill(staff.password);
    await form.getByRole('button', { name: 'Sign In' }).click();
    await enterCode(page, totpCode(staff.secret));

    await expect(page).toHaveURL(link, { timeout: 15_000 });
    const dialog = page.getByRole('dialog', { name: 'Ada Lovelace' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(company)).toBeVisible();
  });
});
