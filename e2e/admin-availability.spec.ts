import type { Page } from '@playwright/test';

import { enquiryId, signInToDashboard } from './support/admin-workflow';
import { expectNoAxeViolations } from './support/axe';
import { serviceClient, uniqueToken } from './support/backend-fixtures';
import { inbox } from './support/captured-mail';
import { chooseTime, sendEnquiry } from './support/consultation';
import { expect, test } from './support/mfa-fixtures';

/** A London date as the days-off form takes it: day first. */
const dayFirst = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date(iso));

async function staffId(email: string): Promise<string> {
  const { data } = await serviceClient().auth.admin.listUsers({ perPage: 1000 });
  const user = data.users.find((account) => account.email === email);
  if (!user) throw new Error(`no account for ${email}`);
  return user.id;
}

/** A prospect books the consultation of an enquiry that `hostId` is assigned to. */
async function bookedWith(page: Page, hostId: string) {
  const email = `${uniqueToken('stranded')}@example.com`;
  await sendEnquiry(page, email);
  const offer = page.getByRole('region', { name: 'Book your free 30-minute consultation' });
  await expect(offer.getByRole('radiogroup', { name: 'Choose a day' })).toBeVisible({
    timeout: 10_000,
  });
  // The assignee hosts the booking: other tests' staff, on the same backend, never take it.
  const id = await enquiryId(email);
  const { error } = await serviceClient()
    .from('contact_submissions')
    .update({ assigned_to: hostId })
    .eq('id', id);
  if (error) throw new Error(`assigning the enquiry failed: ${error.message}`);
  await chooseTime(page, -1);
  await offer.getByRole('button', { name: 'Confirm booking' }).click();
  await expect(offer.getByRole('heading', { name: 'Your consultation is booked' })).toBeVisible();
  const { data } = await serviceClient()
    .from('consultation_bookings')
    .select('starts_at, staff_id')
    .eq('submission_id', id)
    .single();
  expect(data?.staff_id).toBe(hostId);
  return { email, startsAt: data!.starts_at as string };
}

for (const width of [375, 1366]) {
  test(`at ${width} px: a day off over a booking warns, lists it, and cancelling mails the prospect`, async ({
    page,
    backend,
  }) => {
    test.slow();
    await page.setViewportSize({ width, height: width === 375 ? 740 : 900 });
    const staff = await backend.createAdminWithTotp();
    const hostId = await staffId(staff.email);
    await signInToDashboard(page, staff);
    const booking = await bookedWith(page, hostId);
    backend.trackEnquiryEmail(booking.email);

    await page.goto('/admin/availability');
    const form = page.getByRole('form', { name: 'Add days off' });
    await form.getByLabel('First day off').fill(dayFirst(booking.startsAt));
    await form.getByRole('button', { name: 'Add days off' }).click();

    const warning = form.getByRole('region', {
      name: 'Saving these days off leaves one booked consultation outside them',
    });
    await expect(warning).toBeVisible();
    await expect(warning.getByRole('heading')).toBeFocused();
    const affected = warning.getByRole('list', { name: 'Consultations outside your availability' });
    await expect(affected.getByRole('listitem')).toHaveCount(1);
    await expect(affected).toContainText('Ada Prospect');
    await expect(warning.getByRole('button', { name: 'Add days off anyway' })).toBeVisible();
    await expect(warning.getByRole('button', { name: 'Keep editing' })).toBeVisible();
    await expectNoAxeViolations(page, `the availability warning at ${width} px`);
    await page.screenshot({ path: test.info().outputPath(`availability-warning-${width}.png`) });

    // Nothing was saved yet: the day is not off until Add days off anyway.
    const { data: before } = await serviceClient()
      .from('staff_time_off')
      .select('starts_on')
      .eq('staff_id', hostId);
    expect(before).toEqual([]);

    await affected.getByRole('button', { name: /^Cancel consultation with Ada Prospect/ }).click();
    await page.getByRole('button', { name: 'Yes, cancel it' }).click();
    const cleared = form.getByRole('region', {
      name: 'Nothing is booked outside these days off any more',
    });
    await expect(cleared).toBeVisible();
    await expect(
      cleared.getByText(/consultation cancelled\. The prospect is e-mailed/),
    ).toBeVisible();
    await expect
      .poll(async () => (await inbox(booking.email)).some((mail) => /cancel/i.test(mail.subject)), {
        timeout: 15_000,
      })
      .toBe(true);

    await cleared.getByRole('button', { name: 'Save', exact: true }).click();
    await expect
      .poll(async () => {
        const { data } = await serviceClient()
          .from('staff_time_off')
          .select('starts_on')
          .eq('staff_id', hostId);
        return data?.length ?? 0;
      })
      .toBe(1);
  });
}
