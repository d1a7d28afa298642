// A staff member's own calendar in, their bookings out: the hourly job reads the calendar an admin
// gave (the sync-busy-calendars function, run in-process by the embedded backend's job runner)
// and the booking stops offering those times; the bookings feed answers a calendar app that
// sends no header, with the current token only. The calendar server calendar.test is a stand-in
// in front of the backend's own connection, which every other host goes through: listeners on
// 127.0.0.1 and ::1 show that no address typed in, nor any redirect, reaches inside.

import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { utcDateTime } from '../../supabase/functions/_shared/ics.ts';
import { anonClient, startTestBackend } from './support/backend.ts';
import type { CreatedUser, TestBackend } from './support/backend.ts';
import { createAdmin } from './support/admin.ts';
import { callConsultation } from './support/consultation.ts';
import { startInsideListener, type InsideListener } from './support/inside-listener.ts';
import {
  publicCalendarFetch,
  systemResolve,
} from '../../supabase/local/functions/public-calendar-fetch.ts';
import type { CalendarFetch } from '../../supabase/functions/sync-busy-calendars/public-fetch.ts';

let backend: TestBackend;
let anon: SupabaseClient;
let admin: SupabaseClient;
let ada: CreatedUser;

const CALENDAR_URL = 'https://calendar.test/ical/ada-private-7f3k/basic.ics';
const realFetch = globalThis.fetch;

/**
 * Names the test's resolver answers (anything else goes to the system's): one inside, one with a
 * public and an inside address. Neither is ever connected to, so the public one is never asked.
 */
const TEST_NAMES: Record<string, string[]> = {
  'inside.calendar.test': ['127.0.0.1', '::1'],
  'split.calendar.test': ['93.184.216.34', '127.0.0.1'],
};
const backendConnection = publicCalendarFetch({
  resolve: (host) => (TEST_NAMES[host] ? Promise.resolve(TEST_NAMES[host]) : systemResolve(host)),
});

let calendarAnswer: () => Response = () => new Response(null, { status: 404 });
let calendarAsked: string[] = [];

/** calendar.test answers with the stand-in; every other host goes through the real connection. */
const calendarFetch: CalendarFetch = (url, init) => {
  if (url.hostname !== 'calendar.test') return backendConnection(url, init);
  calendarAsked.push(url.href);
  return Promise.resolve(calendarAnswer());
};

/** The calendar server: answers calendar.test with `answer`; what it was asked. */
function serveCalendar(answer: () => Response) {
  calendarAnswer = answer;
  calendarAsked = [];
  return calendarAsked;
}

const calendar = (events: string[][]) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Google Inc//Google Calendar 70.9054//EN',
    'X-WR-TIMEZONE:Europe/London',
    ...events.flat(),
    'END:VCALENDAR',
    '',
  ].join('\r\n');

const event = (uid: string, startsAt: string, minutes: number, ...extra: string[]) => [
  'BEGIN:VEVENT',
  `UID:${uid}`,
  `DTSTART:${utcDateTime(startsAt)}`,
  `DTEND:${utcDateTime(new Date(Date.parse(startsAt) + minutes * 60_000))}`,
  'SUMMARY:Private appointment with a third party',
  ...extra,
  'END:VEVENT',
];

const runJob = (name: string) =>
  realFetch(`${backend.url}/__local/jobs/${name}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${backend.serviceRoleKey}` },
  });

/** A call of the consultation Edge Function that must succeed; its JSON. */
async function consultation(body: Record<string, unknown>) {
  const answer = await callConsultation(backend, body, { send: realFetch });
  expect(answer.status).toBe(200);
  return answer.data;
}

let counter = 0;

/** An enquiry sent as the form sends it, and its book token. */
async function enquire(): Promise<{ id: string; token: string }> {
  counter += 1;
  const key = randomBytes(32).toString('base64url');
  const email = `busy-${counter}-${Date.now()}@example.com`;
  const { error } = await anon.from('contact_submissions').insert({
    Name: `Sam Prospect ${counter}`,
    Email: email,
    Company: 'Prospect; Sons, Ltd',
    Interest: 'analytics',
    Timeline: 'immediate',
    Message: 'We would like a consultation.',
    booking_key: key,
  });
  expect(error).toBeNull();
  const token = (await consultation({ action: 'claim', key })) as string;
  const [row] = await backend.sql<{ id: string }>(
    `select id::text as id from public.contact_submissions where "Email" = $1`,
    [email],
  );
  return { id: row!.id, token };
}

const offered = async (token: string) =>
  ((await consultation({ action: 'slots', token })) as { slots: string[] }).slots.map(Date.parse);

beforeAll(async () => {
  backend = await startTestBackend({ calendarFetch });
  anon = anonClient(backend);
  const created = await createAdmin(backend, 'ada@kestrel.test');
  admin = created.client;
  ada = created.user;
  await backend.sql(
    `insert into public.staff_profiles (user_id, display_name) values ($1, 'Ada Lovelace')`,
    [ada.id],
  );
}, 120_000);

afterAll(async () => {
  await backend?.stop();
});

describe('busy times from a staff calendar', () => {
  it('the job reads the calendar; its busy times are no longer offered, free ones still are', async () => {
    const enquiry = await enquire();
    const before = await offered(enquiry.token);
    expect(before.length).toBeGreaterThan(12);
    const [busy, free, cancelled] = [before[4]!, before[8]!, before[12]!].map((time) =>
      new Date(time).toISOString(),
    );
    const asked = serveCalendar(
      () =>
        new Response(
          calendar([
            event('busy-1', busy!, 30, 'ATTENDEE;CN=Charles Babbage:mailto:charles@client.example'),
            event('free-1', free!, 30, 'TRANSP:TRANSPARENT'),
            event('cancelled-1', cancelled!, 30, 'STATUS:CANCELLED'),
          ]),
          { headers: { 'Content-Type': 'text/calendar; charset=utf-8' } },
        ),
    );
    const set = await admin.rpc('set_busy_calendar_url', { p_url: CALENDAR_URL });
    expect(set.error).toBeNull();

    const ran = await runJob('sync-busy-calendars');
    expect(ran.status).toBe(200);
    expect(asked).toEqual([CALENDAR_URL]);

    const stored = await backend.sql<{ starts_at: string; ends_at: string }>(
      `select starts_at::text, ends_at::text from private.staff_busy_times where staff_id = $1`,
      [ada.id],
    );
    expect(stored.map((row) => [Date.parse(row.starts_at), Date.parse(row.ends_at)])).toEqual([
      [Date.parse(busy!), Date.parse(busy!) + 30 * 60_000],
    ]);
    const status = await admin.rpc('busy_calendar_status');
    expect(status.data?.[0]).toMatchObject({ has_url: true, last_error: null, busy_count: 1 });
    expect(status.data?.[0].synced_at).not.toBeNull();

    const after = await offered(enquiry.token);
    expect(after).not.toContain(Date.parse(busy!));
    expect(after).toContain(Date.parse(free!));
    expect(after).toContain(Date.parse(cancelled!));
  });

  it('a calendar that cannot be read keeps the last busy times and says why, not where', async () => {
    serveCalendar(() => new Response('Not found', { status: 404 }));
    const ran = await runJob('sync-busy-calendars');
    expect(ran.status).toBe(200);
    const status = await admin.rpc('busy_calendar_status');
    expect(status.data?.[0]).toMatchObject({
      last_error: 'the calendar server refused',
      busy_count: 1,
    });

    serveCalendar(() => new Response('<!DOCTYPE html><title>Sign in</title>'));
    await runJob('sync-busy-calendars');
    const [row] = await backend.sql<{ last_error: string }>(
      `select last_error from private.staff_busy_calendars where staff_id = $1`,
      [ada.id],
    );
    expect(row!.last_error).toBe('not iCalendar data');
    expect(row!.last_error).not.toContain('calendar.test');
  });

  it('the job asks pg_net for the function beside the mail sender, only while a calendar is set', async () => {
    await backend.sql('delete from net.http_request_queue');
    await backend.sql(
      "select vault.create_secret('https://ref.supabase.test/functions/v1/send-enquiry-mail', 'enquiry_mail_function_url')",
    );
    await backend.sql("select vault.create_secret('service-key', 'enquiry_mail_service_key')");
    try {
      const [asked] = await backend.sql<{ id: string | null }>(
        'select private.request_busy_calendar_sync() as id',
      );
      const [request] = await backend.sql<{ url: string; headers: Record<string, string> }>(
        'select url, headers from net.http_request_queue where id = $1',
        [asked!.id],
      );
      expect(request).toEqual({
        url: 'https://ref.supabase.test/functions/v1/sync-busy-calendars',
        headers: { 'Content-Type': 'application/json', Authorization: 'Bearer service-key' },
      });

      await admin.rpc('set_busy_calendar_url', { p_url: null });
      const [idle] = await backend.sql<{ id: string | null }>(
        'select private.request_busy_calendar_sync() as id',
      );
      expect(idle!.id).toBeNull();
    } finally {
      await backend.sql(
        "delete from vault.secrets where name in ('enquiry_mail_function_url', 'enquiry_mail_service_key')",
      );
    }
  });
});

describe('the reader reaches only the public internet', () => {
  let listeners: InsideListener[] = [];

  beforeAll(async () => {
    listeners = [await startInsideListener('127.0.0.1'), await startInsideListener('::1')];
  });

  afterAll(async () => {
    await Promise.all(listeners.map((listener) => listener.close()));
  });

  const connections = () => listeners.map((listener) => listener.connections());

  /** Sets Ada's calendar address, runs the job, and answers the reason it stored. */
  async function readFails(address: string) {
    const set = await admin.rpc('set_busy_calendar_url', { p_url: address });
    expect(set.error, address).toBeNull();
    expect((await runJob('sync-busy-calendars')).status).toBe(200);
    const [row] = await backend.sql<{ last_error: string | null }>(
      `select last_error from private.staff_busy_calendars where staff_id = $1`,
      [ada.id],
    );
    return row!.last_error;
  }

  const insideAddresses = () => {
    const [v4, v6] = listeners;
    return [
      'https://127.0.0.1/ada.ics',
      'https://[::1]/ada.ics',
      'https://localhost/ada.ics',
      'https://2130706433/ada.ics',
      'https://0x7f.1/ada.ics',
      'https://[::ffff:127.0.0.1]/ada.ics',
      'https://[::ffff:7f00:1]/ada.ics',
      'https://inside.calendar.test/ada.ics',
      'https://split.calendar.test/ada.ics',
      'https://169.254.169.254/latest/meta-data/',
      'https://metadata.google.internal/computeMetadata/v1/',
      `https://127.0.0.1:${v4!.port}/ada.ics`,
      `https://[::1]:${v6!.port}/ada.ics`,
      'https://ada:password@calendar.test/ada.ics',
      'https://calendar.test:8443/ada.ics',
    ];
  };

  it('the listeners count what reaches them', async () => {
    for (const listener of listeners) {
      await new Promise<void>((resolve) => {
        const socket = connect(listener.port, listener.host);
        socket.on('close', () => resolve());
        socket.on('error', () => {});
      });
    }
    expect(connections()).toEqual([1, 1]);
  });

  it('an inside address, however written, is refused and never connected to', async () => {
    const before = connections();
    serveCalendar(() => new Response('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n'));
    for (const address of insideAddresses()) {
      expect(await readFails(address), address).toBe('the address is not allowed');
    }
    expect(calendarAsked).toEqual([]);
    expect(connections()).toEqual(before);
  });

  it('a public calendar server that redirects inside is refused at the redirect', async () => {
    const before = connections();
    for (const location of insideAddresses()) {
      const asked = serveCalendar(
        () => new Response(null, { status: 302, headers: { Location: location } }),
      );
      expect(await readFails(CALENDAR_URL), location).toBe(
        'redirected to an address that is not allowed',
      );
      expect(asked).toEqual([CALENDAR_URL]);
    }
    expect(connections()).toEqual(before);
  });
});

describe('the bookings feed', () => {
  const feedUrl = (token: string) =>
    `${backend.url}/functions/v1/consultation-feed?token=${encodeURIComponent(token)}`;

  it('answers a calendar app (no header at all) with the bookings, the current token only', async () => {
    const token = (await admin.rpc('rotate_consultation_feed')).data as string;
    const enquiry = await enquire();
    const [slot] = await offered(enquiry.token);
    const booked = (await consultation({
      action: 'book',
      token: enquiry.token,
      starts_at: new Date(slot!).toISOString(),
      time_zone: 'Europe/London',
    })) as { booking: { id: string } };

    const response = await realFetch(feedUrl(token));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('private, max-age=300');
    const vcalendar = new ICAL.Component(ICAL.parse(await response.text()));
    expect(vcalendar.getFirstPropertyValue('x-wr-calname')).toBe(
      'Kestrel Data consultations: Ada Lovelace',
    );
    const vevent = vcalendar
      .getAllSubcomponents('vevent')
      .find(
        (candidate) =>
          candidate.getFirstPropertyValue('uid') ===
          `${booked.booking.id}@consultations.kestrel-data`,
      );
    expect(vevent).toBeDefined();
    const found = new ICAL.Event(vevent!, { exceptions: [] });
    expect(found.startDate.toJSDate().getTime()).toBe(slot);
    expect(found.endDate.toJSDate().getTime()).toBe(slot! + 30 * 60_000);
    expect(found.summary).toBe(`Consultation: Sam Prospect ${counter}, Prospect; Sons, Ltd`);
    expect(vevent!.getFirstPropertyValue('url')).toBe(
      `http://localhost:5173/admin/needs-reply?enquiry=${enquiry.id}`,
    );
    expect(vevent!.getFirstPropertyValue('status')).toBe('CONFIRMED');

    const rotated = (await admin.rpc('rotate_consultation_feed')).data as string;
    expect((await realFetch(feedUrl(token))).status).toBe(404);
    expect((await realFetch(feedUrl(rotated))).status).toBe(200);
    await admin.rpc('revoke_consultation_feed');
    const revoked = await realFetch(feedUrl(rotated));
    expect(revoked.status).toBe(404);
    expect(await revoked.text()).toBe('Not found');
  });

  it('is the only function that answers without a JWT', async () => {
    expect((await realFetch(feedUrl('x'.repeat(43)))).status).toBe(404);
    for (const name of ['sync-busy-calendars', 'consultation', 'send-enquiry-mail']) {
      const refused = await realFetch(`${backend.url}/functions/v1/${name}`, { method: 'POST' });
      expect(refused.status, name).toBe(401);
    }
    const anonymous = await realFetch(`${backend.url}/functions/v1/sync-busy-calendars`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${backend.anonKey}` },
    });
    expect(anonymous.status).toBe(401);
  });
});

describe('an admin who loses the role', () => {
  const feedUrl = (token: string) =>
    `${backend.url}/functions/v1/consultation-feed?token=${encodeURIComponent(token)}`;
  const held = async (staffId: string) =>
    (
      await backend.sql<{ feeds: number; calendars: number; busy: number }>(
        `select (select count(*)::int from private.consultation_feeds where staff_id = $1) as feeds,
                (select count(*)::int from private.staff_busy_calendars where staff_id = $1) as calendars,
                (select count(*)::int from private.staff_busy_times where staff_id = $1) as busy`,
        [staffId],
      )
    )[0];

  /** An admin with a bookings feed, a busy calendar and one busy time; their feed token. */
  async function staffWithFeed(email: string) {
    const created = await createAdmin(backend, email);
    const token = (await created.client.rpc('rotate_consultation_feed')).data as string;
    const set = await created.client.rpc('set_busy_calendar_url', {
      p_url: `https://calendar.test/ical/${email}/basic.ics`,
    });
    expect(set.error).toBeNull();
    const starts = new Date(Date.now() + 86_400_000).toISOString();
    const ends = new Date(Date.now() + 90_000_000).toISOString();
    await backend.sql(`select public.record_busy_times($1, $2::jsonb)`, [
      created.user.id,
      JSON.stringify([{ starts_at: starts, ends_at: ends }]),
    ]);
    expect((await realFetch(feedUrl(token))).status).toBe(200);
    expect(await held(created.user.id)).toEqual({ feeds: 1, calendars: 1, busy: 1 });
    return { ...created, token };
  }

  it('revoking the role ends their feed and forgets their busy calendar', async () => {
    const bea = await staffWithFeed('bea@kestrel.test');

    const revoked = await admin.rpc('revoke_admin_role', { _email: 'bea@kestrel.test' });
    expect(revoked.error).toBeNull();
    expect(revoked.data).toBe(true);

    const answer = await realFetch(feedUrl(bea.token));
    expect(answer.status).toBe(404);
    expect(await answer.text()).toBe('Not found');
    expect(await held(bea.user.id)).toEqual({ feeds: 0, calendars: 0, busy: 0 });
    const read = await backend.sql<{ staff_id: string }>(
      'select staff_id::text from public.busy_calendars_to_read()',
    );
    expect(read.map((row) => row.staff_id)).not.toContain(bea.user.id);
  });

  it('losing the role any other way ends them too (a direct delete or change of the row)', async () => {
    const cy = await staffWithFeed('cy@kestrel.test');
    await backend.sql(`delete from public.user_roles where user_id = $1`, [cy.user.id]);
    expect((await realFetch(feedUrl(cy.token))).status).toBe(404);
    expect(await held(cy.user.id)).toEqual({ feeds: 0, calendars: 0, busy: 0 });

    const dee = await staffWithFeed('dee@kestrel.test');
    await backend.sql(`update public.user_roles set role = 'user' where user_id = $1`, [
      dee.user.id,
    ]);
    expect((await realFetch(feedUrl(dee.token))).status).toBe(404);
    expect(await held(dee.user.id)).toEqual({ feeds: 0, calendars: 0, busy: 0 });
  });

  it('a feed whose owner holds no admin role serves a bare 404, like an unknown token', async () => {
    const eve = await staffWithFeed('eve@kestrel.test');
    await backend.sql(`delete from public.user_roles where user_id = $1`, [eve.user.id]);
    // A feed row left behind (e.g. restored from a backup) still serves nothing.
    await backend.sql(
      `insert into private.consultation_feeds (staff_id, token_hash)
       values ($1, private.sha256_hex(convert_to($2, 'UTF8')))
       on conflict (staff_id) do nothing`,
      [eve.user.id, eve.token],
    );
    const answer = await realFetch(feedUrl(eve.token));
    expect(answer.status).toBe(404);
    expect(await answer.text()).toBe('Not found');
    const [served] = await backend.sql<{ feed: unknown }>(
      'select public.consultation_feed($1) as feed',
      [eve.token],
    );
    expect(served!.feed).toBeNull();
  });
});
