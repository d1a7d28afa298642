/**
 * iCalendar (RFC 5545) text for consultations: the invitation a booking mail carries and the
 * feed a staff member subscribes to. Pure functions over web-standard types, so the module runs
 * on Supabase's Deno runtime and inside the Node embedded backend.
 *
 * Times are written in UTC (`…Z`); the calendar still names London as its zone (a VTIMEZONE and
 * X-WR-TIMEZONE), which is where the consultancy works.
 */

import { LONDON_TIME_ZONE } from './time-zone.ts';

export const PRODUCT_ID = '-//Kestrel Data//Consultations//EN';

/** Someone on the invitation; the name is optional (a bare address is a valid participant). */
export interface CalendarPerson {
  name?: string | null;
  email: string;
}

/** An attendee of an invitation; one who has accepted already (the host) is asked for no answer. */
export interface CalendarAttendee extends CalendarPerson {
  accepted?: boolean;
}

/** One booking as an invitation, the copy of one recipient among its attendees. */
export interface InvitationInput {
  /** REQUEST for a new, moved or reminded booking; CANCEL when it is cancelled. */
  method: 'REQUEST' | 'CANCEL';
  /** Stays the same for the booking's whole life, so a calendar updates the one event. */
  uid: string;
  /** Raised on every change; a calendar ignores an update with a lower one. */
  sequence: number;
  /** Instants, ISO 8601 (any offset). */
  startsAt: string;
  endsAt: string;
  /** When this version of the booking was made (DTSTAMP). */
  stamp: string;
  organizer: CalendarPerson;
  attendees: readonly CalendarAttendee[];
  summary: string;
  description: string;
  url?: string | null;
}

/**
 * One booking in a staff member's feed. The text is the caller's: the feed is read by staff, so
 * it may name the prospect.
 */
export interface FeedBooking {
  /** The booking's UID as the database gives it (`consultation_feed`'s `uid`): the one its mailed
   * invitations carry, so a calendar holding both sees one event. */
  uid: string;
  sequence: number;
  status: 'booked' | 'cancelled';
  /** Instants, ISO 8601 (any offset). */
  starts_at: string;
  ends_at: string;
  summary: string;
  description?: string | null;
  url?: string | null;
}

export interface FeedInput {
  /** The calendar's name in the subscriber's list (X-WR-CALNAME). */
  name: string;
  bookings: readonly FeedBooking[];
  /** When the feed was made (each event's DTSTAMP). */
  stamp: Date;
}

/**
 * A TEXT value: backslash, semicolon, comma and line breaks escaped; other control characters,
 * which TEXT may not hold, dropped.
 */
export function escapeText(text: string): string {
  return (
    text
      .replace(/\r\n?/g, '\n')
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
      .replace(/[\\;,]/g, (char) => `\\${char}`)
      .replace(/\n/g, '\\n')
  );
}

/** A parameter value (CN): always quoted, so it may hold `:`, `;` and `,`; it may not hold `"`. */
function paramText(text: string): string {
  // eslint-disable-next-line no-control-regex
  const flat = text.replace(/[\u0000-\u001f\u007f]+/g, ' ').replace(/"/g, "'");
  return `"${flat.trim()}"`;
}

/** A URI or identifier value: nothing that could end the line. */
function plainValue(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f]+/g, '').trim();
}

const encoder = new TextEncoder();

/**
 * One content line folded at 75 octets (the continuation's leading space counts), never inside a
 * character: a UTF-8 sequence or a surrogate pair stays whole.
 */
export function foldLine(line: string): string {
  const pieces: string[] = [];
  let current = '';
  let octets = 0;
  let limit = 75;
  for (const char of line) {
    const size = encoder.encode(char).length;
    if (octets + size > limit) {
      pieces.push(current);
      current = '';
      octets = 0;
      limit = 74;
    }
    current += char;
    octets += size;
  }
  pieces.push(current);
  return pieces.join('\r\n ');
}

/** An instant as an iCalendar UTC date-time, e.g. `20261201T090000Z`. */
export function utcDateTime(instant: string | Date): string {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a date-time: ${String(instant)}`);
  return date
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

const mailto = (email: string) => `mailto:${plainValue(email)}`;

const withName = (name: string, person: CalendarPerson, params = '') => {
  const cn = person.name?.trim() ? `;CN=${paramText(person.name)}` : '';
  return `${name}${cn}${params}:${mailto(person.email)}`;
};

/**
 * London's rules since 1996 (the EU's): BST from 01:00 GMT on the last Sunday of March, GMT
 * from 01:00 GMT on the last Sunday of October. Each DTSTART is local time before the change.
 */
const LONDON_VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  `TZID:${LONDON_TIME_ZONE}`,
  `X-LIC-LOCATION:${LONDON_TIME_ZONE}`,
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0000',
  'TZOFFSETTO:+0100',
  'TZNAME:BST',
  'DTSTART:19700329T010000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0000',
  'TZNAME:GMT',
  'DTSTART:19701025T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];

const calendarHead = (method: string) => [
  'BEGIN:VCALENDAR',
  `PRODID:${PRODUCT_ID}`,
  'VERSION:2.0',
  'CALSCALE:GREGORIAN',
  `METHOD:${method}`,
  `X-WR-TIMEZONE:${LONDON_TIME_ZONE}`,
];

/** Content lines as a file: each folded, CRLF after every line, the last included. */
function calendarText(lines: readonly string[]): string {
  return lines.map((line) => `${foldLine(line)}\r\n`).join('');
}

const sequenceNumber = (value: number) =>
  Number.isInteger(value) && value >= 0 ? String(value) : '0';

/** The invitation for one booking and one attendee, as the text of an `.ics` file. */
export function invitationIcs(input: InvitationInput): string {
  const cancelled = input.method === 'CANCEL';
  const url = input.url ? plainValue(input.url) : '';
  return calendarText([
    ...calendarHead(input.method),
    ...LONDON_VTIMEZONE,
    'BEGIN:VEVENT',
    `UID:${plainValue(input.uid)}`,
    `SEQUENCE:${sequenceNumber(input.sequence)}`,
    `DTSTAMP:${utcDateTime(input.stamp)}`,
    `DTSTART:${utcDateTime(input.startsAt)}`,
    `DTEND:${utcDateTime(input.endsAt)}`,
    withName('ORGANIZER', input.organizer),
    ...input.attendees.map((attendee) =>
      withName(
        'ATTENDEE',
        attendee,
        attendee.accepted
          ? ';ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE'
          : `;ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=${cancelled ? 'FALSE' : 'TRUE'}`,
      ),
    ),
    `SUMMARY:${escapeText(input.summary)}`,
    `DESCRIPTION:${escapeText(input.description)}`,
    ...(url === '' ? [] : [`URL:${url}`]),
    `STATUS:${cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    'TRANSP:OPAQUE',
    'END:VEVENT',
    'END:VCALENDAR',
  ]);
}

/**
 * A subscribable calendar of many bookings (METHOD:PUBLISH): cancelled ones stay in it, marked
 * cancelled, so a subscriber's copy is taken off their calendar rather than left behind.
 */
export function feedIcs(input: FeedInput): string {
  const stamp = utcDateTime(input.stamp);
  const events = input.bookings.flatMap((booking) => {
    const url = booking.url ? plainValue(booking.url) : '';
    const description = booking.description ?? '';
    return [
      'BEGIN:VEVENT',
      `UID:${plainValue(booking.uid)}`,
      `SEQUENCE:${sequenceNumber(booking.sequence)}`,
      `DTSTAMP:${stamp}`,
      `DTSTART:${utcDateTime(booking.starts_at)}`,
      `DTEND:${utcDateTime(booking.ends_at)}`,
      `SUMMARY:${escapeText(booking.summary)}`,
      ...(description === '' ? [] : [`DESCRIPTION:${escapeText(description)}`]),
      ...(url === '' ? [] : [`URL:${url}`]),
      `STATUS:${booking.status === 'cancelled' ? 'CANCELLED' : 'CONFIRMED'}`,
      `TRANSP:${booking.status === 'cancelled' ? 'TRANSPARENT' : 'OPAQUE'}`,
      'END:VEVENT',
    ];
  });
  return calendarText([
    ...calendarHead('PUBLISH'),
    `X-WR-CALNAME:${escapeText(input.name)}`,
    'REFRESH-INTERVAL;VALUE=DURATION:PT15M',
    'X-PUBLISHED-TTL:PT15M',
    ...LONDON_VTIMEZONE,
    ...events,
    'END:VCALENDAR',
  ]);
}
