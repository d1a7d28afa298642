// @vitest-environment node
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';

import { feedIcs, invitationIcs } from '../../../supabase/functions/_shared/ics.ts';
import type { InvitationInput } from '../../../supabase/functions/_shared/ics.ts';
import { renderJob } from '../../../supabase/functions/send-enquiry-mail/render.ts';
import type { MailJob } from '../../../supabase/functions/send-enquiry-mail/render.ts';

const settings = {
  from: 'Kestrel Data <no-reply@kestrel.test>',
  staffTo: 'team@kestrel.test',
  siteUrl: 'https://www.kestrel.test',
};

const booking = {
  id: '3b0e8f7a-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
  uid: '3b0e8f7a-1c2d-4e5f-8a9b-0c1d2e3f4a5b@consultations.kestrel-data',
  sequence: 2,
  status: 'booked' as const,
  starts_at: '2026-12-01T10:00:00+01:00',
  ends_at: '2026-12-01T10:30:00+01:00',
  visitor_time_zone: 'Europe/Paris',
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-21T08:15:00Z',
};

const consultationJob = (kind: MailJob['kind']): MailJob => ({
  id: 'job-1',
  kind,
  recipient: 'sam@example.com',
  payload: {
    booking: kind === 'consultation_cancelled' ? { ...booking, status: 'cancelled' } : booking,
    organizer: { name: 'Ada Lovelace' },
    ...(kind === 'consultation_cancelled' ? {} : { manage_token: 'm.abc.3.1800000000.sig' }),
  },
});

/** The attached invitation of a rendered consultation mail, as text, with its content type. */
function attachedInvitation(kind: MailJob['kind']) {
  const result = renderJob(consultationJob(kind), settings);
  if (!result.ok) throw new Error(result.error);
  const [attachment, ...others] = result.mail.attachments ?? [];
  expect(others).toEqual([]);
  if (!attachment) throw new Error('no attachment');
  expect(attachment.filename).toBe('invite.ics');
  return {
    contentType: attachment.content_type,
    text: Buffer.from(attachment.content, 'base64').toString('utf8'),
  };
}

const parse = (text: string) => new ICAL.Component(ICAL.parse(text));

function onlyEvent(calendar: ICAL.Component) {
  const events = calendar.getAllSubcomponents('vevent');
  expect(events).toHaveLength(1);
  return events[0]!;
}

const utcInstant = (time: ICAL.Time) => {
  expect(time.zone?.tzid).toBe('UTC');
  return time.toJSDate().toISOString();
};

describe('the invitation a booking mail carries', () => {
  it('is a REQUEST for the booking: UID, SEQUENCE, UTC times, organizer and attendee', () => {
    const { contentType, text } = attachedInvitation('consultation_booked');
    expect(contentType).toBe('text/calendar; method=REQUEST; charset=UTF-8');
    const calendar = parse(text);
    expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstPropertyValue('calscale')).toBe('GREGORIAN');
    expect(calendar.getFirstPropertyValue('prodid')).toBe('-//Kestrel Data//Consultations//EN');
    expect(calendar.getFirstPropertyValue('x-wr-timezone')).toBe('Europe/London');

    const vevent = onlyEvent(calendar);
    const event = new ICAL.Event(vevent);
    expect(event.uid).toBe(booking.uid);
    expect(event.sequence).toBe(2);
    expect(utcInstant(event.startDate)).toBe('2026-12-01T09:00:00.000Z');
    expect(utcInstant(event.endDate)).toBe('2026-12-01T09:30:00.000Z');
    expect(utcInstant(vevent.getFirstPropertyValue('dtstamp') as ICAL.Time)).toBe(
      '2026-11-21T08:15:00.000Z',
    );
    expect(event.summary).toBe('Free 30-minute consultation with Kestrel Data');
    expect(event.description).toContain(
      'To reschedule or cancel: https://www.kestrel.test/consultation#m.abc.3.1800000000.sig',
    );
    expect(vevent.getFirstPropertyValue('url')).toBe(
      'https://www.kestrel.test/consultation#m.abc.3.1800000000.sig',
    );
    expect(vevent.getFirstPropertyValue('status')).toBe('CONFIRMED');

    const organizer = vevent.getFirstProperty('organizer')!;
    expect(organizer.getFirstValue()).toBe('mailto:no-reply@kestrel.test');
    expect(organizer.getParameter('cn')).toBe('Ada Lovelace');
    const attendees = vevent.getAllProperties('attendee');
    expect(attendees).toHaveLength(1);
    const attendee = attendees[0]!;
    expect(attendee.getFirstValue()).toBe('mailto:sam@example.com');
    expect(attendee.getParameter('role')).toBe('REQ-PARTICIPANT');
    expect(attendee.getParameter('partstat')).toBe('NEEDS-ACTION');
    expect(attendee.getParameter('rsvp')).toBe('TRUE');
  });

  it('is a REQUEST again when the booking moves or is reminded, with the same UID', () => {
    for (const kind of ['consultation_moved', 'consultation_reminder'] as const) {
      const { contentType, text } = attachedInvitation(kind);
      expect(contentType).toBe('text/calendar; method=REQUEST; charset=UTF-8');
      const calendar = parse(text);
      expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
      expect(new ICAL.Event(onlyEvent(calendar)).uid).toBe(booking.uid);
    }
  });

  it('is a CANCEL with STATUS:CANCELLED when the booking is cancelled', () => {
    const { contentType, text } = attachedInvitation('consultation_cancelled');
    expect(contentType).toBe('text/calendar; method=CANCEL; charset=UTF-8');
    const calendar = parse(text);
    expect(calendar.getFirstPropertyValue('method')).toBe('CANCEL');
    const vevent = onlyEvent(calendar);
    expect(vevent.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(vevent.getFirstPropertyValue('uid')).toBe(booking.uid);
    expect(vevent.getFirstPropertyValue('sequence')).toBe(2);
    expect(vevent.getFirstPropertyValue('url')).toBeNull();
  });

  it('ends every line with CRLF and keeps each within 75 octets', () => {
    const { text } = attachedInvitation('consultation_booked');
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of text.split('\r\n')) {
      expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    }
  });
});

describe("the calendar's London zone", () => {
  const { text } = attachedInvitation('consultation_booked');
  const vtimezone = parse(text).getFirstSubcomponent('vtimezone')!;
  const london = new ICAL.Timezone(vtimezone);

  /**
   * London's offset from UTC at an instant, in minutes: the parsed zone's wall clock there less
   * UTC's. (Read from the wall clock, since a local time in the hour the clocks go back is
   * ambiguous on its own.)
   */
  const offsetAt = (instant: string) => {
    const local = ICAL.Time.fromJSDate(new Date(instant), true).convertToZone(london);
    const wall = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute);
    return (wall - Date.parse(instant)) / 60_000;
  };

  it('is Europe/London', () => {
    expect(london.tzid).toBe('Europe/London');
  });

  it.each([
    // the last Sunday of March: BST from 01:00 UTC
    ['2026-03-29T00:59:00Z', 0],
    ['2026-03-29T01:00:00Z', 60],
    ['2027-03-28T00:59:00Z', 0],
    ['2027-03-28T01:00:00Z', 60],
    // the last Sunday of October: GMT again from 01:00 UTC
    ['2026-10-25T00:59:00Z', 60],
    ['2026-10-25T01:00:00Z', 0],
    ['2027-10-31T00:59:00Z', 60],
    ['2027-10-31T01:00:00Z', 0],
    // a week before and after: no change on another Sunday
    ['2026-03-22T12:00:00Z', 0],
    ['2026-10-18T12:00:00Z', 60],
    ['2026-11-01T12:00:00Z', 0],
  ])('gives %s an offset of %i minutes', (instant, minutes) => {
    expect(offsetAt(instant)).toBe(minutes);
  });

  it('agrees with Intl on London local times across the changes', () => {
    const clock = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/London',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    for (const instant of [
      '2026-03-29T00:30:00Z',
      '2026-03-29T01:30:00Z',
      '2026-10-25T00:30:00Z',
      '2026-10-25T01:30:00Z',
    ]) {
      const local = ICAL.Time.fromJSDate(new Date(instant), true).convertToZone(london);
      const text = `${String(local.hour).padStart(2, '0')}:${String(local.minute).padStart(2, '0')}`;
      expect(text).toBe(clock.format(new Date(instant)));
    }
  });
});

describe('TEXT values and folding', () => {
  const input: InvitationInput = {
    method: 'REQUEST',
    uid: 'x@consultations.kestrel-data',
    sequence: 0,
    startsAt: '2026-07-01T13:00:00Z',
    endsAt: '2026-07-01T13:30:00Z',
    stamp: '2026-06-01T00:00:00Z',
    organizer: { name: 'Zoë Ångström; "the" host, PhD', email: 'zoe@kestrel.test' },
    attendees: [{ email: 'sam@example.com' }],
    summary: 'Café, crème; brûlée \\ done',
    description: `Line one, with a comma; and a semicolon.\nŁódź → Zürich: ${'日本語のテキスト🦅'.repeat(12)}\r\nLast line ✓`,
    url: 'https://www.kestrel.test/consultation#m.token',
  };

  it('round-trips a long description with non-ASCII characters through folding and escaping', () => {
    const text = invitationIcs(input);
    for (const line of text.split('\r\n')) {
      expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    }
    expect(text).not.toContain('\uFFFD');
    const event = new ICAL.Event(onlyEvent(parse(text)));
    expect(event.description).toBe(input.description.replace(/\r\n/g, '\n'));
    expect(event.summary).toBe(input.summary);
    const organizer = onlyEvent(parse(text)).getFirstProperty('organizer')!;
    expect(organizer.getParameter('cn')).toBe("Zoë Ångström; 'the' host, PhD");
    expect(organizer.getFirstValue()).toBe('mailto:zoe@kestrel.test');
  });

  it('folds only between characters, so no continuation starts inside one', () => {
    const text = invitationIcs(input);
    const folded = text.split('\r\n').filter((line) => line.startsWith(' '));
    expect(folded.length).toBeGreaterThan(3);
    // each physical line is whole UTF-8: re-encoding it gives the same bytes
    for (const line of text.split('\r\n')) {
      expect(Buffer.from(line, 'utf8').toString('utf8')).toBe(line);
    }
  });
});

describe('the staff feed', () => {
  const text = feedIcs({
    name: 'Consultations: Ada Lovelace',
    stamp: new Date('2026-11-30T12:00:00Z'),
    bookings: [
      {
        uid: 'a1@consultations.kestrel-data',
        sequence: 0,
        status: 'booked',
        starts_at: '2026-12-01T09:00:00Z',
        ends_at: '2026-12-01T09:30:00Z',
        summary: 'Consultation: Sam Visitor (Acme, Inc.)',
        description: 'Enquiry: https://www.kestrel.test/admin/needs-reply?enquiry=e1',
      },
      {
        uid: 'a2@consultations.kestrel-data',
        sequence: 3,
        status: 'cancelled',
        starts_at: '2026-06-02T14:00:00+01:00',
        ends_at: '2026-06-02T14:30:00+01:00',
        summary: 'Consultation: Bo',
      },
    ],
  });
  const calendar = parse(text);

  it('is a PUBLISH calendar with its name and one event per booking', () => {
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Consultations: Ada Lovelace');
    expect(calendar.getFirstSubcomponent('vtimezone')?.getFirstPropertyValue('tzid')).toBe(
      'Europe/London',
    );
    const events = calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
    expect(events.map((event) => event.uid)).toEqual([
      'a1@consultations.kestrel-data',
      'a2@consultations.kestrel-data',
    ]);
    expect(events.map((event) => event.sequence)).toEqual([0, 3]);
    expect(events.map((event) => utcInstant(event.startDate))).toEqual([
      '2026-12-01T09:00:00.000Z',
      '2026-06-02T13:00:00.000Z',
    ]);
    expect(events[0]!.summary).toBe('Consultation: Sam Visitor (Acme, Inc.)');
    expect(events[1]!.description).toBeNull();
    expect(
      calendar.getAllSubcomponents('vevent').map((v) => v.getFirstPropertyValue('status')),
    ).toEqual(['CONFIRMED', 'CANCELLED']);
  });
});
