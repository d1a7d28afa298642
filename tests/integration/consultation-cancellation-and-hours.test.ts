// What a cancelled consultation leaves behind, and which bookings a change of availability would
// strand: a cancellation puts the enquiry back on the reply clock unless a reply or contact
// answered it, its mail offers another time, and consultations_outside_hours() names the booked
// consultations that new weekly hours, days off or hours on a date leave outside them.

import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { anonClient, startTestBackend } from './support/backend.ts';
import type { CreatedUser, TestBackend } from './support/backend.ts';
import { createAdmin } from './support/admin.ts';
import { callConsultation } from './support/consultation.ts';
import {
  ensureBookingSettings,
  saveBookingSettings,
} from '@/features/admin/availability/booking-rules';
import type { AppSupabaseClient } from '@/lib/supabase';

let backend: TestBackend;
let anon: SupabaseClient;
let admin: SupabaseClient;
let ada: CreatedUser;
let grace: CreatedUser;
let counter = 0;

type Booked = { booking: { id: string; starts_at: string }; manage_token: string };

/** A call of the consultation Edge Function that must succeed; its JSON. */
async function consultation(body: Record<string, unknown>) {
  const answer = await callConsultation(backend, body);
  expect(answer.error, JSON.stringify(answer.error)).toBeNull();
  return answer.data;
}

/** An enquiry sent with a booking key and booked at its first free time. */
async function bookedEnquiry(): Promise<{ id: string; bookToken: string; booked: Booked }> {
  counter += 1;
  const key = randomBytes(32).toString('base64url');
  const email = `cancel-${counter}@example.com`;
  const { error } = await anon.from('contact_submissions').insert({
    Name: `Prospect ${counter}`,
    Email: email,
    Company: 'Cancelling Ltd',
    Interest: 'analytics',
    Timeline: 'immediate',
    Message: 'We would like a consultation.',
    booking_key: key,
  });
  expect(error).toBeNull();
  const bookToken = (await consultation({ action: 'claim', key })) as string;
  const offer = (await consultation({ action: 'slots', token: bookToken })) as { slots: string[] };
  const booked = (await consultation({
    action: 'book',
    token: bookToken,
    starts_at: offer.slots[2],
    time_zone: 'America/New_York',
  })) as Booked;
  const [row] = await backend.sql<{ id: string }>(
    `select id::text as id from public.contact_submissions where "Email" = $1`,
    [email],
  );
  return { id: row!.id, bookToken, booked };
}

async function clockOf(id: string) {
  const [row] = await backend.sql<{ answered: boolean; contacted: boolean }>(
    `select first_response_at is not null as answered, last_contacted_at is not null as contacted
       from public.contact_submissions where id = $1`,
    [id],
  );
  return row!;
}

async function needsReply(id: string): Promise<boolean> {
  const { data, error } = await admin.rpc('enquiries_needing_reply');
  expect(error).toBeNull();
  return (data as { id: string }[]).some((row) => row.id === id);
}

beforeAll(async () => {
  backend = await startTestBackend();
  anon = anonClient(backend);
  const created = await createAdmin(backend, 'ada@kestrel.test');
  admin = created.client;
  ada = created.user;
  grace = (await createAdmin(backend, 'grace@kestrel.test')).user;
  // Grace takes no bookings: every booking below is Ada's.
  await backend.sql(
    `update public.staff_availability set accepts_bookings = false where staff_id = $1`,
    [grace.id],
  );
}, 120_000);

afterAll(async () => {
  await backend?.stop();
});

describe('a cancelled consultation and the reply clock', () => {
  it('the prospect cancelling the only answer puts the enquiry back in Needs a reply', async () => {
    const { id, booked } = await bookedEnquiry();
    expect(await clockOf(id)).toMatchObject({ answered: true, contacted: false });
    expect(await needsReply(id)).toBe(false);

    await consultation({ action: 'cancel', token: booked.manage_token });
    expect(await clockOf(id)).toMatchObject({ answered: false, contacted: false });
    expect(await needsReply(id)).toBe(true);
  });

  it('staff cancelling it does the same, and a call nobody answered does not count', async () => {
    const { id, booked } = await bookedEnquiry();
    const call = await admin.rpc('record_enquiry_contact', {
      _submission_id: id,
      _channel: 'phone',
      _outcome: 'no_answer',
    });
    expect(call.error).toBeNull();
    const cancelled = await admin.rpc('staff_cancel_consultation', {
      p_booking_id: booked.booking.id,
    });
    expect(cancelled.error).toBeNull();
    expect(await clockOf(id)).toMatchObject({ answered: false });
    expect(await needsReply(id)).toBe(true);
  });

  it('a reply sent before the cancellation keeps the enquiry answered', async () => {
    const { id, booked } = await bookedEnquiry();
    const reply = await admin.rpc('send_enquiry_reply', {
      _submission_id: id,
      _body: 'Looking forward to our call.',
    });
    expect(reply.error).toBeNull();
    await admin.rpc('staff_cancel_consultation', { p_booking_id: booked.booking.id });
    expect(await clockOf(id)).toMatchObject({ answered: true, contacted: true });
    expect(await needsReply(id)).toBe(false);
  });

  it('a call that reached the prospect keeps it answered too', async () => {
    const { id, booked } = await bookedEnquiry();
    await admin.rpc('record_enquiry_contact', {
      _submission_id: id,
      _channel: 'phone',
      _outcome: 'reached',
    });
    await consultation({ action: 'cancel', token: booked.manage_token });
    expect(await clockOf(id)).toMatchObject({ answered: true, contacted: true });
  });

  it('booking again answers it again', async () => {
    const { id, bookToken, booked } = await bookedEnquiry();
    await consultation({ action: 'cancel', token: booked.manage_token });
    const offer = (await consultation({ action: 'slots', token: bookToken })) as {
      slots: string[];
    };
    await consultation({
      action: 'book',
      token: bookToken,
      starts_at: offer.slots[4],
      time_zone: 'Europe/London',
    });
    expect(await clockOf(id)).toMatchObject({ answered: true, contacted: false });
  });

  it('the cancellation mail carries the book token, and none once the enquiry is closed', async () => {
    const open = await bookedEnquiry();
    await consultation({ action: 'cancel', token: open.booked.manage_token });
    const closed = await bookedEnquiry();
    await backend.sql(`update public.contact_submissions set status = 'lost' where id = $1`, [
      closed.id,
    ]);
    await admin.rpc('staff_cancel_consultation', { p_booking_id: closed.booked.booking.id });
    const jobs = await backend.sql<{ submission_id: string; payload: Record<string, unknown> }>(
      `select submission_id::text, payload from private.enquiry_mail_jobs
        where kind = 'consultation_cancelled' and submission_id in ($1, $2)`,
      [open.id, closed.id],
    );
    const payloadOf = (id: string) => jobs.find((job) => job.submission_id === id)?.payload;
    expect(payloadOf(open.id)).toMatchObject({ book_token: open.bookToken });
    expect(payloadOf(open.id)).not.toHaveProperty('manage_token');
    expect(payloadOf(closed.id)).toBeDefined();
    expect(payloadOf(closed.id)).not.toHaveProperty('book_token');
  });
});

describe('consultations_outside_hours', () => {
  // Ada keeps the default week, Monday to Friday 09:00 to 17:00 London. Her bookings are on the
  // Monday two weeks ahead (10:00 and 16:00 London) and, a past one, a week ago.
  let monday: string;
  let morning: string;
  let afternoon: string;

  const hoursOn = (weekdays: number[], starts = '09:00', ends = '17:00') =>
    weekdays.map((weekday) => ({ weekday, starts_at: starts, ends_at: ends }));

  async function outside(args: Record<string, unknown>) {
    const { data, error } = await admin.rpc('consultations_outside_hours', args);
    expect(error).toBeNull();
    return (data as { id: string; reason: string }[]).map((row) => `${row.id}:${row.reason}`);
  }

  async function insertBooking(staffId: string, startsAt: string, status = 'booked') {
    counter += 1;
    const [enquiry] = await backend.sql<{ id: string }>(
      `insert into public.contact_submissions ("Name", "Email", "Company", "Interest", "Timeline", "Message")
       values ($1, $2, 'Hours Ltd', 'analytics', 'immediate', 'A consultation, please.')
       returning id::text as id`,
      [`Hours ${counter}`, `hours-${counter}@example.com`],
    );
    const [booking] = await backend.sql<{ id: string }>(
      `insert into public.consultation_bookings
         (submission_id, staff_id, starts_at, ends_at, blocked_until, status, cancelled_at, cancelled_by)
       values ($1, $2, $3::timestamptz, $3::timestamptz + interval '30 minutes',
               $3::timestamptz + interval '45 minutes', $4,
               case when $4 = 'cancelled' then now() end, case when $4 = 'cancelled' then 'staff' end)
       returning id::text as id`,
      [enquiry!.id, staffId, startsAt, status],
    );
    return booking!.id;
  }

  beforeEach(async () => {
    await backend.sql(`delete from public.consultation_bookings`);
    await backend.sql(`delete from public.staff_time_off`);
    await backend.sql(`delete from public.staff_date_hours`);
    const [days] = await backend.sql<{
      monday: string;
      morning: string;
      afternoon: string;
      past: string;
    }>(
      `with day as (select (date_trunc('week', now() at time zone 'Europe/London') + interval '14 days') as monday)
       select to_char(monday, 'YYYY-MM-DD') as monday,
              ((monday + time '10:00') at time zone 'Europe/London')::text as morning,
              ((monday + time '16:00') at time zone 'Europe/London')::text as afternoon,
              ((monday - interval '21 days' + time '10:00') at time zone 'Europe/London')::text as past
         from day`,
    );
    monday = days!.monday;
    morning = await insertBooking(ada.id, days!.morning);
    afternoon = await insertBooking(ada.id, days!.afternoon);
    await insertBooking(ada.id, days!.past);
    await insertBooking(ada.id, days!.morning.replace(/\d\d:00:00/, '12:00:00'), 'cancelled');
    await insertBooking(grace.id, days!.morning);
  });

  it('the saved hours strand nothing', async () => {
    expect(await outside({})).toEqual([]);
  });

  it('a week without Monday strands both Monday bookings; shorter hours strand one', async () => {
    expect(await outside({ p_weekly_hours: hoursOn([2, 3, 4, 5]) })).toEqual([
      `${morning}:outside_hours`,
      `${afternoon}:outside_hours`,
    ]);
    expect(await outside({ p_weekly_hours: hoursOn([1, 2, 3, 4, 5], '09:00', '16:15') })).toEqual([
      `${afternoon}:outside_hours`,
    ]);
    expect(await outside({ p_weekly_hours: hoursOn([1], '10:00', '16:30') })).toEqual([]);
  });

  it('a day off over the Monday strands both as day_off; one another day strands none', async () => {
    expect(await outside({ p_time_off: [{ starts_on: monday, ends_on: monday }] })).toEqual([
      `${morning}:day_off`,
      `${afternoon}:day_off`,
    ]);
    expect(
      await outside({ p_time_off: [{ starts_on: '2099-01-01', ends_on: '2099-01-02' }] }),
    ).toEqual([]);
  });

  it("a date's own hours replace the week's on that date", async () => {
    expect(
      await outside({ p_date_hours: [{ on_date: monday, starts_at: '15:00', ends_at: '17:00' }] }),
    ).toEqual([`${morning}:outside_hours`]);
  });

  it('counts the days off already saved, and a zone other than London', async () => {
    await admin
      .from('staff_time_off')
      .insert({ staff_id: ada.id, starts_on: monday, ends_on: monday });
    expect(await outside({})).toEqual([`${morning}:day_off`, `${afternoon}:day_off`]);
    await backend.sql(`delete from public.staff_time_off`);
    await backend.sql(
      `update public.staff_availability set time_zone = 'America/New_York' where staff_id = $1`,
      [ada.id],
    );
    try {
      // 10:00 London is 05:00 in New York, before 09:00 there; 16:00 London is 11:00.
      expect(await outside({})).toEqual([`${morning}:outside_hours`]);
    } finally {
      await backend.sql(
        `update public.staff_availability set time_zone = 'Europe/London' where staff_id = $1`,
        [ada.id],
      );
    }
  });

  it('refuses what is not an array, and anyone but staff', async () => {
    const bad = await admin.rpc('consultations_outside_hours', {
      p_time_off: { starts_on: monday },
    });
    expect(bad.error).toMatchObject({ code: '22023', hint: 'availability_change_invalid' });
    const visitor = await anon.rpc('consultations_outside_hours', {});
    expect(visitor.error).not.toBeNull();
  });
});

describe("a staff member's booking settings, saved by the availability page's own code", () => {
  it('makes the row once, then saves a change over it: upserts on the staff id', async () => {
    const lin = await createAdmin(backend, 'lin@kestrel.test');
    const client = lin.client as AppSupabaseClient;
    const row = () =>
      backend.sql<{ buffer_minutes: number }>(
        `select buffer_minutes from public.staff_availability where staff_id = $1`,
        [lin.user.id],
      );
    await backend.sql(`delete from public.staff_availability where staff_id = $1`, [lin.user.id]);

    await ensureBookingSettings(client, lin.user.id);
    expect(await row()).toHaveLength(1);
    const saved = await saveBookingSettings(client, lin.user.id, { buffer_minutes: 25 });
    expect(saved.buffer_minutes).toBe(25);
    // Made already: ensuring it again leaves the saved change as it is.
    await ensureBookingSettings(client, lin.user.id);
    expect(await row()).toEqual([{ buffer_minutes: 25 }]);
    // Only staff: a visitor's upsert is refused by the database, and changes nothing.
    await expect(
      saveBookingSettings(anon as AppSupabaseClient, lin.user.id, { buffer_minutes: 40 }),
    ).rejects.toThrow();
    expect(await row()).toEqual([{ buffer_minutes: 25 }]);
  });
});
