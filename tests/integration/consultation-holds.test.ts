// A booking made by a visitor is held until its address is proven: nothing shows that whoever sent
// an enquiry reads its mail, so fake enquiries could otherwise fill a host's fortnight. The
// invitation carries a one-tap confirm link; a booking still held when its hold ends is released
// without mail, and one host holds only a few unconfirmed bookings at a time.

import { randomBytes } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAdmin } from './support/admin.ts';
import { anonClient, startTestBackend } from './support/backend.ts';
import type { TestBackend } from './support/backend.ts';
import { callConsultation as consultationCall } from './support/consultation.ts';

let backend: TestBackend;
let anon: SupabaseClient;
let admin: SupabaseClient;
let counter = 0;

const callConsultation = (body: Record<string, unknown>) => consultationCall(backend, body);

async function enquire(): Promise<{ id: string; token: string }> {
  counter += 1;
  const key = randomBytes(32).toString('base64url');
  const email = `held-${counter}@example.com`;
  const { error } = await anon.from('contact_submissions').insert({
    Name: `Prospect ${counter}`,
    Email: email,
    Company: 'Hold Ltd',
    Interest: 'analytics',
    Timeline: 'immediate',
    Message: 'We would like a consultation.',
    booking_key: key,
  });
  expect(error).toBeNull();
  const claimed = await callConsultation({ action: 'claim', key });
  expect(claimed.error).toBeNull();
  const [row] = await backend.sql<{ id: string }>(
    `select id::text as id from public.contact_submissions where "Email" = $1`,
    [email],
  );
  return { id: row!.id, token: claimed.data as string };
}

async function freeTimes(token: string): Promise<string[]> {
  const { data, error } = await callConsultation({ action: 'slots', token });
  expect(error).toBeNull();
  return (data as { slots: string[] }).slots;
}

const book = (token: string, startsAt: string) =>
  callConsultation({ action: 'book', token, starts_at: startsAt, time_zone: 'Europe/London' });
const confirm = (token: string) => callConsultation({ action: 'confirm', token });

/** The confirm token the booked mail of this enquiry carries, if any. */
async function mailedConfirmToken(enquiryId: string): Promise<string | undefined> {
  const [job] = await backend.sql<{ token: string | null }>(
    `select payload ->> 'confirm_token' as token from private.enquiry_mail_jobs
      where submission_id = $1 and kind = 'consultation_booked' order by created_at desc limit 1`,
    [enquiryId],
  );
  return job?.token ?? undefined;
}

beforeAll(async () => {
  backend = await startTestBackend();
  anon = anonClient(backend);
  admin = (await createAdmin(backend, 'ada@kestrel.test')).client;
}, 120_000);

afterAll(async () => {
  await backend?.stop();
});

beforeEach(async () => {
  await backend.sql(`delete from public.consultation_bookings`);
  await backend.sql(
    `update private.consultation_settings
        set unconfirmed_hold_hours = 24, unconfirmed_holds_per_host = 4,
            changes_per_enquiry_per_hour = 50, changes_per_client_per_hour = 500`,
  );
});

describe('a booking held until its address is confirmed', () => {
  it('is held a day, the invitation carries a confirm link, and one tap makes it firm', async () => {
    const enquiry = await enquire();
    const times = await freeTimes(enquiry.token);
    const before = Date.now();
    // the last time on offer, days ahead: held a whole day
    const booked = await book(enquiry.token, times.at(-1)!);
    expect(booked.error).toBeNull();
    const held = booked.data.booking;
    expect(held.confirmed_at).toBeNull();
    const holdEnds = Date.parse(held.hold_until);
    expect(holdEnds - before).toBeGreaterThan(23.9 * 3_600_000);
    expect(holdEnds - before).toBeLessThan(24.1 * 3_600_000);

    const token = await mailedConfirmToken(enquiry.id);
    expect(token).toMatch(/^c\./);
    // neither the book link nor the manage link proves the address
    expect((await confirm(enquiry.token)).error?.hint).toBe('consultation_token_invalid');
    expect((await confirm(booked.data.manage_token)).error?.hint).toBe(
      'consultation_token_invalid',
    );

    const confirmed = await confirm(token!);
    expect(confirmed.error).toBeNull();
    expect(confirmed.data.booking).toMatchObject({ id: held.id, hold_until: null });
    expect(Date.parse(confirmed.data.booking.confirmed_at)).toBeGreaterThanOrEqual(before - 1000);
    // again: the same answer, nothing changed
    const again = await confirm(token!);
    expect(again.data.booking.confirmed_at).toBe(confirmed.data.booking.confirmed_at);

    // staff see it confirmed, on the record and among the upcoming
    const upcoming = await admin.rpc('upcoming_consultations', { p_limit: 5 });
    expect(upcoming.data?.[0]).toMatchObject({ id: held.id, hold_until: null });
    expect(upcoming.data?.[0]?.confirmed_at).not.toBeNull();
  });

  it('still held when the hold ends: released without mail, the time free again', async () => {
    const enquiry = await enquire();
    const times = await freeTimes(enquiry.token);
    const booked = await book(enquiry.token, times[0]!);
    const token = await mailedConfirmToken(enquiry.id);
    const [released] = await backend.sql<{ n: number }>(
      `select private.release_unconfirmed_consultations(now() + interval '25 hours') as n`,
    );
    expect(released!.n).toBe(1);

    const [row] = await backend.sql<{ status: string; cancelled_by: string }>(
      `select status, cancelled_by from public.consultation_bookings where id = $1`,
      [booked.data.booking.id],
    );
    expect(row).toEqual({ status: 'cancelled', cancelled_by: 'unconfirmed' });
    const changes = await backend.sql<{ change: string; changed_by: string }>(
      `select change, changed_by from private.consultation_changes where booking_id = $1 order by created_at`,
      [booked.data.booking.id],
    );
    expect(changes).toEqual([
      { change: 'booked', changed_by: 'visitor' },
      { change: 'cancelled', changed_by: 'system' },
    ]);
    const cancellations = await backend.sql<{ n: number }>(
      `select count(*)::int as n from private.enquiry_mail_jobs
        where submission_id = $1 and kind = 'consultation_cancelled'`,
      [enquiry.id],
    );
    expect(cancellations[0]!.n).toBe(0);
    expect(await freeTimes(enquiry.token)).toContain(times[0]);
    // the mailed link no longer holds anything
    expect((await confirm(token!)).error?.hint).toBe('consultation_cancelled');
  });

  it('a booking sooner than a day ahead is held until its start at the latest, also when moved', async () => {
    const enquiry = await enquire();
    const times = await freeTimes(enquiry.token);
    const booked = await book(enquiry.token, times.at(-1)!);
    expect(booked.error).toBeNull();
    // as if it had been booked for a time two hours away
    const [soon] = await backend.sql<{ starts_at: string }>(
      `update public.consultation_bookings
          set starts_at = now() + interval '2 hours', ends_at = now() + interval '150 minutes',
              blocked_until = now() + interval '165 minutes',
              hold_until = least(hold_until, now() + interval '2 hours')
        where id = $1 returning starts_at::text`,
      [booked.data.booking.id],
    );
    expect(soon).toBeDefined();
    const moved = await callConsultation({
      action: 'reschedule',
      token: booked.data.manage_token,
      starts_at: times[0],
      time_zone: 'Europe/London',
    });
    expect(moved.error).toBeNull();
    expect(Date.parse(moved.data.booking.hold_until)).toBeLessThanOrEqual(Date.parse(times[0]!));
    // a confirmed booking, moved, stays confirmed
    expect((await confirm((await mailedConfirmToken(enquiry.id))!)).error).toBeNull();
    const again = await callConsultation({
      action: 'reschedule',
      token: moved.data.manage_token,
      starts_at: times[2],
      time_zone: 'Europe/London',
    });
    expect(again.error).toBeNull();
    expect(again.data.booking.hold_until).toBeNull();
    expect(again.data.booking.confirmed_at).not.toBeNull();
  });

  it('a confirmed booking is never released', async () => {
    const enquiry = await enquire();
    const times = await freeTimes(enquiry.token);
    await book(enquiry.token, times[0]!);
    expect((await confirm((await mailedConfirmToken(enquiry.id))!)).error).toBeNull();
    const [released] = await backend.sql<{ n: number }>(
      `select private.release_unconfirmed_consultations(now() + interval '25 hours') as n`,
    );
    expect(released!.n).toBe(0);
  });

  it('one host holds a few unconfirmed bookings at once; a confirmation makes room', async () => {
    await backend.sql(`update private.consultation_settings set unconfirmed_holds_per_host = 2`);
    const enquiries = [];
    for (let n = 0; n < 3; n += 1) enquiries.push(await enquire());
    const times = await freeTimes(enquiries[0]!.token);
    const outcomes = [];
    for (const [n, enquiry] of enquiries.entries()) {
      outcomes.push((await book(enquiry.token, times[n * 2]!)).error?.hint ?? 'booked');
    }
    expect(outcomes).toEqual(['booked', 'booked', 'consultation_holds_full']);
    const refused = await book(enquiries[2]!.token, times[4]!);
    expect(refused.error?.message).toContain('reply to our e-mail');

    expect((await confirm((await mailedConfirmToken(enquiries[0]!.id))!)).error).toBeNull();
    expect((await book(enquiries[2]!.token, times[4]!)).error).toBeNull();
  });

  it('ten bookings at once against a hold cap of three: exactly three held', async () => {
    await backend.sql(`update private.consultation_settings set unconfirmed_holds_per_host = 3`);
    const enquiries = [];
    for (let n = 0; n < 10; n += 1) enquiries.push(await enquire());
    const times = await freeTimes(enquiries[0]!.token);
    const answers = await Promise.all(
      enquiries.map((enquiry, n) => book(enquiry.token, times[n * 2]!)),
    );
    const hints = answers.map((answer) => answer.error?.hint ?? 'booked');
    expect(hints.filter((hint) => hint === 'booked')).toHaveLength(3);
    expect(hints.filter((hint) => hint === 'consultation_holds_full')).toHaveLength(7);
  });

  it('reminders go to confirmed bookings only', async () => {
    const [held, firm] = [await enquire(), await enquire()];
    const times = await freeTimes(held.token);
    await book(held.token, times[0]!);
    await book(firm.token, times[2]!);
    expect((await confirm((await mailedConfirmToken(firm.id))!)).error).toBeNull();
    // as if it were a day before both, and both were booked long ago
    await backend.sql(
      `update public.consultation_bookings set updated_at = now() - interval '30 days'`,
    );
    await backend.sql(
      `select private.queue_consultation_reminders(
         (select min(starts_at) from public.consultation_bookings) - interval '2 hours')`,
    );
    const reminded = await backend.sql<{ submission_id: string }>(
      `select submission_id::text from private.enquiry_mail_jobs where kind = 'consultation_reminder'`,
    );
    expect(reminded.map((job) => job.submission_id)).toEqual([firm.id]);
  });
});
