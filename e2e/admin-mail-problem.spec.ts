import {
  auditActions,
  enquiryId,
  openEnquiry,
  signInToDashboard,
  toast,
  toastsGone,
} from './support/admin-workflow';
import { expectNoAxeViolations } from './support/axe';
import { serviceClient, uniqueToken } from './support/backend-fixtures';
import { expect, test } from './support/mfa-fixtures';
import { shoot } from './support/screenshots';

/** Why no mail reaches the enquiry's address (acknowledgement_bounced, bounced, complained), or null. */
async function mailProblem(id: string): Promise<string | null> {
  const { data, error } = await serviceClient()
    .from('enquiry_list')
    .select('mail_problem')
    .eq('id', id)
    .single();
  if (error) throw new Error(`reading the enquiry list failed: ${error.message}`);
  return data.mail_problem;
}

// Resend's test address is one mailbox whatever its +label, and so is its block: one width at a
// time, each clearing the block the other would see.
test.describe.configure({ mode: 'serial' });

for (const width of [375, 1366]) {
  test(`an address that bounced is flagged where staff would write to it, at ${width} px`, async ({
    page,
    backend,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: width === 375 ? 740 : 900 });
    const admin = await backend.createAdminWithTotp();
    const company = uniqueToken('Bounceco');
    // Mail to this address bounces for good, as Resend's test address does; its acknowledgement
    // is the first mail sent to it, and the bounce that comes back blocks the address.
    const email = `bounced+${uniqueToken('gone')}@resend.dev`;
    backend.trackEnquiryEmail(email);
    await backend.insertEnquiries([
      {
        Name: 'Bea Bounce',
        Email: email,
        Company: company,
        Interest: 'analytics',
        Timeline: 'immediate',
        Message: 'Please reply to the address I typed wrong.',
      },
    ]);
    const id = await enquiryId(email);
    await expect.poll(() => mailProblem(id), { timeout: 20_000 }).toBe('acknowledgement_bounced');

    await signInToDashboard(page, admin);
    await page.getByLabel('Search').fill(company);
    const listed = page.locator(`main [data-enquiry-id="${id}"]`);
    await expect(listed.getByText('E-mail bounced')).toBeVisible();
    await toastsGone(page);
    await shoot(page, `mail-problem-list-${width}`);

    const dialog = await openEnquiry(page, company, 'Bea Bounce');
    const notice = dialog.getByRole('note').filter({ hasText: 'Allow mail again' });
    await expect(notice).toContainText('The acknowledgement bounced: phone them.');
    const reply = dialog.getByRole('textbox', { name: /Reply to/ });
    const text = `Sorry, ${uniqueToken('reply')}: could you confirm your address?`;
    await reply.fill(text);
    await dialog.getByRole('button', { name: 'Send reply' }).click();
    await expect(dialog.getByText(/Not sent: mail to this address is blocked/)).toBeVisible();
    // Refused, not lost: the typed reply stays for when mail is allowed again.
    await expect(reply).toHaveValue(text);
    await toastsGone(page);
    await shoot(page, `mail-problem-reply-${width}`, false);
    await notice.scrollIntoViewIfNeeded();
    await shoot(page, `mail-problem-record-${width}`, false);
    await expectNoAxeViolations(page, '/admin record of an address that bounced');

    await notice.getByRole('button', { name: 'Allow mail again' }).click();
    await expect(toast(page).getByText('Mail allowed again')).toBeVisible();
    await expect(notice).toBeHidden();
    await expect(dialog.getByText(/A reply from here would not be sent/)).toBeHidden();
    await expect(reply).toHaveValue(text);
    expect(await auditActions(id)).toContain('admin_enquiry_mail_suppression_cleared');
    expect(await mailProblem(id)).toBeNull();
  });
}
