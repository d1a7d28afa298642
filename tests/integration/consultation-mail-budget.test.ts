// What strangers can make the booking flow mail, and to whom. Anyone may send an enquiry in any
// address's name, and every booking, move and cancellation mails that address an invitation: a
// mailbox (however its address is spelt) gets a few such mails a day, the site a bounded number
// an hour, and booking changes from one IPv6 /48 are bounded as enquiries are. Staff changes are
// made whatever the budget, their mail parked for review past it.

import { randomBytes } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAdmin } from './support/admin.ts';
import { anonClient, serviceClient, startTestBackend } from './support/backend.ts';
import type { TestBackend } from './support/backend.ts';
import { callConsultation as consultationCall } from './support/consultation.ts';

let backend: TestBackend;
let anon: SupabaseClient;
let service: SupabaseClient;
let admin: SupabaseClient;
let counter = 0;

const callConsultation = (body: Record<string, unknown>) => consultationCall(backend, body);

/** Sends an enquiry from `email` as the form does, and claims its book token. */
async function enquire(email: string): Promise<{ id: string; token: string }> {
  counter += 1;
  const key = randomBytes(32).toString('base64url');
  const { error } = await anon.from('contact_submissions').insert({
    Name: `Prospect ${counter}`,
    Email: email,
    Company: 'Budget Ltd',
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
const cancel = (token: string) => callConsultation({ action: 'cancel', token });

/** The prospect mail queued to addresses ending in `domain`, by kind and status. */
async function mailTo(domain: string) {
  return backend.sql<{ kind: string; status: string; recipient: string; reason: string | null }>(
    `select kind, status, recipient, coalesce(skip_reason, last_error) as reason
       from private.enquiry_mail_jobs
      where lower(recipient) like '%' || $1 order by created_at, kind`,
    [domain],
  );
}

const unsent = (job: { status: string }) => job.status === 'skipped' || job.status === 'failed';

beforeAll(async () => {
  backend = await startTestBackend();
  anon = anonClient(backend);
  service = serviceClient(backend);
  admin = (await createAdmin(backend, 'ada@kestrel.test')).client;
}, 120_000);

afterAll(async () => {
  await backend?.stop();
});

beforeEach(async () => {
  await backend.sql(`delete from public.consultation_bookings`);
  await backend.sql(`delete from private.consultation_changes`);
  await backend.sql(`delete from private.enquiry_mail_jobs`);
  await backend.sql(
    `update private.consultation_settings
        set changes_per_enquiry_per_hour = 50, changes_per_client_per_hour = 500,
            changes_per_prefix_per_hour = 500, staff_changes_per_hour = 20`,
  );
  await backend.sql(
    `update private.enquiry_limits
        set mails_per_mailbox_per_day = 6, booking_mails_per_hour = 60, acknowledgements_per_hour = 30`,
  );
});

describe('the mail budget of one mailbox', () => {
  it('three enquiries to one victim and a book/cancel loop: six mails, then the loop is refused', async () => {
    // one mailbox, spelt three ways
    const spellings = ['Victim+one@Example.org', 'victim+two@example.org', 'VICTIM@example.org'];
    const enquiries = [];
    for (const email of spellings) enquiries.push(await enquire(email));
    const token = enquiries[0]!.token;
    const times = await freeTimes(token);

    const outcomes: string[] = [];
    for (let round = 0; round < 4; round += 1) {
      const booked = await book(token, times[round]!);
      outcomes.push(booked.error?.hint ?? 'booked');
      if (booked.error) break;
      const cancelled = await cancel(booked.data.manage_token);
      outcomes.push(cancelled.error?.hint ?? 'cancelled');
      if (cancelled.error) break;
    }
    // three acknowledgements, then book, cancel, book: the cancel that would be the seventh mail
    // is refused, and the booking it would have cancelled stands.
    expect(outcomes).toEqual(['booked', 'cancelled', 'booked', 'consultation_mail_limit']);
    const booked = await backend.sql<{ n: number }>(
      `select count(*)::int as n from public.consultation_bookings where status = 'booked'`,
    );
    expect(booked[0]!.n).toBe(1);

    const mail = await mailTo('@example.org');
    expect(mail.filter((job) => !unsent(job))).toHaveLength(6);
    expect(mail.map((job) => job.kind).sort()).toEqual(
      [
        'acknowledgement',
        'acknowledgement',
        'acknowledgement',
        'consultation_booked',
        'consultation_booked',
        'consultation_cancelled',
      ].sort(),
    );

    // another enquiry to the same mailbox cannot book either, and says what to do
    const other = await book(enquiries[1]!.token, times[5]!);
    expect(other.status).toBe(400);
    expect(other.error).toMatchObject({
      hint: 'consultation_mail_limit',
      message: expect.stringContaining('reply to our e-mail'),
    });
    // a different mailbox is untouched
    const stranger = await enquire('someone.else@example.net');
    expect((await book(stranger.token, times[6]!)).error).toBeNull();
  });

  it('Gmail dots and googlemail.com count as the one mailbox they reach', async () => {
    await backend.sql(`update private.enquiry_limits set mails_per_mailbox_per_day = 2`);
    await enquire('jo.bloggs@gmail.com');
    await enquire('JoBloggs+work@googlemail.com');
    await enquire('j.o.bloggs@gmail.com');
    const mail = await mailTo('mail.com');
    expect(mail.map((job) => `${job.status}:${job.reason ?? ''}`)).toEqual([
      'pending:',
      'pending:',
      'skipped:mailbox_daily_budget',
    ]);
    // the staff still hear of every enquiry
    const alerts = await backend.sql<{ n: number }>(
      `select count(*)::int as n from private.enquiry_mail_jobs where kind in ('staff_alert', 'staff_digest')`,
    );
    expect(alerts[0]!.n).toBeGreaterThanOrEqual(1);
  });

  it('the site-wide hourly budget refuses a booking from anyone once it is spent', async () => {
    await backend.sql(`update private.enquiry_limits set booking_mails_per_hour = 2`);
    const outcomes: string[] = [];
    for (let n = 0; n < 3; n += 1) {
      const enquiry = await enquire(`site-${n}@example.com`);
      const times = await freeTimes(enquiry.token);
      const result = await book(enquiry.token, times[n * 2]!);
      outcomes.push(result.error?.hint ?? 'booked');
      if (result.error) expect(result.error.message).toContain('try again in an hour');
    }
    expect(outcomes).toEqual(['booked', 'booked', 'consultation_mail_limit']);
  });

  it('twenty parallel bookings to one mailbox: never more mail than the budget', async () => {
    await backend.sql(`update private.enquiry_limits set mails_per_mailbox_per_day = 4`);
    // three enquiries (the form's own limit per mailbox), three acknowledgements
    const tokens: string[] = [];
    for (const tag of ['a', 'b', 'c'])
      tokens.push((await enquire(`race+${tag}@example.edu`)).token);
    const times = await freeTimes(tokens[0]!);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, n) => book(tokens[n % 3]!, times[n]!)),
    );
    const done = answers.filter((answer) => answer.error === null);
    expect(done).toHaveLength(1);
    const mail = await mailTo('@example.edu');
    expect(mail.filter((job) => !unsent(job))).toHaveLength(4);
  });
});

describe('booking changes from one network', () => {
  const bookFrom = async (forwardedFor: string, email: string, index: number) => {
    const enquiry = await enquire(email);
    const times = await freeTimes(enquiry.token);
    const { error } = await service.rpc('book_consultation', {
      p_token: enquiry.token,
      p_starts_at: times[index * 2],
      p_time_zone: 'Europe/London',
      p_forwarded_for: forwardedFor,
    });
    return error?.hint ?? 'booked';
  };

  it('a flood from one IPv6 /48 is bounded, whichever /64 each request comes from', async () => {
    await backend.sql(
      `update private.consultation_settings set changes_per_client_per_hour = 2, changes_per_prefix_per_hour = 3`,
    );
    const outcomes = [];
    for (let n = 1; n <= 4; n += 1) {
      outcomes.push(await bookFrom(`2001:db8:77:${n}::1`, `prefix-${n}@example.com`, n));
    }
    expect(outcomes).toEqual(['booked', 'booked', 'booked', 'consultation_rate_limit']);
    // another /48 still books
    expect(await bookFrom('2001:db8:78:1::1', 'prefix-other@example.com', 5)).toBe('booked');
  });
});

describe('staff changes', () => {
  async function bookedConsultation(email: string) {
    const enquiry = await enquire(email);
    const times = await freeTimes(enquiry.token);
    const booked = await book(enquiry.token, times[0]!);
    expect(booked.error).toBeNull();
    return { id: booked.data.booking.id as string, times };
  }

  it('past the hourly cap a staff move is made and its mail parked for review', async () => {
    await backend.sql(`update private.consultation_settings set staff_changes_per_hour = 1`);
    const booking = await bookedConsultation('moved@example.info');
    const first = await admin.rpc('staff_move_consultation', {
      p_booking_id: booking.id,
      p_starts_at: booking.times.at(-1),
    });
    expect(first.error).toBeNull();
    expect(first.data.mail_held).toBeUndefined();
    const second = await admin.rpc('staff_move_consultation', {
      p_booking_id: booking.id,
      p_starts_at: booking.times.at(-2),
    });
    expect(second.error).toBeNull();
    expect(second.data.booking).toMatchObject({ sequence: 2, starts_at: booking.times.at(-2) });
    expect(second.data.mail_held).toMatch(/^Held for review: more than 1 booking changes/);
    const moves = (await mailTo('@example.info')).filter(
      (job) => job.kind === 'consultation_moved',
    );
    expect(moves.map((job) => job.status)).toEqual(['pending', 'failed']);
    // parked where staff see failed mail, and may send it on purpose
    const failed = await admin.rpc('list_failed_enquiry_mail');
    expect(failed.data?.map((job: { kind: string }) => job.kind)).toContain('consultation_moved');
  });

  it('a staff cancellation past the mailbox budget is made, its mail parked', async () => {
    await backend.sql(`update private.enquiry_limits set mails_per_mailbox_per_day = 2`);
    const booking = await bookedConsultation('full@example.info');
    const cancelled = await admin.rpc('staff_cancel_consultation', { p_booking_id: booking.id });
    expect(cancelled.error).toBeNull();
    expect(cancelled.data.booking).toMatchObject({ status: 'cancelled' });
    expect(cancelled.data.mail_held).toMatch(/this address has had 2 e-mails/);
    const jobs = await mailTo('@example.info');
    expect(jobs.find((job) => job.kind === 'consultation_cancelled')?.status).toBe('failed');
  });
});
