import { openEnquiry, signInToDashboard, toast, toastsGone } from './support/admin-workflow';
import { expectNoAxeViolations } from './support/axe';
import { LOCAL_SUPABASE_URL, uniqueToken } from './support/backend-fixtures';
import { inbox } from './support/captured-mail';
import { expect, test } from './support/mfa-fixtures';
import { shoot } from './support/screenshots';

for (const width of [375, 1366]) {
  test(`the enquirer's answer by mail lands on the record while it is open, at ${width} px`, async ({
    page,
    backend,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: width === 375 ? 740 : 900 });
    const admin = await backend.createAdminWithTotp();
    const company = uniqueToken('Answerco');
    // each width its own name: a search for one token can also find the other's.
    const name = `Nora Answer ${width}`;
    const email = `${uniqueToken('answer')}@example.com`;
    backend.trackEnquiryEmail(email);
    await backend.insertEnquiries([
      {
        Name: name,
        Email: email,
        Company: company,
        Interest: 'analytics',
        Timeline: 'immediate',
        Message: 'Could you help with our reporting?',
      },
    ]);

    await signInToDashboard(page, admin);
    const dialog = await openEnquiry(page, company, name);
    const question = `Which day suits you? ${uniqueToken('ask')}`;
    await dialog.getByRole('textbox', { name: /Reply to/ }).fill(question);
    await dialog.getByRole('button', { name: 'Send reply' }).click();
    await expect(page.getByText(`Sent to ${email}.`)).toBeVisible({ timeout: 10_000 });

    // The prospect answers from their mail client: here, the captured inbox's reply form.
    await expect
      .poll(async () => (await inbox(email)).some((mail) => mail.text.startsWith(question)), {
        timeout: 20_000,
      })
      .toBe(true);
    const mailbox = await page.context().newPage();
    await mailbox.goto(`${LOCAL_SUPABASE_URL}/__local/mail/inbox?to=${encodeURIComponent(email)}`);
    const sent = mailbox.getByRole('article').filter({ hasText: question });
    await sent.getByText('Reply as the recipient').click();
    const answer = `Thursday morning, please. ${uniqueToken('answer')}`;
    await sent
      .getByLabel('Their answer')
      .fill(`${answer}\n\nOn Mon, Kestrel wrote:\n> ${question}`);
    await sent.getByRole('button', { name: 'Send as the recipient' }).click();
    await expect(mailbox.getByRole('heading', { name: 'Local mail inbox' })).toBeVisible();
    await mailbox.close();

    // Within seconds, on the open record: their words, without the quoted history.
    const timeline = dialog.getByRole('list', { name: 'Timeline, oldest first' });
    const entry = timeline.getByRole('listitem').filter({ hasText: 'They answered by e-mail' });
    await expect(entry).toContainText(answer, { timeout: 15_000 });
    await expect(entry).toContainText(`from ${email}`);
    await expect(entry).not.toContainText('Kestrel wrote');
    await expect(toast(page).getByText('They answered by e-mail')).toBeVisible();
    await toastsGone(page);
    await entry.scrollIntoViewIfNeeded();
    await shoot(page, `answer-record-${width}`, false);
    await expectNoAxeViolations(page, '/admin record with an answer by e-mail');

    // Back on the reply clock, and unread in the list.
    await dialog.getByRole('button', { name: 'Close' }).click();
    const listed = page.locator(`main [data-enquiry-id]`).filter({ hasText: name });
    await expect(listed.getByText('Unread')).toBeVisible({ timeout: 15_000 });
    await page.goto('/admin/needs-reply');
    const owed = page.getByRole('listitem').filter({ hasText: name });
    await expect(owed).toContainText('They answered by e-mail on');
    await expect(owed).toContainText(/Due in (23|24) h/);
    await shoot(page, `answer-needs-reply-${width}`);
  });
}
