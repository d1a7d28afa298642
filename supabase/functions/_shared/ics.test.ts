import { equal, ok } from 'node:assert/strict';
import {
  escapeText,
  feedIcs,
  foldLine,
  invitationIcs,
  utcDateTime,
  type InvitationInput,
} from './ics.ts';

const invitation: InvitationInput = {
  method: 'REQUEST',
  uid: 'booking-1@consultations.kestrel-data',
  sequence: 2,
  startsAt: '2026-12-01T10:00:00+01:00',
  endsAt: '2026-12-01T10:30:00+01:00',
  stamp: '2026-11-21T08:15:00Z',
  organizer: { name: 'Ada Lovelace', email: 'ada@kestrel.test' },
  attendees: [{ name: null, email: 'sam@example.com' }],
  summary: 'Free 30-minute consultation',
  description: 'Line one\nLine two; with, specials',
  url: 'https://www.kestrel.test/consultation#m.abc',
};

const lines = (text: string) => text.replace(/\r\n /g, '').split('\r\n');

Deno.test('an invitation: METHOD, stable UID, SEQUENCE, UTC times and a London zone', () => {
  const text = lines(invitationIcs(invitation));
  for (const line of [
    'METHOD:REQUEST',
    'X-WR-TIMEZONE:Europe/London',
    'TZID:Europe/London',
    'UID:booking-1@consultations.kestrel-data',
    'SEQUENCE:2',
    'DTSTART:20261201T090000Z',
    'DTEND:20261201T093000Z',
    'DTSTAMP:20261121T081500Z',
    'ORGANIZER;CN="Ada Lovelace":mailto:ada@kestrel.test',
    'ATTENDEE;ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:mailto:sam@example.com',
    'STATUS:CONFIRMED',
  ]) {
    ok(text.includes(line), line);
  }
});

Deno.test('a cancellation is METHOD:CANCEL with STATUS:CANCELLED and asks no answer', () => {
  const text = lines(invitationIcs({ ...invitation, method: 'CANCEL' }));
  ok(text.includes('METHOD:CANCEL'));
  ok(text.includes('STATUS:CANCELLED'));
  ok(text.some((line) => line.startsWith('ATTENDEE;') && line.includes('RSVP=FALSE')));
});

Deno.test('an attendee who has accepted already is asked no answer; the others still are', () => {
  const text = lines(
    invitationIcs({
      ...invitation,
      attendees: [
        { name: 'Ada Lovelace', email: 'ada@kestrel.test', accepted: true },
        { name: 'Sam', email: 'sam@example.com' },
      ],
    }),
  );
  const attendees = text.filter((line) => line.startsWith('ATTENDEE;'));
  equal(attendees.length, 2);
  equal(
    attendees[0],
    'ATTENDEE;CN="Ada Lovelace";ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE:mailto:ada@kestrel.test',
  );
  equal(
    attendees[1],
    'ATTENDEE;CN="Sam";ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:mailto:sam@example.com',
  );
});

Deno.test('a feed keeps cancelled bookings, marked cancelled and transparent', () => {
  const text = lines(
    feedIcs({
      name: 'Consultations',
      stamp: new Date('2026-11-21T08:15:00Z'),
      bookings: [
        {
          uid: 'b-1',
          sequence: 0,
          status: 'cancelled',
          starts_at: '2026-12-01T09:00:00Z',
          ends_at: '2026-12-01T09:30:00Z',
          summary: 'Sam',
        },
      ],
    }),
  );
  ok(text.includes('METHOD:PUBLISH'));
  ok(text.includes('STATUS:CANCELLED'));
  ok(text.includes('TRANSP:TRANSPARENT'));
});

Deno.test('TEXT escapes, folding at 75 octets and UTC date-times', () => {
  equal(escapeText('a;b,c\\d\r\ne'), 'a\\;b\\,c\\\\d\\ne');
  const folded = foldLine(`DESCRIPTION:${'é'.repeat(80)}`);
  for (const line of folded.split('\r\n')) ok(new TextEncoder().encode(line).length <= 75);
  equal(utcDateTime('2026-12-01T10:00:00+01:00'), '20261201T090000Z');
});
