// The host's own calendar invitation: every booking, move and cancellation, whoever makes it, and
// the release of a hold nobody confirmed, queues one mail to the host with the UID and SEQUENCE of
// the prospect's invitation, so the host's calendar has the meeting within a minute instead of at
// the feed's next read. It is staff mail: the prospect's mail budget neither counts nor holds it.

import { randomBytes } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAdmin } from './support/admin.ts';
import { anonClient, startTestBackend } from './support/backend.ts';
import type { CreatedUser, TestBackend } from './support/backend.ts';
import { callConsultation as consultationCall } from './support/consultation.ts';
import { mailTo } from './support/mail.ts';

const SITE = 'https://site.kestrel.test';
const ADA = 'ada@kestrel.test';
const GRACE = 'grace@kestrel.test';

let backend: TestBackend;
let anon: SupabaseClient;
let admin: SupabaseClient;
let ada: CreatedUser;
let grace: CreatedUser;
let counter = 0;

const callConsultation = (body: Record<string, unknown>) => consultationCall(backend, body);

async function enquire(): Promise<{ id: string; token: string; email: string }> {
  counter += 1;
  const key = randomBytes(32).toString('base64url');
  const email = `host-invite-${counter}@example.com`;
  const { error } = await anon.from('contact_submissions').insert({
    Name: `Prospect ${counter}`,
    Email: email,
    Company: 'Invite Ltd',
    Interest: 'analytics',
    Timeline: 'immediate',
    Message: 'A message the host invitation must not carry.',
    booking_key: key,
  });
  expect(error).toBeNull();
  const claimed = await callConsultation({ action: 'claim', key });
  expect(claimed.error).toBeNull();
  const [row] = await backend.sql<{ id: string }>(
    `select id::text as id from public.contact_submissions where "Email" = $1`,
    [email],
  );
  return { id: row!.id, token: claimed.data as string, email };
}

async function freeTimes(token: string): Promise<string[]> {
  const { data, error } = await callConsultation({ action: 'slots', token });
  expect(error).toBeNull();
  return (data as { slots: string[] }).slots;
}

async function book(token: string, startsAt: string) {
  const booked = await callConsultation({
    action: 'book',
    token,
    starts_at: startsAt,
    time_zone: 'Europe/Paris',
  });
  expect(booked.error).toBeNull();
  return booked.data as { booking: { id: string; sequence: number }; manage_token: string };
}

interface HostJob {
  recipient: string;
  status: string;
  method: string;
  change: string;
  sequence: number;
  uid: string;
  previous_starts_at: string | null;
}

/** The host invitations of one booking, in the order queued. */
const hostJobs = (bookingId: string) =>
  backend.sql<HostJob>(
    `select recipient, status, payload ->> 'method' as method, payload ->> 'change' as change,
            (payload -> 'booking' ->> 'sequence')::int as sequence,
            payload -> 'booking' ->> 'uid' as uid,
            payload -> 'previous' ->> 'starts_at' as previous_starts_at
       from private.enquiry_mail_jobs
      where kind = 'consultation_host_invite' and payload -> 'booking' ->> 'id' = $1
      order by created_at, payload ->> 'method' desc`,
    [bookingId],
  );

/** The prospect's mail of one kind for a booking: its UID and SEQUENCE, and its status. */
async function prospectJob(bookingId: string, kind: string) {
  const [job] = await backend.sql<{ uid: string; sequence: number; status: string }>(
    `select payload -> 'booking' ->> 'uid' as uid,
            (payload -> 'booking' ->> 'sequence')::int as sequence, status
       from private.enquiry_mail_jobs
      where kind = $2 and payload -> 'booking' ->> 'id' = $1
      order by created_at desc limit 1`,
    [bookingId, kind],
  );
  return job;
}

const runSender = () =>
  fetch(`${backend.url}/functions/v1/send-enquiry-mail`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${backend.serviceRoleKey}`, apikey: backend.anonKey },
  });

beforeAll(async () => {
  backend = await startTestBackend({ siteUrl: SITE });
  anon = anonClient(backend);
  const created = await createAdmin(backend, ADA);
  admin = created.client;
  ada = created.user;
  grace = (await createAdmin(backend, GRACE)).user;
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
  await backend.sql(`delete from private.consultation_changes`);
  await backend.sql(`delete from private.enquiry_mail_jobs`);
  await backend.sql(`delete from private.staff_busy_times`);
  // Ada alone takes consultations, unless a test says otherwise
  await backend.sql(`update public.staff_availability set accepts_bookings = (staff_id = $1)`, [
    ada.id,
  ]);
  await backend.sql(
    `update private.consultation_settings
        set changes_per_enquiry_per_hour = 50, changes_per_client_per_hour = 500,
            changes_per_prefix_per_hour = 500, staff_changes_per_hour = 20,
            unconfirmed_hold_hours = 24, unconfirmed_holds_per_host = 4`,
  );
  await backend.sql(
    `update private.enquiry_limits set mails_per_mailbox_per_day = 20, booking_mails_per_hour = 60`,
  );
});

describe("the host's calendar invitation", () => {
  it('the prospect books, moves and cancels: one host job each, as REQUEST, REQUEST, CANCEL', async () => {
    const enquiry = await enquire();
    const times = await freeTimes(enquiry.token);
    const booked = await book(enquiry.token, times[0]!);
    const id = booked.booking.id;
    expect(await hostJobs(id)).toEqual([
      expect.objectContaining({
        recipient: ADA,
        status: 'pending',
        method: 'REQUEST',
        change: 'booked',
        sequence: 0,
      }),
    ]);

    const moved = await callConsultation({
      action: 'reschedule',
      token: booked.manage_token,
      starts_at: times[2],
      time_zone: 'Europe/Paris',
    });
    expect(moved.error).toBeNull();
    const cancelled = await callConsultation({ action: 'cancel', token: moved.data.manage_token });
    expect(cancelled.error).toBeNull();

    const jobs = await hostJobs(id);
    expect(jobs.map(({ method, change, sequence }) => [method, change, sequence])).toEqual([
      ['REQUEST', 'booked', 0],
      ['REQUEST', 'moved', 1],
      ['CANCEL', 'cancelled', 2],
    ]);
    expect(jobs.every((job) => job.recipient === ADA)).toBe(true);
    // the move names the time it had
    expect(Date.parse(jobs[1]!.previous_starts_at!)).toBe(Date.parse(times[0]!));
    // one event: the prospect's invitations carry the same UID and SEQUENCE
    for (const [kind, job] of [
      ['consultation_booked', jobs[0]!],
      ['consultation_moved', jobs[1]!],
      ['consultation_cancelled', jobs[2]!],
    ] as const) {
      const prospect = await prospectJob(id, kind);
      expect({ uid: job.uid, sequence: job.sequence }).toEqual({
        uid: prospect!.uid,
        sequence: prospect!.sequence,
      });
    }
  });

  it('staff move and cancel from the record: one host job each', async () => {
    const enquiry = await enquire();
    const times = await freeTimes(enquiry.token);
    const booked = await book(enquiry.token, times[0]!);
    const id = booked.booking.id;

    const moved = await admin.rpc('staff_move_consultation', {
      p_booking_id: id,
      p_starts_at: times[3]!,
    });
    expect(moved.error).toBeNull();
    const cancelled = await admin.rpc('staff_cancel_consultation', { p_booking_id: id });
    expect(cancelled.error).toBeNull();

    expect(
      (await hostJobs(id)).map(({ recipient, method, change, sequence }) => [
        recipient,
        method,
        change,
        sequence,
      ]),
    ).toEqual([
      [ADA, 'REQUEST', 'booked', 0],
      [ADA, 'REQUEST', 'moved', 1],
      [ADA, 'CANCEL', 'cancelled', 2],
    ]);
    expect((await prospectJob(id, 'consultation_cancelled'))!.sequence).toBe(2);
  });

  it("the prospect's mail budget spent: their mail is parked, the host's still goes", async () => {
    const enquiry = await enquire();
    const times = await freeTimes(enquiry.token);
    const booked = await book(enquiry.token, times[0]!);
    // the acknowledgement and the booked mail were the mailbox's day
    await backend.sql(`update private.enquiry_limits set mails_per_mailbox_per_day = 2`);

    const moved = await admin.rpc('staff_move_consultation', {
      p_booking_id: booked.booking.id,
      p_starts_at: times[2]!,
    });
    expect(moved.error).toBeNull();
    expect((moved.data as { mail_held?: string }).mail_held).toMatch(/Held for review/);
    const cancelled = await admin.rpc('staff_cancel_consultation', {
      p_booking_id: booked.booking.id,
    });
    expect(cancelled.error).toBeNull();

    expect((await prospectJob(booked.booking.id, 'consultation_moved'))!.status).toBe('failed');
    expect((await prospectJob(booked.booking.id, 'consultation_cancelled'))!.status).toBe('failed');
    expect(
      (await hostJobs(booked.booking.id)).map(({ status, change }) => [status, change]),
    ).toEqual([
      ['pending', 'booked'],
      ['pending', 'moved'],
      ['pending', 'cancelled'],
    ]);
    // nor do they count against the site's hourly booking mails: one prospect mail left
    await backend.sql(
      `update private.enquiry_limits set mails_per_mailbox_per_day = 20, booking_mails_per_hour = 2`,
    );
    const [budget] = await backend.sql<{ over: string | null }>(
      `select private.prospect_mail_over_budget($1, true) as over`,
      [enquiry.email],
    );
    expect(budget!.over).toBeNull();
  });

  it('a hold nobody confirmed is released: the host gets a cancel, the prospect nothing', async () => {
    const enquiry = await enquire();
    const times = await freeTimes(enquiry.token);
    const booked = await book(enquiry.token, times[0]!);
    // held, and in the host's calendar from the start
    expect((await hostJobs(booked.booking.id))[0]).toMatchObject({ method: 'REQUEST' });

    const [released] = await backend.sql<{ n: number }>(
      `select private.release_unconfirmed_consultations(now() + interval '25 hours') as n`,
    );
    expect(released!.n).toBe(1);
    expect(
      (await hostJobs(booked.booking.id)).map(({ method, change, sequence }) => [
        method,
        change,
        sequence,
      ]),
    ).toEqual([
      ['REQUEST', 'booked', 0],
      ['CANCEL', 'released', 1],
    ]);
    expect(await prospectJob(booked.booking.id, 'consultation_cancelled')).toBeUndefined();
  });

  it('moved to a time another host takes: a cancel to the old host, a booking to the new', async () => {
    await backend.sql(`update public.staff_availability set accepts_bookings = true`);
    const enquiry = await enquire();
    const times = await freeTimes(enquiry.token);
    const booked = await book(enquiry.token, times[0]!);
    const [first] = await backend.sql<{ staff_id: string }>(
      `select staff_id::text from public.consultation_bookings where id = $1`,
      [booked.booking.id],
    );
    const [oldHost, newHost] = first!.staff_id === ada.id ? [ADA, GRACE] : [GRACE, ADA];
    // the first host is busy at the new time; the other is free
    await backend.sql(
      `insert into private.staff_busy_times (staff_id, starts_at, ends_at)
       values ($1, $2::timestamptz - interval '1 hour', $2::timestamptz + interval '1 hour')`,
      [first!.staff_id, times.at(-1)],
    );
    const moved = await callConsultation({
      action: 'reschedule',
      token: booked.manage_token,
      starts_at: times.at(-1),
      time_zone: 'Europe/Paris',
    });
    expect(moved.error).toBeNull();

    const jobs = await hostJobs(booked.booking.id);
    expect(
      jobs.map(({ recipient, method, change, sequence }) => [recipient, method, change, sequence]),
    ).toEqual([
      [oldHost, 'REQUEST', 'booked', 0],
      [newHost, 'REQUEST', 'booked', 1],
      [oldHost, 'CANCEL', 'handed_over', 1],
    ]);
  });

  it('the sender mails the host an invite.ics that is the same event as the prospect’s', async () => {
    const enquiry = await enquire();
    const times = await freeTimes(enquiry.token);
    const booked = await book(enquiry.token, times[0]!);
    expect((await runSender()).status).toBe(200);

    const [hostMail] = await mailTo(backend, ADA);
    expect(hostMail?.subject).toMatch(
      /^Consultation booked: Prospect \d+, \w{3} \d{1,2} \w{3} \d{2}:\d{2}$/,
    );
    expect(hostMail?.text).toContain(
      `Open the enquiry: ${SITE}/admin/needs-reply?enquiry=${enquiry.id}`,
    );
    expect(hostMail?.text).not.toContain('A message the host invitation must not carry');
    const invite = hostMail?.attachments.find((file) => file.filename === 'invite.ics');
    expect(invite?.content_type).toBe('text/calendar; method=REQUEST; charset=UTF-8');
    const hostIcs = invite!.text!.replace(/\r\n /g, '');
    expect(hostIcs).toContain('METHOD:REQUEST');
    expect(hostIcs).toContain(`UID:${booked.booking.id}@consultations.kestrel-data`);
    expect(hostIcs).toContain('SEQUENCE:0');
    expect(hostIcs).toMatch(
      /ATTENDEE;CN="Ada Lovelace";[^\r\n]*PARTSTAT=ACCEPTED[^\r\n]*:mailto:ada@kestrel\.test/,
    );
    expect(hostIcs).toContain(`:mailto:${enquiry.email}`);

    const [prospectMail] = await mailTo(backend, enquiry.email).then((mail) =>
      mail.filter((one) => one.subject.startsWith('Consultation booked')),
    );
    const prospectIcs = prospectMail!.attachments[0]!.text!.replace(/\r\n /g, '');
    const uidAndSequence = (ics: string) => ics.match(/^(UID|SEQUENCE):.*$/gm);
    expect(uidAndSequence(hostIcs)).toEqual(uidAndSequence(prospectIcs));

    // sent: the job keeps the booking's id only, not the prospect's details
    const [sent] = await backend.sql<{ status: string; payload: unknown }>(
      `select status, payload from private.enquiry_mail_jobs where kind = 'consultation_host_invite'`,
    );
    expect(sent).toEqual({ status: 'sent', payload: { booking_id: booked.booking.id } });
  });

  it("an erased prospect takes the host's invitations with them", async () => {
    const enquiry = await enquire();
    const times = await freeTimes(enquiry.token);
    await book(enquiry.token, times[0]!);
    const erased = await admin.rpc('erase_subject_data', { _email: enquiry.email });
    expect(erased.error).toBeNull();
    const [left] = await backend.sql<{ n: number }>(
      `select count(*)::int as n from private.enquiry_mail_jobs where kind = 'consultation_host_invite'`,
    );
    expect(left!.n).toBe(0);
  });
});
