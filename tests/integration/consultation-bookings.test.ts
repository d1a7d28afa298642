// Consultation bookings in the database: slots from the staff rules across the clock changes,
// notice and buffers, the exclusion constraint, the signed tokens, round robin, busy times, the
// reply clock, the mails queued, and subject rights. Through the real supabase-js client.

import { createHmac, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { anonClient, serviceClient, startTestBackend } from './support/backend.ts';
import type { CreatedUser, TestBackend } from './support/backend.ts';
import { createAdmin } from './support/admin.ts';
import { callConsultation as consultationCall } from './support/consultation.ts';

let backend: TestBackend;
let anon: SupabaseClient;
let admin: SupabaseClient;
let ada: CreatedUser;
let grace: CreatedUser;
let counter = 0;

type BookResult = {
  booking: { id: string; status: string; starts_at: string; sequence: number; staff_name: string };
  manage_token: string;
};
type Slots = { slots: string[]; booking: { id: string } | null; meeting_minutes: number };

const bookingKey = () => randomBytes(32).toString('base64url');

/** A call of the consultation Edge Function, as the booking page makes it (the anon key). */
const callConsultation = (body: Record<string, unknown>, forwardedFor?: string) =>
  consultationCall(backend, body, { forwardedFor });

const claim = (key: string) => callConsultation({ action: 'claim', key });
const slotsCall = (token: string) => callConsultation({ action: 'slots', token });
const reschedule = (token: string, startsAt: string, zone = 'Europe/London') =>
  callConsultation({ action: 'reschedule', token, starts_at: startsAt, time_zone: zone });
const cancel = (token: string) => callConsultation({ action: 'cancel', token });

/** Sends an enquiry as the form does, with a booking key, and claims its book token. */
async function enquire(options: { email?: string } = {}): Promise<{ id: string; token: string }> {
  counter += 1;
  const key = bookingKey();
  const email = options.email ?? `prospect-${counter}@example.com`;
  const { error } = await anon.from('contact_submissions').insert({
    Name: `Prospect ${counter}`,
    Email: email,
    Company: 'Booking Ltd',
    Interest: 'analytics',
    Timeline: 'immediate',
    Message: 'We would like a consultation.',
    booking_key: key,
  });
  expect(error).toBeNull();
  const { data: token, error: claimError } = await claim(key);
  expect(claimError).toBeNull();
  const [row] = await backend.sql<{ id: string }>(
    `select id::text as id from public.contact_submissions where "Email" = $1`,
    [email],
  );
  return { id: row!.id, token: token as string };
}

async function slotsFor(token: string): Promise<Slots> {
  const { data, error } = await slotsCall(token);
  expect(error).toBeNull();
  return data as Slots;
}

function book(token: string, startsAt: string, zone = 'Europe/Paris') {
  return callConsultation({ action: 'book', token, starts_at: startsAt, time_zone: zone });
}

/** The free starts of one staff member in [from, until), as if it were `now`. */
async function freeSlots(staffId: string, from: string, until: string, now: string) {
  const rows = await backend.sql<{ starts_at: string }>(
    `select to_char(starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI"Z"') as starts_at
       from private.staff_free_slots($1, $2::timestamptz, $3::timestamptz, null, $4::timestamptz)`,
    [staffId, from, until, now],
  );
  return rows.map((row) => row.starts_at);
}

const onDay = (slots: string[], day: string) => slots.filter((slot) => slot.startsWith(day));

beforeAll(async () => {
  backend = await startTestBackend();
  anon = anonClient(backend);
  const created = await createAdmin(backend, 'ada@kestrel.test');
  admin = created.client;
  ada = created.user;
  grace = (await createAdmin(backend, 'grace@kestrel.test')).user;
  await backend.sql(
    `insert into public.staff_profiles (user_id, display_name) values ($1, 'Ada Lovelace'), ($2, 'Grace Hopper')`,
    [ada.id, grace.id],
  );
}, 120_000);

afterAll(async () => {
  await backend?.stop();
});

beforeEach(async () => {
  await backend.sql(`delete from public.consultation_bookings`);
  await backend.sql(`delete from private.staff_busy_times`);
  await backend.sql(
    `update public.staff_availability set accepts_bookings = true, buffer_minutes = 15,
            min_notice_minutes = 120, horizon_days = 14, time_zone = 'Europe/London'`,
  );
  await backend.sql(
    `update private.consultation_settings set changes_per_enquiry_per_hour = 10, changes_per_client_per_hour = 20`,
  );
});

describe('staff availability', () => {
  it('a new admin takes consultations Monday to Friday, 09:00 to 17:00 London', async () => {
    const hours = await backend.sql<{ weekday: number; starts_at: string; ends_at: string }>(
      `select weekday, starts_at::text, ends_at::text from public.staff_weekly_hours
        where staff_id = $1 order by weekday`,
      [ada.id],
    );
    expect(hours).toEqual(
      [1, 2, 3, 4, 5].map((weekday) => ({ weekday, starts_at: '09:00:00', ends_at: '17:00:00' })),
    );
  });

  it('refuses overlapping hours on one day, an unknown zone and a non-admin', async () => {
    const overlap = await admin
      .from('staff_weekly_hours')
      .insert({ staff_id: ada.id, weekday: 1, starts_at: '16:00', ends_at: '18:00' });
    expect(overlap.error?.hint).toBe('staff_hours_overlap');
    const zone = await admin
      .from('staff_availability')
      .update({ time_zone: 'Mars/Olympus_Mons' })
      .eq('staff_id', ada.id);
    expect(zone.error?.hint).toBe('staff_availability_time_zone_invalid');
    const reversed = await admin
      .from('staff_weekly_hours')
      .insert({ staff_id: ada.id, weekday: 6, starts_at: '12:00', ends_at: '11:00' });
    expect(reversed.error?.code).toBe('23514');
    const visitor = await anon.from('staff_weekly_hours').select('id');
    expect(visitor.data ?? []).toEqual([]);
  });
});

describe('free slots', () => {
  // Hours are London's wall clock: 09:00 is 09:00 UTC in winter and 08:00 UTC in summer, on
  // either side of the last Sunday of October (2026-10-25) and of March (2027-03-28).
  it('follow London across the October clock change', async () => {
    const slots = await freeSlots(
      ada.id,
      '2026-10-22T00:00Z',
      '2026-10-28T00:00Z',
      '2026-10-21T12:00Z',
    );
    expect(onDay(slots, '2026-10-23')[0]).toBe('2026-10-23T08:00Z');
    expect(onDay(slots, '2026-10-23').at(-1)).toBe('2026-10-23T15:30Z');
    expect(onDay(slots, '2026-10-24')).toEqual([]);
    expect(onDay(slots, '2026-10-25')).toEqual([]);
    expect(onDay(slots, '2026-10-26')[0]).toBe('2026-10-26T09:00Z');
    expect(onDay(slots, '2026-10-26').at(-1)).toBe('2026-10-26T16:30Z');
    expect(onDay(slots, '2026-10-26')).toHaveLength(16);
  });

  it('follow London across the March clock change', async () => {
    const slots = await freeSlots(
      ada.id,
      '2027-03-25T00:00Z',
      '2027-03-31T00:00Z',
      '2027-03-20T12:00Z',
    );
    expect(onDay(slots, '2027-03-26')[0]).toBe('2027-03-26T09:00Z');
    expect(onDay(slots, '2027-03-29')[0]).toBe('2027-03-29T08:00Z');
    expect(onDay(slots, '2027-03-29').at(-1)).toBe('2027-03-29T15:30Z');
  });

  it('a staff member in another zone is offered in theirs', async () => {
    await backend.sql(
      `update public.staff_availability set time_zone = 'America/New_York' where staff_id = $1`,
      [ada.id],
    );
    const slots = await freeSlots(
      ada.id,
      '2027-03-08T00:00Z',
      '2027-03-09T00:00Z',
      '2027-03-01T12:00Z',
    );
    // New York moved to summer time on 2027-03-14: 09:00 EST is 14:00 UTC on the 8th.
    expect(slots[0]).toBe('2027-03-08T14:00Z');
  });

  it('keep the minimum notice and the horizon', async () => {
    // Monday 2027-01-11 at 10:05 London (GMT), two hours' notice: the first is 12:30.
    const slots = await freeSlots(
      ada.id,
      '2027-01-11T00:00Z',
      '2027-03-01T00:00Z',
      '2027-01-11T10:05Z',
    );
    expect(slots[0]).toBe('2027-01-11T12:30Z');
    await backend.sql(`update public.staff_availability set horizon_days = 3 where staff_id = $1`, [
      ada.id,
    ]);
    const near = await freeSlots(
      ada.id,
      '2027-01-11T00:00Z',
      '2027-03-01T00:00Z',
      '2027-01-11T10:05Z',
    );
    expect(near.at(-1)! < '2027-01-14T10:05Z').toBe(true);
  });

  it("days off and a date's own hours replace the week's", async () => {
    await backend.sql(
      `insert into public.staff_time_off (staff_id, starts_on, ends_on) values ($1, '2027-01-12', '2027-01-13')`,
      [ada.id],
    );
    await backend.sql(
      `insert into public.staff_date_hours (staff_id, on_date, starts_at, ends_at)
       values ($1, '2027-01-14', '13:00', '14:00'), ($1, '2027-01-16', '10:00', '11:00')`,
      [ada.id],
    );
    try {
      const slots = await freeSlots(
        ada.id,
        '2027-01-11T00:00Z',
        '2027-01-18T00:00Z',
        '2027-01-04T12:00Z',
      );
      expect(onDay(slots, '2027-01-12')).toEqual([]);
      expect(onDay(slots, '2027-01-13')).toEqual([]);
      expect(onDay(slots, '2027-01-14')).toEqual(['2027-01-14T13:00Z', '2027-01-14T13:30Z']);
      expect(onDay(slots, '2027-01-16')).toEqual(['2027-01-16T10:00Z', '2027-01-16T10:30Z']);
    } finally {
      await backend.sql(`delete from public.staff_time_off; delete from public.staff_date_hours`);
    }
  });

  it('keep the buffer around bookings and busy times', async () => {
    const enquiry = await enquire();
    await backend.sql(
      `insert into public.consultation_bookings (submission_id, staff_id, starts_at, ends_at, blocked_until)
       values ($1, $2, '2027-01-11T10:00Z', '2027-01-11T10:30Z', '2027-01-11T10:45Z')`,
      [enquiry.id, ada.id],
    );
    const serviceRole = serviceClient(backend);
    const recorded = await serviceRole.rpc('record_busy_times', {
      p_staff_id: ada.id,
      p_busy: [{ starts_at: '2027-01-11T14:00Z', ends_at: '2027-01-11T15:00Z' }],
    });
    expect(recorded.error?.message).toBeUndefined();
    const slots = onDay(
      await freeSlots(ada.id, '2027-01-11T00:00Z', '2027-01-12T00:00Z', '2027-01-04T12:00Z'),
      '2027-01-11',
    );
    expect(slots).toContain('2027-01-11T09:00Z');
    expect(slots).not.toContain('2027-01-11T09:30Z');
    expect(slots).not.toContain('2027-01-11T10:00Z');
    expect(slots).not.toContain('2027-01-11T10:30Z');
    expect(slots).toContain('2027-01-11T11:00Z');
    expect(slots).toContain('2027-01-11T13:00Z');
    expect(slots).not.toContain('2027-01-11T13:30Z');
    expect(slots).not.toContain('2027-01-11T15:00Z');
    expect(slots).toContain('2027-01-11T15:30Z');
  });
});

describe('booking with the enquiry token', () => {
  it('books a slot on offer: mail queued, reply clock stopped, timeline entry', async () => {
    const enquiry = await enquire();
    const offer = await slotsFor(enquiry.token);
    expect(offer.meeting_minutes).toBe(30);
    expect(offer.slots.length).toBeGreaterThan(20);
    expect(offer.booking).toBeNull();
    const { data, error } = await book(enquiry.token, offer.slots[0]!);
    expect(error).toBeNull();
    const result = data as BookResult;
    expect(result.booking.status).toBe('booked');
    expect(Date.parse(result.booking.starts_at)).toBe(Date.parse(offer.slots[0]!));
    expect(result.manage_token).toMatch(/^m\./);

    const [clock] = await backend.sql<{ answered: boolean }>(
      `select first_response_at is not null as answered from public.contact_submissions where id = $1`,
      [enquiry.id],
    );
    expect(clock!.answered).toBe(true);
    const jobs = await backend.sql<{
      kind: string;
      recipient: string;
      payload: Record<string, unknown>;
    }>(
      `select kind, recipient, payload from private.enquiry_mail_jobs
        where submission_id = $1 order by created_at`,
      [enquiry.id],
    );
    const booked = jobs.find((job) => job.kind === 'consultation_booked');
    expect(booked?.recipient).toMatch(/^prospect-/);
    expect(booked?.payload).toMatchObject({
      booking: { sequence: 0, status: 'booked', visitor_time_zone: 'Europe/Paris' },
      manage_token: result.manage_token,
    });
    // the host is named; their own login address never reaches a booking mail
    expect(booked?.payload.organizer).toEqual({ name: expect.any(String) });
    expect(JSON.stringify(booked?.payload)).not.toContain('@kestrel.test');
    const acknowledgement = jobs.find((job) => job.kind === 'acknowledgement');
    expect(acknowledgement?.payload.book_token).toBe(enquiry.token);

    const timeline = await admin.rpc('enquiry_timeline', { _submission_id: enquiry.id });
    expect(timeline.data?.map((event: { event: string }) => event.event)).toContain(
      'consultation_booked',
    );

    const again = await slotsFor(enquiry.token);
    expect(again.booking?.id).toBe(result.booking.id);
    const second = await book(enquiry.token, offer.slots[5]!);
    expect(second.error?.hint).toBe('consultation_already_booked');
  });

  it('two visitors choosing one time at once: one booking, one clear refusal with the nearest', async () => {
    await backend.sql(
      `update public.staff_availability set accepts_bookings = false where staff_id = $1`,
      [grace.id],
    );
    const first = await enquire();
    const second = await enquire();
    const wanted = (await slotsFor(first.token)).slots[3]!;
    const [a, b] = await Promise.all([book(first.token, wanted), book(second.token, wanted)]);
    const outcomes = [a, b].map((result) => result.error?.hint ?? 'booked').sort();
    expect(outcomes).toEqual(['booked', 'consultation_slot_taken']);
    const refused = [a, b].find((result) => result.error)!;
    expect(refused.error!.message).toBe(
      'That time was just taken. Here are the nearest free times.',
    );
    const nearest = JSON.parse(refused.error!.details) as string[];
    expect(nearest.length).toBeGreaterThan(0);
    expect(nearest.map(Date.parse)).not.toContain(Date.parse(wanted));
    await backend.sql(`update public.staff_availability set accepts_bookings = true`);
  });

  it('the exclusion constraint refuses an overlap written past the functions', async () => {
    const first = await enquire();
    const second = await enquire();
    await backend.sql(
      `insert into public.consultation_bookings (submission_id, staff_id, starts_at, ends_at, blocked_until)
       values ($1, $2, '2027-02-01T10:00Z', '2027-02-01T10:30Z', '2027-02-01T10:45Z')`,
      [first.id, ada.id],
    );
    await expect(
      backend.sql(
        `insert into public.consultation_bookings (submission_id, staff_id, starts_at, ends_at, blocked_until)
         values ($1, $2, '2027-02-01T10:30Z', '2027-02-01T11:00Z', '2027-02-01T11:15Z')`,
        [second.id, ada.id],
      ),
    ).rejects.toThrow(/consultation_bookings_no_overlap/);
  });

  it('shares bookings out round robin, and keeps an assigned enquiry with its assignee', async () => {
    const first = await enquire();
    const wanted = (await slotsFor(first.token)).slots[0]!;
    const one = (await book(first.token, wanted)).data as BookResult;
    const second = await enquire();
    const two = (await book(second.token, wanted)).data as BookResult;
    expect(new Set([one.booking.staff_name, two.booking.staff_name])).toEqual(
      new Set(['Ada Lovelace', 'Grace Hopper']),
    );
    const third = await enquire();
    await backend.sql(`update public.contact_submissions set assigned_to = $1 where id = $2`, [
      grace.id,
      third.id,
    ]);
    const later = (await slotsFor(third.token)).slots[10]!;
    const three = (await book(third.token, later)).data as BookResult;
    expect(three.booking.staff_name).toBe('Grace Hopper');
    // Grace is taken at the first time: the assigned enquiry is not offered it.
    const fourth = await enquire();
    await backend.sql(`update public.contact_submissions set assigned_to = $1 where id = $2`, [
      grace.id,
      fourth.id,
    ]);
    expect((await slotsFor(fourth.token)).slots.map(Date.parse)).not.toContain(Date.parse(wanted));
  });

  it('held, spam and closed enquiries cannot book', async () => {
    const held = await enquire();
    await backend.sql(`update public.contact_submissions set held_at = now() where id = $1`, [
      held.id,
    ]);
    const heldSlots = await slotsCall(held.token);
    expect(heldSlots.error?.hint).toBe('consultation_not_offered');
    const spam = await enquire();
    await backend.sql(`update public.contact_submissions set status = 'spam' where id = $1`, [
      spam.id,
    ]);
    const spamBook = await book(spam.token, '2027-02-01T10:00Z');
    expect(spamBook.error?.hint).toBe('consultation_not_offered');
  });

  it('refuses a time not on offer, saying so rather than that it was taken, and an unknown zone', async () => {
    const enquiry = await enquire();
    const offered = (await slotsFor(enquiry.token)).slots;
    // Off the grid, and in the small hours: never offered, by anyone.
    const odd = await book(enquiry.token, '2027-02-01T03:17Z');
    expect(odd.error?.hint).toBe('consultation_slot_not_offered');
    expect(odd.error?.message).toBe(
      'That time is not one we offer. Here are the nearest free times.',
    );
    // The nearest free times come with it, as with a time just taken.
    const nearest = JSON.parse(odd.error!.details) as string[];
    expect(nearest.length).toBeGreaterThan(0);
    for (const time of nearest) expect(offered.map(Date.parse)).toContain(Date.parse(time));
    const slot = offered[0]!;
    const zone = await book(enquiry.token, slot, 'Nowhere/Town');
    expect(zone.error?.hint).toBe('consultation_time_zone_invalid');
  });
});

describe('tokens', () => {
  it('a wrong, tampered or other-kind token is refused', async () => {
    const enquiry = await enquire();
    for (const token of [`${enquiry.token.slice(0, -2)}AA`, enquiry.token.replace(/^b\./, 'm.')]) {
      const { error } = await slotsCall(token);
      expect(error?.hint, token).toBe('consultation_token_invalid');
    }
    for (const token of ['', 'nonsense']) {
      const { status, error } = await slotsCall(token);
      expect([status, error?.code], token).toEqual([400, 'invalid_request']);
    }
    const unclaimed = await claim(bookingKey());
    expect(unclaimed.error?.hint).toBe('consultation_token_invalid');
  });

  it('the function refuses what is not a call, and the Data API refuses visitors', async () => {
    const enquiry = await enquire();
    const slot = (await slotsFor(enquiry.token)).slots[0]!;
    for (const body of [
      { action: 'drop' },
      { action: 'book', token: enquiry.token, starts_at: 'soon', time_zone: 'Europe/London' },
      { action: 'book', token: enquiry.token, starts_at: slot, time_zone: 'Europe/London; drop' },
      { action: 'claim', key: 'short' },
    ]) {
      const { status, error } = await callConsultation(body);
      expect([status, error?.code], JSON.stringify(body)).toEqual([400, 'invalid_request']);
    }
    const direct = await anon.rpc('consultation_slots', { p_token: enquiry.token });
    expect(direct.error?.code).toBe('42501');
    const directBook = await anon.rpc('book_consultation', {
      p_token: enquiry.token,
      p_starts_at: slot,
      p_time_zone: 'Europe/London',
    });
    expect(directBook.error?.code).toBe('42501');
  });

  it("a page on another origin may call it: one Access-Control-Allow-Origin, the function's", async () => {
    const response = await fetch(`${backend.url}/functions/v1/consultation`, {
      method: 'POST',
      headers: {
        Origin: 'http://localhost:4173',
        apikey: backend.anonKey,
        Authorization: `Bearer ${backend.anonKey}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ action: 'slots', token: 'nonsense' }),
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('limits changes per client address in an hour, whatever the enquiry or a forged header', async () => {
    await backend.sql(`update private.consultation_settings set changes_per_client_per_hour = 2`);
    const outcomes: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      const enquiry = await enquire();
      const slot = (await slotsFor(enquiry.token)).slots[index * 3]!;
      // the gateway appends the address it saw (here 127.0.0.1): a sent entry is not trusted.
      const result = await callConsultation(
        { action: 'book', token: enquiry.token, starts_at: slot, time_zone: 'Europe/London' },
        `203.0.113.${index}`,
      );
      outcomes.push(result.error?.hint ?? 'booked');
    }
    expect(outcomes).toEqual(['booked', 'booked', 'consultation_rate_limit']);
    const clients = await backend.sql<{ client_address: string }>(
      `select distinct client_address from private.consultation_changes`,
    );
    expect(clients).toEqual([{ client_address: '127.0.0.1' }]);
  });

  it('keys the function path by its own proxy count, which leaves the Data API alone', async () => {
    await backend.sql(`update private.enquiry_limits set function_proxy_hops = 2`);
    try {
      const enquiry = await enquire();
      const slot = (await slotsFor(enquiry.token)).slots[0]!;
      // counted as two proxies, the entry left of the gateway's is the caller
      const result = await callConsultation(
        { action: 'book', token: enquiry.token, starts_at: slot, time_zone: 'Europe/London' },
        '198.51.100.23',
      );
      expect(result.error).toBeNull();
      const clients = await backend.sql<{ client_address: string }>(
        `select client_address from private.consultation_changes where submission_id = $1`,
        [enquiry.id],
      );
      expect(clients).toEqual([{ client_address: '198.51.100.23' }]);
      const [dataApi] = await backend.sql<{ key: string | null }>(
        `select private.client_address_at('198.51.100.23, 127.0.0.1', trusted_proxy_hops) as key
           from private.enquiry_limits`,
      );
      expect(dataApi?.key).toBe('127.0.0.1');
    } finally {
      await backend.sql(`update private.enquiry_limits set function_proxy_hops = 1`);
    }
  });

  it('shows the service role, and no one else, the X-Forwarded-For a function receives', async () => {
    const probe = (key: string) =>
      fetch(`${backend.url}/functions/v1/consultation`, {
        method: 'POST',
        headers: {
          apikey: key,
          Authorization: `Bearer ${key}`,
          'Content-Type': 'application/json',
          'X-Forwarded-For': '203.0.113.77',
        },
        body: JSON.stringify({ action: 'forwarding' }),
      });
    const asked = await probe(backend.serviceRoleKey);
    expect(asked.status).toBe(200);
    expect(await asked.json()).toEqual({ forwarded_for: '203.0.113.77, 127.0.0.1' });
    expect((await probe(backend.anonKey)).status).toBe(401);
  });

  it('signs tokens with HMAC-SHA256 under the project secret, as any HMAC library checks them', async () => {
    const enquiry = await enquire();
    const [signed] = await backend.sql<{ token: string; secret: string }>(
      `select private.sign_consultation_token('b', $1::uuid, 0, now() + interval '1 day') as token,
              encode(token_secret, 'hex') as secret
         from private.consultation_settings`,
      [enquiry.id],
    );
    const cut = signed!.token.lastIndexOf('.');
    const expected = createHmac('sha256', Buffer.from(signed!.secret, 'hex'))
      .update(signed!.token.slice(0, cut))
      .digest('base64url');
    expect(signed!.token.slice(cut + 1)).toBe(expected);
    expect(Buffer.from(signed!.secret, 'hex')).toHaveLength(32);
  });

  it('an expired token is refused, and a stale claim key too', async () => {
    const enquiry = await enquire();
    const [expired] = await backend.sql<{ token: string }>(
      `select private.sign_consultation_token('b', $1::uuid, 0, now() - interval '1 minute') as token`,
      [enquiry.id],
    );
    const { error } = await slotsCall(expired!.token);
    expect(error?.hint).toBe('consultation_token_expired');

    counter += 1;
    const key = bookingKey();
    await anon.from('contact_submissions').insert({
      Name: 'Late Claimer',
      Email: `late-${counter}@example.com`,
      Company: 'Booking Ltd',
      Interest: 'analytics',
      Timeline: 'immediate',
      Message: 'We would like a consultation.',
      booking_key: key,
    });
    await backend.sql(
      `update public.contact_submissions set created_at = now() - interval '2 hours' where "Email" = $1`,
      [`late-${counter}@example.com`],
    );
    const late = await claim(key);
    expect(late.error?.hint).toBe('consultation_token_invalid');
  });

  it('the key is stored only as its hash, and a malformed key is refused', async () => {
    const key = bookingKey();
    counter += 1;
    const email = `hash-${counter}@example.com`;
    await anon.from('contact_submissions').insert({
      Name: 'Hash Check',
      Email: email,
      Company: 'Booking Ltd',
      Interest: 'analytics',
      Timeline: 'immediate',
      Message: 'We would like a consultation.',
      booking_key: key,
    });
    const [row] = await backend.sql<{ booking_key: string }>(
      `select booking_key from public.contact_submissions where "Email" = $1`,
      [email],
    );
    expect(row!.booking_key).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.booking_key).not.toContain(key);
    const bad = await anon.from('contact_submissions').insert({
      Name: 'Bad Key',
      Email: `bad-${counter}@example.com`,
      Company: 'Booking Ltd',
      Interest: 'analytics',
      Timeline: 'immediate',
      Message: 'We would like a consultation.',
      booking_key: 'short',
    });
    expect(bad.error?.hint).toBe('contact_submissions_booking_key_format');
  });

  it('reschedule replaces the old manage token; cancel frees the time; reuse is refused', async () => {
    const enquiry = await enquire();
    const offer = await slotsFor(enquiry.token);
    const booked = (await book(enquiry.token, offer.slots[0]!)).data as BookResult;
    const oldToken = booked.manage_token;

    const managed = await slotsFor(oldToken);
    expect(managed.booking?.id).toBe(booked.booking.id);
    const moved = await reschedule(oldToken, offer.slots[4]!);
    expect(moved.error).toBeNull();
    const movedResult = moved.data as BookResult;
    expect(movedResult.booking.sequence).toBe(1);
    const stale = await cancel(oldToken);
    expect(stale.error?.hint).toBe('consultation_token_replaced');

    const cancelled = await cancel(movedResult.manage_token);
    expect(cancelled.error).toBeNull();
    expect((cancelled.data as BookResult).booking).toMatchObject({
      status: 'cancelled',
      sequence: 2,
    });
    const reused = await cancel(movedResult.manage_token);
    expect(reused.error?.hint).toBe('consultation_cancelled');

    const kinds = await backend.sql<{ kind: string; sequence: number }>(
      `select kind, (payload -> 'booking' ->> 'sequence')::int as sequence
         from private.enquiry_mail_jobs
        where submission_id = $1 and kind like 'consultation_%'
          -- the host's own invitations: consultation-host-invite.test.ts
          and kind <> 'consultation_host_invite'
        order by created_at, (payload -> 'booking' ->> 'sequence')::int`,
      [enquiry.id],
    );
    expect(kinds).toEqual([
      { kind: 'consultation_booked', sequence: 0 },
      { kind: 'consultation_moved', sequence: 1 },
      { kind: 'consultation_cancelled', sequence: 2 },
    ]);
    // the time is free again, and the enquiry may book anew.
    const after = await slotsFor(enquiry.token);
    expect(after.booking).toBeNull();
    expect(after.slots.map(Date.parse)).toContain(Date.parse(offer.slots[4]!));
  });

  it('limits changes per enquiry in an hour', async () => {
    await backend.sql(`update private.consultation_settings set changes_per_enquiry_per_hour = 2`);
    const enquiry = await enquire();
    const offer = await slotsFor(enquiry.token);
    const booked = (await book(enquiry.token, offer.slots[0]!)).data as BookResult;
    const moved = (await reschedule(booked.manage_token, offer.slots[2]!)).data as BookResult;
    const third = await cancel(moved.manage_token);
    expect(third.error?.hint).toBe('consultation_rate_limit');
  });
});

describe('staff', () => {
  it('list upcoming, move with the same host and cancel, mailing the prospect', async () => {
    const enquiry = await enquire();
    const offer = await slotsFor(enquiry.token);
    const booked = (await book(enquiry.token, offer.slots[1]!)).data as BookResult;
    const upcoming = await admin.rpc('upcoming_consultations', { p_limit: 5 });
    expect(upcoming.error).toBeNull();
    expect(upcoming.data?.[0]).toMatchObject({ id: booked.booking.id, submission_id: enquiry.id });

    const choices = await admin.rpc('staff_consultation_slots', {
      p_booking_id: booked.booking.id,
    });
    const target = (choices.data as Slots).slots.at(-1)!;
    const moved = await admin.rpc('staff_move_consultation', {
      p_booking_id: booked.booking.id,
      p_starts_at: target,
    });
    expect(moved.error).toBeNull();
    expect(moved.data.booking).toMatchObject({
      sequence: 1,
      staff_name: booked.booking.staff_name,
    });
    const cancelled = await admin.rpc('staff_cancel_consultation', {
      p_booking_id: booked.booking.id,
    });
    expect(cancelled.data.booking).toMatchObject({ status: 'cancelled', cancelled_by: 'staff' });
    const changes = await backend.sql<{
      change: string;
      changed_by: string;
      actor_email: string | null;
    }>(
      `select change, changed_by, actor_email from private.consultation_changes
        where booking_id = $1 order by created_at, change`,
      [booked.booking.id],
    );
    expect(changes.map((change) => `${change.change}/${change.changed_by}`)).toEqual([
      'booked/visitor',
      'moved/staff',
      'cancelled/staff',
    ]);
    expect(changes[1]!.actor_email).toBe('ada@kestrel.test');
    const visitor = await anon.rpc('upcoming_consultations', { p_limit: 5 });
    expect(visitor.error).not.toBeNull();
  });

  it('reminds a day before, once, through the outbox', async () => {
    const enquiry = await enquire();
    await backend.sql(
      `insert into public.consultation_bookings (submission_id, staff_id, starts_at, ends_at, blocked_until, created_at, updated_at)
       values ($1, $2, now() + interval '20 hours', now() + interval '20 hours 30 minutes',
               now() + interval '20 hours 45 minutes', now() - interval '3 days', now() - interval '3 days')`,
      [enquiry.id, ada.id],
    );
    const [first] = await backend.sql<{ queued: number }>(
      `select private.queue_consultation_reminders() as queued`,
    );
    const [second] = await backend.sql<{ queued: number }>(
      `select private.queue_consultation_reminders() as queued`,
    );
    expect([first!.queued, second!.queued]).toEqual([1, 0]);
  });

  it('the busy calendar address is set by its owner and never read back', async () => {
    const bad = await admin.rpc('set_busy_calendar_url', {
      p_url: 'http://calendar.example/x.ics',
    });
    expect(bad.error?.hint).toBe('busy_calendar_url_invalid');
    const set = await admin.rpc('set_busy_calendar_url', {
      p_url: 'https://calendar.google.com/calendar/ical/secret-part/basic.ics',
    });
    expect(set.error).toBeNull();
    const status = await admin.rpc('busy_calendar_status');
    expect(status.data?.[0]).toMatchObject({ has_url: true, url_hint: 'calendar.google.com/…' });
    expect(JSON.stringify(status.data)).not.toContain('secret-part');
    const direct = await admin.rpc('busy_calendars_to_read');
    expect(direct.error).not.toBeNull();
  });

  it('the bookings feed answers its current token only', async () => {
    const serviceRole = serviceClient(backend);
    const first = (await admin.rpc('rotate_consultation_feed')).data as string;
    const second = (await admin.rpc('rotate_consultation_feed')).data as string;
    expect((await serviceRole.rpc('consultation_feed', { p_token: first })).data).toBeNull();
    const feed = await serviceRole.rpc('consultation_feed', { p_token: second });
    expect(feed.data).toMatchObject({ staff_name: 'Ada Lovelace' });
    await admin.rpc('revoke_consultation_feed');
    expect((await serviceRole.rpc('consultation_feed', { p_token: second })).data).toBeNull();
    const visitor = await anon.rpc('consultation_feed', { p_token: second });
    expect(visitor.error).not.toBeNull();
  });
});

describe('subject rights and retention', () => {
  it("access lists a prospect's consultations; erasure and retention remove them", async () => {
    const email = `rights-${Date.now()}@example.com`;
    const enquiry = await enquire({ email });
    const offer = await slotsFor(enquiry.token);
    await book(enquiry.token, offer.slots[0]!);
    const access = await admin.rpc('subject_access', { _email: email });
    expect(access.data.counts).toMatchObject({ consultation_bookings: 1, consultation_changes: 1 });
    const erased = await admin.rpc('erase_subject_data', { _email: email });
    expect(erased.error).toBeNull();
    expect(erased.data).toMatchObject({ consultation_bookings: 1 });
    const left = await backend.sql(
      `select 1 from public.consultation_bookings where submission_id = $1`,
      [enquiry.id],
    );
    expect(left).toEqual([]);

    const old = await enquire();
    const oldOffer = await slotsFor(old.token);
    await book(old.token, oldOffer.slots[0]!);
    await backend.sql(
      `update public.contact_submissions set created_at = now() - interval '10 years' where id = $1`,
      [old.id],
    );
    await backend.sql(`select private.apply_retention()`);
    const kept = await backend.sql(
      `select 1 from public.consultation_bookings where submission_id = $1`,
      [old.id],
    );
    expect(kept).toEqual([]);
  });
});
