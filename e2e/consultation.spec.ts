import type { Page } from '@playwright/test';

import { expectNoAxeViolations } from './support/axe';
import { LOCAL_SUPABASE_URL, serviceClient, uniqueToken } from './support/backend-fixtures';
import { enquiryId, signInToDashboard, toastsGone } from './support/admin-workflow';
import { expect, test } from './support/mfa-fixtures';
import { inbox, type CapturedMail } from './support/captured-mail';
import { chooseTime, sendEnquiry } from './support/consultation';

/** The captured mail to `to` whose invitation carries this SEQUENCE, once it has arrived. */
async function invitation(to: string, sequence: number): Promise<CapturedMail & { ics: string }> {
  let found: (CapturedMail & { ics: string }) | undefined;
  await expect
    .poll(
      async () => {
        for (const mail of await inbox(to)) {
          const ics = mail.attachments.find((file) => file.filename.endsWith('.ics'))?.text;
          if (ics?.includes(`SEQUENCE:${sequence}\r\n`)) found = { ...mail, ics };
        }
        return found !== undefined;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

/**
 * The host's own invitation to the prospect's booking: a mail to someone else whose calendar file
 * is the same event (its UID), once it has arrived. Only the booking is checked here: tests
 * running beside this one add and remove hosts, so a later move may go to a host whose account is
 * gone by the cancellation (the integration tests follow a host's copy through every change).
 */
async function hostInvitation(prospect: string, ics: string) {
  const uid = /UID:([^\r\n]+)/.exec(ics)?.[1];
  if (!uid) throw new Error('the invitation has no UID');
  let found: (CapturedMail & { ics: string }) | undefined;
  await expect
    .poll(
      async () => {
        const response = await fetch(`${LOCAL_SUPABASE_URL}/__local/mail`);
        for (const mail of (await response.json()) as CapturedMail[]) {
          const file = mail.attachments.find((item) => item.filename.endsWith('.ics'))?.text;
          if (
            mail.to !== prospect &&
            file?.includes(`UID:${uid}`) &&
            file.includes('METHOD:REQUEST')
          ) {
            found = { ...mail, ics: file };
          }
        }
        return found !== undefined;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return found!;
}

const manageLink = (mail: CapturedMail) => {
  const link = mail.links.find((candidate) => candidate.includes('/consultation#m.'));
  if (!link) throw new Error(`no manage link in "${mail.subject}"`);
  return new URL(link).hash;
};

/** Full-page screenshots for a look by eye, when STAFF_SCREENSHOTS names a folder. */
async function shoot(page: Page, name: string) {
  if (process.env.STAFF_SCREENSHOTS) {
    await page.screenshot({ path: `${process.env.STAFF_SCREENSHOTS}/${name}.png`, fullPage: true });
  }
}

/** The page fits its width: nothing makes it scroll sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'pixels the page is too wide').toBeLessThanOrEqual(0);
}

/** The starts the function offers for a token (what the page would show). */
async function offered(token: string): Promise<number[]> {
  const { LOCAL_ANON_KEY } = await import('../supabase/local/local-keys');
  const response = await fetch(`${LOCAL_SUPABASE_URL}/functions/v1/consultation`, {
    method: 'POST',
    headers: {
      apikey: LOCAL_ANON_KEY,
      Authorization: `Bearer ${LOCAL_ANON_KEY}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({ action: 'slots', token }),
  });
  const body = (await response.json()) as { slots: string[] };
  return body.slots.map((slot) => Date.parse(slot));
}

for (const width of [375, 1366]) {
  test.describe(`booking the consultation at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 768 ? 740 : 900 } });

    test('book after the enquiry, get the invitation, reschedule, cancel: the time is free again', async ({
      page,
      backend,
    }) => {
      test.slow();
      await backend.createAdmin(); // someone who takes consultations
      const email = `${uniqueToken('book')}@example.com`;
      backend.trackEnquiryEmail(email);
      await sendEnquiry(page, email);

      const offer = page.getByRole('region', { name: 'Book your free 30-minute consultation' });
      await expect(offer).toBeVisible({ timeout: 10_000 });
      await expect(offer.getByRole('radiogroup', { name: 'Choose a day' })).toBeVisible();
      // The thank-you toast (its code loads on demand) comes and goes before the page is judged.
      await expect(page.getByText('Thank you for your inquiry!')).toBeVisible();
      await toastsGone(page);
      await expectNoAxeViolations(page, 'the booking offer');
      await expectNoSidewaysScroll(page);
      await shoot(page, `consultation-offer-${width}`);
      const chosen = await chooseTime(page, 0);
      await offer.getByRole('button', { name: 'Confirm booking' }).click();
      await expect(
        offer.getByRole('heading', { name: 'Your consultation is booked' }),
      ).toBeFocused();

      const booked = await invitation(email, 0);
      expect(booked.ics).toContain('METHOD:REQUEST');
      expect(booked.ics).toContain(`DTSTART:${chosen.replace(/[-:]/g, '').slice(0, 15)}`);
      expect(booked.attachments[0]!.content_type).toMatch(/^text\/calendar/);
      // The host's calendar has it within a minute: their own invitation to the same event.
      const hostBooked = await hostInvitation(email, booked.ics);
      // (a long content line is folded onto the next: unfolded, the prospect is an attendee)
      expect(hostBooked.ics.replace(/\r\n[ \t]/g, '')).toMatch(
        new RegExp(`ATTENDEE[^\r\n]*:mailto:${email.replace(/[.+]/g, '\\$&')}`),
      );

      // The manage link: the site's own page, no account.
      await page.goto(`/consultation${manageLink(booked)}`);
      await expect(page.getByRole('heading', { name: 'Your consultation' })).toBeVisible();
      await expectNoAxeViolations(page, 'the manage page');
      await expectNoSidewaysScroll(page);
      await shoot(page, `consultation-manage-${width}`);
      await page.getByRole('button', { name: 'Reschedule' }).click();
      await expect(page.getByRole('heading', { name: 'Choose a new time' })).toBeVisible();
      const moved = await chooseTime(page, 1);
      expect(moved).not.toBe(chosen);
      await page.getByRole('button', { name: 'Confirm new time' }).click();
      await expect(
        page.getByRole('heading', { name: 'Your consultation has moved' }),
      ).toBeFocused();
      const rescheduled = await invitation(email, 1);
      expect(rescheduled.ics).toContain('METHOD:REQUEST');

      // The first mail's link, opened again (a mail link opens a new tab): replaced.
      const older = await page.context().newPage();
      await older.goto(`/consultation${manageLink(booked)}`);
      await expect(
        older.getByRole('heading', { name: 'This link has been replaced' }),
      ).toBeVisible();
      await older.close();

      await page.goto(`/consultation${manageLink(rescheduled)}`);
      await page.getByRole('button', { name: 'Cancel consultation' }).click();
      await page.getByRole('button', { name: 'Yes, cancel it' }).click();
      await expect(
        page.getByRole('heading', { name: 'Your consultation is cancelled' }),
      ).toBeVisible();
      const cancelled = await invitation(email, 2);
      expect(cancelled.ics).toContain('METHOD:CANCEL');
      expect(cancelled.ics).toContain('STATUS:CANCELLED');

      // Free again: the acknowledgement's link offers the cancelled time to book.
      const acknowledgement = (await inbox(email)).find((mail) =>
        mail.links.some((link) => link.includes('/consultation#b.')),
      );
      const bookToken = new URL(
        acknowledgement!.links.find((link) => link.includes('/consultation#b.'))!,
      ).hash.slice(1);
      expect(await offered(bookToken)).toContain(Date.parse(moved));
    });
  });
}

test.describe('the booking page at every width', () => {
  test('a book link and a manage link fit and pass axe at 768, 1024 and 1440 px', async ({
    page,
    backend,
  }) => {
    // Six full page loads, each checked by axe: about 20 s on a fast machine.
    test.setTimeout(60_000);
    await backend.createAdmin();
    const email = `${uniqueToken('widths')}@example.com`;
    backend.trackEnquiryEmail(email);
    await sendEnquiry(page, email);
    await expect(
      page.getByRole('region', { name: 'Book your free 30-minute consultation' }),
    ).toBeVisible({
      timeout: 10_000,
    });
    const acknowledgement = async () =>
      (await inbox(email)).find((mail) => mail.links.some((link) => link.includes('#b.')));
    await expect
      .poll(async () => (await acknowledgement()) !== undefined, { timeout: 15_000 })
      .toBe(true);
    const bookHash = new URL((await acknowledgement())!.links.find((link) => link.includes('#b.'))!)
      .hash;

    for (const width of [768, 1024, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/consultation${bookHash}`);
      await expect(page.getByRole('radiogroup', { name: 'Choose a day' })).toBeVisible();
      await expectNoAxeViolations(page, `the book link at ${width} px`);
      await expectNoSidewaysScroll(page);
    }
    await chooseTime(page, 0);
    await page.getByRole('button', { name: 'Confirm booking' }).click();
    const booked = await invitation(email, 0);
    // The mail's link, as a visitor opens it: a page of its own.
    const manage = await page.context().newPage();
    for (const width of [768, 1024, 1440]) {
      await manage.setViewportSize({ width, height: 900 });
      await manage.goto(`/consultation${manageLink(booked)}`);
      await expect(manage.getByRole('heading', { name: 'Your consultation' })).toBeVisible();
      await expectNoAxeViolations(manage, `the manage link at ${width} px`);
      await expectNoSidewaysScroll(manage);
    }
  });
});

const confirmLink = (mail: CapturedMail) => {
  const link = mail.links.find((candidate) => candidate.includes('/consultation#c.'));
  if (!link) throw new Error(`no confirm link in "${mail.subject}"`);
  return new URL(link).hash;
};

test.describe('confirming a booking from the invitation', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the booked mail's confirm link confirms it, and the manage link then asks nothing more", async ({
    page,
    backend,
  }) => {
    test.setTimeout(60_000);
    await backend.createAdmin();
    const email = `${uniqueToken('confirm')}@example.com`;
    backend.trackEnquiryEmail(email);
    await sendEnquiry(page, email);

    const offer = page.getByRole('region', { name: 'Book your free 30-minute consultation' });
    await expect(offer.getByRole('radiogroup', { name: 'Choose a day' })).toBeVisible({
      timeout: 10_000,
    });
    await chooseTime(page, 0);
    await offer.getByRole('button', { name: 'Confirm booking' }).click();
    await expect(offer.getByRole('heading', { name: 'Your consultation is booked' })).toBeFocused();
    await expect(offer.getByText(/Please confirm your booking with the link in it/)).toBeVisible();

    const booked = await invitation(email, 0);
    // Held until confirmed: the manage link says so.
    await page.goto(`/consultation${manageLink(booked)}`);
    await expect(page.getByRole('heading', { name: 'Your consultation' })).toBeVisible();
    await expect(page.getByText(/Not confirmed yet/)).toBeVisible();

    // The mail's one-tap link, as a visitor opens it: a page of its own.
    const confirm = await page.context().newPage();
    await confirm.goto(`/consultation${confirmLink(booked)}`);
    await expect(
      confirm.getByRole('heading', { name: 'Your consultation is confirmed' }),
    ).toBeFocused();
    await expect(confirm.getByText(/link to reschedule or cancel/)).toBeVisible();
    await expectNoAxeViolations(confirm, 'the confirmed booking');
    await expectNoSidewaysScroll(confirm);
    await shoot(confirm, 'consultation-confirmed-375');
    await confirm.close();

    // The manage page, still open, read again: the same address reloads it.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Your consultation' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reschedule' })).toBeVisible();
    await expect(page.getByText(/Not confirmed yet/)).toHaveCount(0);
  });
});

test.describe('staff and consultations', () => {
  test('staff set their hours, and see a booking on the record and among the upcoming', async ({
    page,
    backend,
  }) => {
    test.slow();
    const staff = await backend.createAdminWithTotp();
    await signInToDashboard(page, staff);
    await page.goto('/admin/availability');
    await expect(page.getByRole('form', { name: 'Weekly hours' })).toBeVisible();
    await expectNoAxeViolations(page, 'the availability page');
    await shoot(page, 'availability-1280');
    await page.getByRole('button', { name: 'Remove Friday, hours 1' }).click();
    await page.getByRole('button', { name: 'Save weekly hours' }).click();
    const { data: user } = await serviceClient().auth.admin.listUsers({ perPage: 1000 });
    const staffId = user.users.find((account) => account.email === staff.email)!.id;
    await expect
      .poll(async () => {
        const { data } = await serviceClient()
          .from('staff_weekly_hours')
          .select('weekday')
          .eq('staff_id', staffId);
        return (data ?? []).map((row) => row.weekday).sort();
      })
      .toEqual([1, 2, 3, 4]);

    // A prospect books with an enquiry assigned to this staff member.
    const email = `${uniqueToken('staffbook')}@example.com`;
    backend.trackEnquiryEmail(email);
    await sendEnquiry(page, email);
    const offer = page.getByRole('region', { name: 'Book your free 30-minute consultation' });
    // The day's last time: the other booking tests, running alongside on the same backend, take
    // its first two, and a time held by another test's host would be refused as taken.
    await chooseTime(page, -1);
    await offer.getByRole('button', { name: 'Confirm booking' }).click();
    await expect(offer.getByRole('heading', { name: 'Your consultation is booked' })).toBeVisible();

    const id = await enquiryId(email);
    await page.goto(`/admin/needs-reply?enquiry=${id}`);
    const record = page.getByRole('dialog');
    const section = record.getByRole('region', { name: 'Consultation' });
    await expect(section).toBeVisible({ timeout: 15_000 });
    await expect(section.getByRole('button', { name: /Move/ })).toBeVisible();
    // held until the prospect confirms from the invitation, and staff can see so
    await expect(section).toContainText('Not confirmed yet');
    await section.scrollIntoViewIfNeeded();
    await shoot(page, 'record-consultation-1280');
    await page.keyboard.press('Escape');
    await page.goto('/admin');
    const upcoming = page.getByRole('region', { name: 'Upcoming consultations' });
    await expect(upcoming).toBeVisible({ timeout: 15_000 });
    await expect(upcoming).toContainText('Not confirmed yet');
    await upcoming.scrollIntoViewIfNeeded();
    await shoot(page, 'upcoming-consultations-1280');
  });
});
