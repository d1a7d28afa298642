import type { Page } from '@playwright/test';

import { enquiriesFrom, enquiryId, signInToDashboard } from './support/admin-workflow';
import { LOCAL_SUPABASE_URL, serviceClient, uniqueToken } from './support/backend-fixtures';
import { expect, test } from './support/mfa-fixtures';
import { dialogSpills } from './support/staff-screens';
import { LOCAL_SERVICE_ROLE_KEY } from '../supabase/local/local-keys';
import { shoot } from './support/screenshots';
import { inbox } from './support/captured-mail';

/** Runs the reply clock now (the backend runs it on the migrations' schedule), then the sender. */
async function runClock(): Promise<void> {
  const key = process.env.SUPABASE_SERVICE_ROLE_KEY ?? LOCAL_SERVICE_ROLE_KEY;
  const response = await fetch(`${LOCAL_SUPABASE_URL}/__local/jobs/reply-clock`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}` },
  });
  if (!response.ok) throw new Error(`the reply clock answered ${response.status}`);
}

/** A London calendar day `days` from now, as the date input takes it. */
function londonDay(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(
    new Date(Date.now() + days * 86_400_000),
  );
}

/** "02 Dec 2026", as the staff pages show a day. */
function shown(day: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: 'UTC',
    day: '2-digit',
    month: 'short',
    year: 'numeric',
  }).format(new Date(`${day}T12:00:00Z`));
}

const followUpsDue = (page: Page) => page.getByRole('list', { name: 'Follow-ups due' });

for (const width of [375, 1366]) {
  test(`at ${width} px: a follow-up set from the record is listed when due, mailed once on the day, and leaves the list when done`, async ({
    page,
    backend,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: width === 375 ? 740 : 900 });
    const admin = await backend.createAdminWithTotp();
    const company = uniqueToken('Followco');
    const [row] = enquiriesFrom(company, ['Fern Follow']);
    await backend.insertEnquiries([row!]);
    const id = await enquiryId(row!.Email);

    await signInToDashboard(page, admin);
    await page.goto(`/admin/needs-reply?enquiry=${id}`);
    const dialog = page.getByRole('dialog', { name: 'Fern Follow' });
    await expect(dialog).toBeVisible();
    const section = dialog.getByRole('region', { name: 'Follow-up' });
    await expect(section.getByText('No follow-up set.')).toBeVisible();
    const tomorrow = londonDay(1);
    await section.getByLabel(/Follow up on/).fill(tomorrow.split('-').reverse().join('/'));
    await section.getByLabel('Follow-up note (optional)').fill('Send the revised proposal.');
    await section.getByRole('button', { name: 'Set follow-up' }).click();
    await expect(section.getByText(`Follow up on ${shown(tomorrow)}`)).toBeVisible({
      timeout: 10_000,
    });
    await expect(section.getByText('Send the revised proposal.')).toBeVisible();
    const timeline = dialog.getByRole('list', { name: 'Timeline, oldest first' });
    await expect(timeline.getByText(`Follow-up set for ${shown(tomorrow)}`)).toBeVisible();
    await section.scrollIntoViewIfNeeded();
    expect(await dialogSpills(dialog)).toEqual([]);
    await shoot(page, `follow-ups-record-${width}`, false);

    // Not due yet: not on the list, and the clock mails nothing.
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('heading', { name: 'Needs a reply', level: 1 })).toBeVisible();
    await expect(page.locator(`[data-follow-up-id][data-enquiry-id="${id}"]`)).toHaveCount(0);
    await runClock();
    const reminded = await serviceClient()
      .from('enquiry_follow_ups')
      .select('reminded_at')
      .eq('submission_id', id);
    expect(reminded.data).toEqual([{ reminded_at: null }]);

    // The day comes (brought forward through the service role).
    const { error } = await serviceClient()
      .from('enquiry_follow_ups')
      .update({ due_on: londonDay(0) })
      .eq('submission_id', id)
      .eq('state', 'open');
    expect(error).toBeNull();
    await page.reload();
    const item = followUpsDue(page).locator(`[data-enquiry-id="${id}"]`);
    await expect(item).toBeVisible({ timeout: 15_000 });
    await expect(item).toContainText('Due today');
    await expect(item).toContainText('Send the revised proposal.');
    await expect(page.getByRole('heading', { name: 'Follow-ups due', level: 2 })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
    await shoot(page, `follow-ups-due-${width}`);

    // One reminder to whoever set it (the enquiry is unassigned), linking to the record.
    await runClock();
    const reminders = async () =>
      (await inbox(admin.email)).filter((mail) => mail.subject.includes(company));
    await expect.poll(async () => (await reminders()).length, { timeout: 15_000 }).toBe(1);
    const [mail] = await reminders();
    expect(mail!.subject).toBe(`Follow up today: Fern Follow (${company})`);
    expect(mail!.text).toContain('Send the revised proposal.');
    expect(mail!.links[0]).toBe(`${new URL(page.url()).origin}/admin/needs-reply?enquiry=${id}`);
    // A second run finds it reminded: the stamp, set in the statement that queues the mail, is
    // still the first run's, so this run queued nothing that could still be sent.
    const remindedAt = async () =>
      (
        await serviceClient()
          .from('enquiry_follow_ups')
          .select('reminded_at')
          .eq('submission_id', id)
      ).data;
    const stamped = await remindedAt();
    expect(stamped).toEqual([{ reminded_at: expect.any(String) }]);
    await runClock();
    expect(await remindedAt()).toEqual(stamped);
    expect(await reminders()).toHaveLength(1);

    // Opened from the list, marked done, it leaves the list.
    await item.getByRole('button', { name: 'Fern Follow' }).click();
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`enquiry=${id}`));
    await section.getByRole('button', { name: 'Mark done' }).click();
    await expect(section.getByText('No follow-up set.')).toBeVisible({ timeout: 10_000 });
    await expect(section.getByRole('list', { name: /Earlier follow-ups/ })).toContainText('Done');
    await expect(timeline.getByText('Follow-up done', { exact: true })).toBeVisible();
    await expect(timeline.getByText('Follow-up reminder sent', { exact: true })).toBeVisible();
    await section.scrollIntoViewIfNeeded();
    await shoot(page, `follow-ups-done-${width}`, false);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(followUpsDue(page).locator(`[data-enquiry-id="${id}"]`)).toHaveCount(0, {
      timeout: 10_000,
    });
  });
}
