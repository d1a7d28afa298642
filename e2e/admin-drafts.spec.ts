import type { Locator, Page } from '@playwright/test';

import { londonToday, openEnquiry, signInToDashboard } from './support/admin-workflow';
import { serviceClient, uniqueToken, type Enquiry } from './support/backend-fixtures';
import { expect, test } from './support/mfa-fixtures';

const MINUTE = 60_000;

function enquiry(name: string, company: string, minutesAgo: number): Enquiry {
  return {
    Name: name,
    Email: `${uniqueToken(name.split(' ')[0]!.toLowerCase())}@example.com`,
    Company: company,
    Interest: 'analytics',
    Timeline: 'immediate',
    Message: `An enquiry from ${name} about reporting.`,
    created_at: new Date(Date.now() - minutesAgo * MINUTE).toISOString(),
  };
}

const replyBox = (dialog: Locator) => dialog.getByRole('textbox', { name: /^Reply to / });
const noteBox = (dialog: Locator) => dialog.getByRole('textbox', { name: 'New note' });
const leavePrompt = (page: Page) =>
  page.getByRole('alertdialog', { name: 'Leave with unsent text?' });

/** A picture of the moment, kept with the test's results for a person to look at. */
async function shot(page: Page, name: string, width: number) {
  await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`) });
}

for (const width of [375, 1366]) {
  test(`at ${width} px: drafts survive Close, Escape, Next, Back, a reload and a crashed tab, and leaving asks first`, async ({
    page,
    backend,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height: width === 375 ? 740 : 900 });
    const admin = await backend.createAdminWithTotp();
    const company = uniqueToken('Draftco');
    // Named per width: the runs at each width share the database at the same time.
    const [dora, edName] = [`Dora Draft ${width}`, `Ed Next ${width}`];
    // Newest first: Dora, then Ed.
    await backend.insertEnquiries([enquiry(dora, company, 5), enquiry(edName, company, 10)]);
    await signInToDashboard(page, admin);

    // Close asks; keeping the draft is the default (Enter), and opening again restores it.
    let dialog = await openEnquiry(page, company, dora);
    const reply = `Thanks, Dora ${uniqueToken('r')}`;
    await replyBox(dialog).fill(reply);
    await dialog.getByRole('button', { name: 'Close' }).click();
    const prompt = leavePrompt(page);
    await expect(prompt).toBeVisible();
    await expect(prompt).toContainText('Not sent or saved yet: the reply.');
    await expect(prompt.getByRole('button', { name: 'Keep draft and leave' })).toBeFocused();
    await shot(page, 'leave-prompt', width);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    dialog = await openEnquiry(page, company, dora);
    await expect(replyBox(dialog)).toHaveValue(reply);
    await dialog.getByText('Draft restored').scrollIntoViewIfNeeded();
    await expect(dialog.getByText('Draft restored')).toBeVisible();
    await shot(page, 'draft-restored', width);

    // Escape asks as Close does; Stay keeps the record and the text.
    await noteBox(dialog).fill('Prefers a call in the morning');
    await page.keyboard.press('Escape');
    await expect(prompt).toContainText('the reply and the new note');
    await prompt.getByRole('button', { name: 'Stay' }).click();
    await expect(prompt).toHaveCount(0);
    await expect(noteBox(dialog)).toHaveValue('Prefers a call in the morning');
    await page.keyboard.press('Escape');
    await prompt.getByRole('button', { name: 'Keep draft and leave' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    dialog = await openEnquiry(page, company, dora);
    await expect(noteBox(dialog)).toHaveValue('Prefers a call in the morning');

    // Next asks, and the next enquiry has no drafts of Dora's.
    await dialog.getByRole('button', { name: 'Next enquiry' }).click();
    await prompt.getByRole('button', { name: 'Keep draft and leave' }).click();
    const ed = page.getByRole('dialog', { name: edName });
    await expect(ed).toBeVisible();
    await expect(replyBox(ed)).toHaveValue('');
    await expect(ed.getByText('Draft restored')).toHaveCount(0);

    // Back from Ed (nothing typed) returns to Dora's record, drafts and all.
    await page.goBack();
    dialog = page.getByRole('dialog', { name: dora });
    await expect(replyBox(dialog)).toHaveValue(reply);
    // Back again would leave her unsent text: the record stays and asks; Stay puts it back.
    await page.goBack();
    await expect(prompt).toBeVisible();
    await prompt.getByRole('button', { name: 'Stay' }).click();
    await expect(prompt).toHaveCount(0);
    await expect(page).toHaveURL(/[?&]enquiry=/);
    await expect(replyBox(dialog)).toHaveValue(reply);

    // A reload gets the browser's own question while there is unsent text.
    const asked: string[] = [];
    page.on('dialog', (question) => {
      asked.push(question.type());
      void question.accept();
    });
    await page.reload();
    await expect.poll(() => asked).toEqual(['beforeunload']);
    dialog = page.getByRole('dialog', { name: dora });
    await expect(replyBox(dialog)).toHaveValue(reply, { timeout: 15_000 });
    await expect(noteBox(dialog)).toHaveValue('Prefers a call in the morning');

    // A tab that dies (no unload at all) loses nothing typed either.
    const url = page.url();
    await noteBox(dialog).fill('Typed just before the crash');
    await page.close({ runBeforeUnload: false });
    const again = await page.context().newPage();
    await again.setViewportSize({ width, height: width === 375 ? 740 : 900 });
    again.on('dialog', (question) => void question.accept());
    await again.goto(url);
    const revived = again.getByRole('dialog', { name: dora });
    await expect(noteBox(revived)).toHaveValue('Typed just before the crash', {
      timeout: 15_000,
    });

    // Discard forgets it; then Close closes at once.
    await revived.getByRole('button', { name: 'Discard the draft of the reply' }).click();
    await revived.getByRole('button', { name: 'Discard the draft of the new note' }).click();
    await expect(replyBox(revived)).toHaveValue('');
    await revived.getByRole('button', { name: 'Close' }).click();
    await expect(again.getByRole('dialog')).toHaveCount(0);
    const kept = await again.evaluate(() =>
      Object.keys(localStorage).filter((key) => key.startsWith('kestrel.draft.')),
    );
    expect(kept).toEqual([]);
  });

  test(`at ${width} px: Escape saves a typed last-contacted date, as Close does`, async ({
    page,
    backend,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: width === 375 ? 740 : 900 });
    const admin = await backend.createAdminWithTotp();
    const company = uniqueToken('Escco');
    const esme = `Esme Escape ${width}`;
    const row = enquiry(esme, company, 5);
    await backend.insertEnquiries([row]);
    await signInToDashboard(page, admin);

    const dialog = await openEnquiry(page, company, esme);
    const today = londonToday();
    await dialog.getByLabel('Last contacted').fill(today);
    await shot(page, 'last-contacted-typed', width);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    const [day, month, year] = today.split('/');
    await expect
      .poll(
        async () => {
          const { data } = await serviceClient()
            .from('contact_submissions')
            .select('last_contacted_at')
            .eq('Email', row.Email)
            .single();
          return data?.last_contacted_at?.slice(0, 10) ?? null;
        },
        { timeout: 15_000 },
      )
      .toBe(`${year}-${month}-${day}`);

    const reopened = await openEnquiry(page, company, esme);
    await expect(reopened.getByLabel('Last contacted')).toHaveValue(today);
  });
}
