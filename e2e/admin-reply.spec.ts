import {
  enquiriesFrom,
  enquiryId,
  openEnquiry,
  signInToDashboard,
  toastsGone,
} from './support/admin-workflow';
import { expectNoAxeViolations } from './support/axe';
import { serviceClient, uniqueToken } from './support/backend-fixtures';
import { expect, test } from './support/mfa-fixtures';
import { inbox } from './support/captured-mail';

async function firstResponseAt(id: string): Promise<string | null> {
  const { data, error } = await serviceClient()
    .from('contact_submissions')
    .select('first_response_at')
    .eq('id', id)
    .single();
  if (error) throw new Error(`reading the enquiry failed: ${error.message}`);
  return data.first_response_at;
}

test('an admin replies from the dialog, sees it in the timeline, and the enquirer gets the mail', async ({
  page,
  backend,
}) => {
  test.setTimeout(180_000);
  const admin = await backend.createAdminWithTotp();
  const company = uniqueToken('Replyco');
  const rows = enquiriesFrom(company, ['Rita Reply', 'Carl Call']);
  await backend.insertEnquiries(rows);
  const [rita, carl] = [rows[0]!, rows[1]!];
  const carlId = await enquiryId(carl.Email);

  await signInToDashboard(page, admin);
  const dialog = await openEnquiry(page, company, 'Rita Reply');
  await expect(dialog.getByText(/No response yet — due/)).toBeVisible();
  const text = `Thank you, Rita. ${uniqueToken('reply')} — shall we talk on Tuesday?`;
  await dialog.getByRole('textbox', { name: /Reply to/ }).fill(text);
  await dialog.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByText(`Sent to ${rita.Email}.`)).toBeVisible({ timeout: 10_000 });
  await expect(dialog.getByRole('textbox', { name: /Reply to/ })).toHaveValue('');
  const timeline = dialog.getByRole('list', { name: 'Timeline, oldest first' });
  await expect(timeline.getByRole('listitem').first()).toContainText('Enquiry received');
  await expect(timeline).toContainText(/Reply sent · by E2E /);
  await timeline.getByText('Show the reply').click();
  await expect(timeline).toContainText(text);
  await expect(dialog.getByText(/First response:/)).toBeVisible();

  await expect
    .poll(async () => (await inbox(rita.Email)).find((mail) => mail.text.includes(text)), {
      timeout: 15_000,
    })
    .toBeTruthy();
  const reply = (await inbox(rita.Email)).find((mail) => mail.text.includes(text))!;
  // the enquirer's answer goes to the enquiry's reply address, back to the record.
  expect(reply.reply_to).toMatch(/^reply\+[0-9a-f]{32}@/);

  await toastsGone(page);
  await expectNoAxeViolations(page, '/admin with the reply box and timeline');
  await dialog.getByRole('button', { name: 'Close' }).click();

  // A call that nobody answered is kept but is no response; one that reached them is.
  expect(await firstResponseAt(carlId)).toBeNull();
  const carlDialog = await openEnquiry(page, company, 'Carl Call');
  const carlTimeline = carlDialog.getByRole('list', { name: 'Timeline, oldest first' });
  await carlDialog.getByRole('button', { name: 'Log a call' }).click();
  await carlDialog.getByRole('radio', { name: 'No answer' }).check();
  await carlDialog.getByRole('button', { name: 'Save call' }).click();
  await expect(carlTimeline).toContainText('Call: No answer', { timeout: 10_000 });
  await expect(carlDialog.getByText(/No response yet — due/)).toBeVisible();
  expect(await firstResponseAt(carlId)).toBeNull();
  await carlDialog.getByRole('button', { name: 'Log a call' }).click();
  await carlDialog.getByRole('radio', { name: 'Reached' }).check();
  await carlDialog
    .getByLabel('Note (optional)', { exact: true })
    .fill('Booked a meeting for Tuesday.');
  await carlDialog.getByRole('button', { name: 'Save call' }).click();
  await expect(carlDialog.getByText(/First response:/)).toBeVisible({ timeout: 10_000 });
  await expect(carlTimeline).toContainText('Call: Reached');
  await expect(carlTimeline).toContainText('Booked a meeting for Tuesday.');
  expect(await firstResponseAt(carlId)).not.toBeNull();
});

test('at 375 px the dialog, the reply box and the timeline fit the screen', async ({
  page,
  backend,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 375, height: 740 });
  const admin = await backend.createAdminWithTotp();
  const company = uniqueToken('Narrowco');
  await backend.insertEnquiries(enquiriesFrom(company, ['Nora Narrow']));
  await signInToDashboard(page, admin);
  const dialog = await openEnquiry(page, company, 'Nora Narrow');
  await expect(dialog.getByRole('list', { name: 'Timeline, oldest first' })).toBeVisible();
  for (const target of [
    dialog.getByRole('textbox', { name: /Reply to/ }),
    dialog.getByRole('button', { name: 'Send reply' }),
    dialog.getByRole('button', { name: 'Log a call' }),
    dialog.getByRole('button', { name: 'Replied by e-mail' }),
    dialog.getByRole('list', { name: 'Timeline, oldest first' }),
  ]) {
    await target.scrollIntoViewIfNeeded();
    const box = await target.boundingBox();
    expect(box, 'on screen').not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
  }
  for (const name of ['Send reply', 'Log a call', 'Replied by e-mail']) {
    const box = await dialog.getByRole('button', { name }).boundingBox();
    expect(box!.height, `${name} is thumb-sized`).toBeGreaterThanOrEqual(44);
  }
  const overflow = await dialog.evaluate((element) => element.scrollWidth - element.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
