// Booking under real concurrency: many requests at once through the consultation Edge Function,
// the way a double-clicking visitor, a replayed link or a script sends them. The embedded backend
// runs a real PostgreSQL with a pool of connections, so these transactions truly overlap; the
// rules hold because the database serialises what must not interleave (the exclusion constraint,
// a row lock on the booking being changed, advisory locks around the hourly counts). Reading the
// free times and claiming a book token are limited per client too, counted the same way.

import { randomBytes } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin } from './support/admin.ts';
import { anonClient, startTestBackend } from './support/backend.ts';
import type { TestBackend } from './support/backend.ts';
import {
  callConsultation as consultationCall,
  type ConsultationAnswer,
} from './support/consultation.ts';

let backend: TestBackend;
let anon: SupabaseClient;
let counter = 0;

const callConsultation = (body: Record<string, unknown>) => consultationCall(backend, body);

/** A call from `client`: the gateway appends 127.0.0.1, so the client is two hops from the right. */
const callFrom = (client: string, body: Record<string, unknown>) =>
  consultationCall(backend, body, { forwardedFor: client });

/** Sends an enquiry as the form does, with a booking key; returns the key. */
async function enquireOnly(): Promise<string> {
  counter += 1;
  const key = randomBytes(32).toString('base64url');
  const { error } = await anon.from('contact_submissions').insert({
    Name: `Prospect ${counter}`,
    Email: `race-${counter}@example.com`,
    Company: 'Race Ltd',
    Interest: 'analytics',
    Timeline: 'immediate',
    Message: 'We would like a consultation.',
    booking_key: key,
  });
  expect(error).toBeNull();
  return key;
}

/** Sends an enquiry as the form does and claims its book token. */
async function enquire(): Promise<string> {
  const key = await enquireOnly();
  const claimed = await callConsultation({ action: 'claim', key });
  expect(claimed.error).toBeNull();
  return claimed.data as string;
}

async function freeTimes(token: string): Promise<string[]> {
  const { data, error } = await callConsultation({ action: 'slots', token });
  expect(error).toBeNull();
  return (data as { slots: string[] }).slots;
}

const book = (token: string, startsAt: string) =>
  callConsultation({ action: 'book', token, starts_at: startsAt, time_zone: 'Europe/London' });

/** How many requests ended each way: 'done' or the refusal's hint. */
function outcomes(answers: ConsultationAnswer[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const answer of answers) {
    const key = answer.error ? answer.error.hint : 'done';
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

async function setLimits(perEnquiry: number, perClient: number): Promise<void> {
  await backend.sql(
    `update private.consultation_settings
        set changes_per_enquiry_per_hour = $1, changes_per_client_per_hour = $2,
            unconfirmed_holds_per_host = 1000`,
    [perEnquiry, perClient],
  );
  await backend.sql(`delete from private.consultation_changes`);
}

beforeAll(async () => {
  backend = await startTestBackend();
  anon = anonClient(backend);
  await createAdmin(backend, 'ada@kestrel.test');
}, 120_000);

afterAll(async () => {
  await backend?.stop();
});

describe('booking under concurrency', () => {
  it('20 visitors booking one time at once: one booking, 19 told it was just taken', async () => {
    await setLimits(100, 1000);
    const tokens: string[] = [];
    for (let n = 0; n < 20; n += 1) tokens.push(await enquire());
    const [wanted] = await freeTimes(tokens[0]!);
    const answers = await Promise.all(tokens.map((token) => book(token, wanted!)));
    expect(outcomes(answers)).toEqual({ done: 1, consultation_slot_taken: 19 });
    const booked = await backend.sql<{ n: number }>(
      `select count(*)::int as n from public.consultation_bookings
        where status = 'booked' and starts_at = $1::timestamptz`,
      [wanted],
    );
    expect(booked[0]!.n).toBe(1);
  });

  it('8 moves at once with one manage link: it moves once, the rest see the link replaced', async () => {
    await setLimits(100, 1000);
    const token = await enquire();
    const [first, ...others] = await freeTimes(token);
    const placed = await book(token, first!);
    expect(placed.error).toBeNull();
    const manage = (placed.data as { manage_token: string }).manage_token;
    const targets = others.slice(4, 12);
    const answers = await Promise.all(
      targets.map((startsAt) =>
        callConsultation({
          action: 'reschedule',
          token: manage,
          starts_at: startsAt,
          time_zone: 'Europe/London',
        }),
      ),
    );
    expect(outcomes(answers)).toEqual({ done: 1, consultation_token_replaced: 7 });
    const id = (placed.data as { booking: { id: string } }).booking.id;
    const [row] = await backend.sql<{ sequence: number; moves: number; mails: number }>(
      `select booking.sequence,
              (select count(*)::int from private.consultation_changes as change
                where change.booking_id = booking.id and change.change = 'moved') as moves,
              (select count(*)::int from private.enquiry_mail_jobs as mail
                where mail.kind = 'consultation_moved'
                  and mail.payload #>> '{booking,id}' = booking.id::text) as mails
         from public.consultation_bookings as booking where booking.id = $1`,
      [id],
    );
    expect(row).toEqual({ sequence: 1, moves: 1, mails: 1 });
  });

  it('25 bookings at once from one address against a limit of 10 an hour: exactly 10 go through', async () => {
    await setLimits(100, 10);
    const tokens: string[] = [];
    for (let n = 0; n < 25; n += 1) tokens.push(await enquire());
    const times = await freeTimes(tokens[0]!);
    // A different time each, so only the hourly limit can refuse them.
    const answers = await Promise.all(tokens.map((token, n) => book(token, times[n * 2]!)));
    expect(outcomes(answers)).toEqual({ done: 10, consultation_rate_limit: 15 });
    const changes = await backend.sql<{ n: number }>(
      `select count(*)::int as n from private.consultation_changes where change = 'booked'`,
    );
    expect(changes[0]!.n).toBe(10);
  });
});

/** Reads the free times and claims tokens per client: the limits, then the defaults again. */
async function setReadLimits(slotReads: number, claims: number): Promise<void> {
  await backend.sql(
    `update private.consultation_settings
        set slot_reads_per_client_per_hour = $1, claims_per_client_per_hour = $2`,
    [slotReads, claims],
  );
  await backend.sql(`delete from private.consultation_reads`);
}

describe('reading the free times and claiming a token, per client', () => {
  beforeAll(async () => {
    // the client is the entry left of the gateway's, as behind a proxy that appends it: the
    // function path's own count, which setup:hosted measures on a deployed project
    await backend.sql(`update private.enquiry_limits set function_proxy_hops = 2`);
  });

  afterAll(async () => {
    await backend.sql(`update private.enquiry_limits set function_proxy_hops = 1`);
    await setReadLimits(10_000, 10_000);
  });

  it('slot reads past the hourly limit from one client are refused; another client still reads', async () => {
    const token = await enquire();
    await setReadLimits(3, 100);
    const read = (client: string) => callFrom(client, { action: 'slots', token });
    const first = [];
    for (let n = 0; n < 3; n += 1) first.push(await read('198.51.100.7'));
    expect(first.map((answer) => answer.status)).toEqual([200, 200, 200]);
    const refused = await read('198.51.100.7');
    expect(refused.status).toBe(400);
    expect(refused.error).toMatchObject({
      code: 'P0001',
      hint: 'consultation_read_limit',
      message:
        'Too many requests from your network in the last hour. Please try again later, or reply to our e-mail.',
    });
    const other = await read('198.51.100.8');
    expect(other.status).toBe(200);
    expect((other.data as { slots: string[] }).slots.length).toBeGreaterThan(0);
  });

  it('an IPv6 client is counted by its /64, whichever address of it reads', async () => {
    const token = await enquire();
    await setReadLimits(2, 100);
    const read = (client: string) => callFrom(client, { action: 'slots', token });
    expect((await read('2001:db8:5:6::1')).status).toBe(200);
    expect((await read('2001:db8:5:6:aaaa::2')).status).toBe(200);
    expect((await read('2001:db8:5:6::3')).error?.hint).toBe('consultation_read_limit');
    expect((await read('2001:db8:5:7::1')).status).toBe(200);
  });

  it('claims past the hourly limit from one client are refused; another client still claims', async () => {
    const keys: string[] = [];
    for (let n = 0; n < 3; n += 1) keys.push(await enquireOnly());
    await setReadLimits(100, 2);
    const claim = (client: string, key: string) => callFrom(client, { action: 'claim', key });
    expect((await claim('203.0.113.40', keys[0]!)).status).toBe(200);
    expect((await claim('203.0.113.40', keys[1]!)).status).toBe(200);
    const refused = await claim('203.0.113.40', keys[2]!);
    expect(refused.status).toBe(400);
    expect(refused.error?.hint).toBe('consultation_read_limit');
    const other = await claim('203.0.113.41', keys[2]!);
    expect(other.status).toBe(200);
    expect(other.data).toMatch(/^b\./);
  });

  it('40 slot reads at once from one client against a limit of 25: 25 answered, 15 refused, none failed', async () => {
    const token = await enquire();
    await setReadLimits(25, 100);
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => callFrom('198.51.100.9', { action: 'slots', token })),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status !== 200 && status !== 400)).toEqual([]);
    expect(outcomes(answers)).toEqual({ done: 25, consultation_read_limit: 15 });
  });

  it('40 slot reads at once from 40 clients at the default limits: every one answered', async () => {
    const token = await enquire();
    await backend.sql(
      `update private.consultation_settings
          set slot_reads_per_client_per_hour = default, claims_per_client_per_hour = default`,
    );
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, n) =>
        callFrom(`192.0.2.${n + 1}`, { action: 'slots', token }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(40).fill(200));
  });
});

describe('the free times without JIT', () => {
  it('the slot functions turn JIT off for themselves, whatever the server default', async () => {
    const rows = await backend.sql<{ name: string; config: string[] | null }>(
      `select p.oid::regprocedure::text as name, p.proconfig as config
         from pg_catalog.pg_proc as p
        where p.pronamespace = 'private'::regnamespace
          and p.proname in ('staff_free_slots', 'enquiry_free_slots', 'nearest_free_slots',
                            'consultation_slots')
        order by 1`,
    );
    expect(rows.map((row) => row.name)).toHaveLength(4);
    for (const row of rows) expect(row.config, row.name).toContain('jit=off');
  });
});
