import { deepStrictEqual, equal, ok, throws } from 'node:assert/strict';

import {
  busyTimesFromIcs,
  MAX_STEPS_PER_CALENDAR,
  NotICalendarError,
  TooManyOccurrencesError,
} from './busy-times.ts';
import {
  APPLE_CALENDAR,
  GOOGLE_CALENDAR,
  LONDON_VTIMEZONE,
  OUTLOOK_CALENDAR,
  READ_FROM,
  ZONELESS_CALENDAR,
} from './calendar-fixtures.ts';
import { wallClockToInstant } from '../_shared/time-zone.ts';

const window = { from: READ_FROM, until: new Date('2027-04-06T00:00:00Z') };

/** Busy times as `start/end`, minutes only, for short assertions. */
const read = (text: string, within = window) =>
  busyTimesFromIcs(text, within).map(
    (busy) => `${busy.starts_at.slice(0, 16)}/${busy.ends_at.slice(0, 16)}`,
  );

const calendarOf = (...lines: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Test//EN', ...lines, 'END:VCALENDAR'].join('\r\n');

Deno.test('Google: a weekly meeting in London time, with a date taken out and one moved', () => {
  const busy = read(GOOGLE_CALENDAR);
  ok(busy.includes('2027-01-04T10:00/2027-01-04T11:00'), 'GMT in winter');
  ok(!busy.some((span) => span.startsWith('2027-01-11')), 'EXDATE');
  ok(busy.includes('2027-01-18T14:00/2027-01-18T15:00'), 'RECURRENCE-ID moves it');
  ok(!busy.includes('2027-01-18T10:00/2027-01-18T11:00'), 'not also at the old time');
  ok(busy.includes('2027-03-22T10:00/2027-03-22T11:00'));
  ok(busy.includes('2027-03-29T09:00/2027-03-29T10:00'), '10:00 BST after 28 March');
  ok(busy.includes('2027-04-05T09:00/2027-04-05T10:00'));
});

Deno.test(
  'Google: one-offs, the whole day of an all-day event; free and cancelled left out',
  () => {
    const busy = read(GOOGLE_CALENDAR);
    ok(busy.includes('2027-01-05T13:00/2027-01-05T14:00'));
    ok(busy.includes('2027-01-07T00:00/2027-01-08T00:00'), 'all day in London (GMT)');
    ok(!busy.some((span) => span.startsWith('2027-01-12')), 'a transparent all-day event');
    ok(!busy.some((span) => span.startsWith('2027-01-06')), 'TRANSP:TRANSPARENT');
    ok(!busy.some((span) => span.startsWith('2027-01-08')), 'STATUS:CANCELLED');
    ok(!busy.some((span) => span.startsWith('2026-12')), 'before the window');
    equal(busy.length, 15);
  },
);

Deno.test('Outlook: Windows zone names from their VTIMEZONE, an EXDATE and an UNTIL', () => {
  deepStrictEqual(read(OUTLOOK_CALENDAR), [
    '2027-01-06T11:00/2027-01-06T11:30',
    '2027-01-15T00:00/2027-01-16T00:00',
    '2027-01-20T11:00/2027-01-20T11:30',
    '2027-01-27T11:00/2027-01-27T11:30',
    '2027-02-03T11:00/2027-02-03T11:30',
    '2027-02-10T11:00/2027-02-10T11:30',
    '2027-02-17T11:00/2027-02-17T11:30',
    '2027-02-24T11:00/2027-02-24T11:30',
  ]);
});

Deno.test('Apple: COUNT, RDATE in summer time, DURATION, an all-day event without an end', () => {
  deepStrictEqual(read(APPLE_CALENDAR), [
    '2027-01-20T15:00/2027-01-20T16:30',
    '2027-01-21T15:00/2027-01-21T16:30',
    '2027-01-22T15:00/2027-01-22T16:30',
    '2027-01-26T12:00/2027-01-26T12:45',
    '2027-01-29T00:00/2027-01-30T00:00',
    '2027-04-01T14:00/2027-04-01T15:30',
  ]);
});

Deno.test('a zone the calendar does not define, floating times and dates: its own clock', () => {
  deepStrictEqual(read(ZONELESS_CALENDAR), [
    '2027-02-01T08:00/2027-02-01T09:00',
    '2027-02-02T14:00/2027-02-02T14:30',
    '2027-02-03T05:00/2027-02-04T05:00',
  ]);
});

Deno.test('only the times come out: no title, place, attendee or uid', () => {
  const text = JSON.stringify(
    [GOOGLE_CALENDAR, OUTLOOK_CALENDAR, APPLE_CALENDAR].map((calendar) =>
      busyTimesFromIcs(calendar, window),
    ),
  );
  for (const word of ['Client', 'Dentist', 'charles', 'Room', 'pick-up', 'google.com', '0400']) {
    ok(!text.includes(word), word);
  }
  for (const busy of busyTimesFromIcs(GOOGLE_CALENDAR, window)) {
    deepStrictEqual(Object.keys(busy), ['starts_at', 'ends_at']);
  }
});

Deno.test('times across the window are cut to it; overlapping ones are joined', () => {
  const text = calendarOf(
    'BEGIN:VEVENT',
    'UID:a',
    'DTSTART:20270103T220000Z',
    'DTEND:20270104T020000Z',
    'END:VEVENT',
    'BEGIN:VEVENT',
    'UID:b',
    'DTSTART:20270104T013000Z',
    'DTEND:20270104T030000Z',
    'END:VEVENT',
    'BEGIN:VEVENT',
    'UID:c',
    'DTSTART:20270104T030000Z',
    'DTEND:20270104T040000Z',
    'END:VEVENT',
    'BEGIN:VEVENT',
    'UID:d',
    'DTSTART:20270405T230000Z',
    'DTEND:20270406T010000Z',
    'END:VEVENT',
  );
  deepStrictEqual(read(text), [
    '2027-01-04T00:00/2027-01-04T04:00',
    '2027-04-05T23:00/2027-04-06T00:00',
  ]);
});

Deno.test('a rule set up years ago is read from just before the window, the same', () => {
  const text = (start: string, rule: string) =>
    calendarOf(
      'BEGIN:VEVENT',
      'UID:standing',
      `DTSTART;TZID=Europe/London:${start}`,
      'DURATION:PT30M',
      `RRULE:${rule}`,
      'END:VEVENT',
      ...LONDON_VTIMEZONE,
    );
  // 2012-01-03 and 2026-12-29 are Tuesdays in the same fortnightly phase
  const fortnightly = 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH';
  const old = read(text('20120103T090000', fortnightly));
  deepStrictEqual(old, read(text('20261229T090000', fortnightly)));
  deepStrictEqual(old.slice(0, 3), [
    '2027-01-12T09:00/2027-01-12T09:30',
    '2027-01-14T09:00/2027-01-14T09:30',
    '2027-01-26T09:00/2027-01-26T09:30',
  ]);
  const weekdays = 'FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR';
  const daily = read(text('20140106T093000', weekdays));
  deepStrictEqual(daily, read(text('20261228T093000', weekdays)));
  equal(daily.length, 66);
  ok(daily.includes('2027-03-29T08:30/2027-03-29T09:00'), 'summer time');
});

Deno.test('an override of an occurrence after the window, moved into it, counts', () => {
  const text = calendarOf(
    'BEGIN:VEVENT',
    'UID:moved',
    'DTSTART:20270101T090000Z',
    'DURATION:PT1H',
    'RRULE:FREQ=MONTHLY',
    'END:VEVENT',
    'BEGIN:VEVENT',
    'UID:moved',
    'RECURRENCE-ID:20270501T090000Z',
    'DTSTART:20270301T150000Z',
    'DURATION:PT1H',
    'END:VEVENT',
  );
  ok(read(text).includes('2027-03-01T15:00/2027-03-01T16:00'));
});

Deno.test('a broken event costs only its own times', () => {
  const text = calendarOf(
    'BEGIN:VEVENT',
    'UID:broken',
    'SUMMARY:no start',
    'END:VEVENT',
    'BEGIN:VEVENT',
    'UID:fine',
    'DTSTART:20270110T090000Z',
    'DTEND:20270110T100000Z',
    'END:VEVENT',
  );
  deepStrictEqual(read(text), ['2027-01-10T09:00/2027-01-10T10:00']);
});

Deno.test('a rule that repeats too often to expand fails the calendar, clearly', () => {
  const events = Array.from({ length: 6 }, (_, index) => [
    'BEGIN:VEVENT',
    `UID:hourly-${index}`,
    'DTSTART:20260601T000000Z',
    'DURATION:PT1M',
    'RRULE:FREQ=HOURLY;BYMINUTE=5',
    'END:VEVENT',
  ]).flat();
  ok(6 * 5_000 > MAX_STEPS_PER_CALENDAR);
  throws(() => busyTimesFromIcs(calendarOf(...events), window), TooManyOccurrencesError);
});

Deno.test('anything but iCalendar is refused', () => {
  for (const text of [
    '<!DOCTYPE html><html><body>Sign in</body></html>',
    '',
    '{"error": "not found"}',
    'BEGIN:VCALENDAR\r\nthis is : not ; a calendar',
  ]) {
    throws(() => busyTimesFromIcs(text, window), NotICalendarError, JSON.stringify(text));
  }
  deepStrictEqual(read(`\uFEFF${calendarOf()}`), []);
});

Deno.test(
  'wall-clock times in a zone: the earlier of a repeated hour, a skipped one before',
  () => {
    const at = (day: number, month: number, hour: number, minute: number, zone: string) =>
      new Date(
        wallClockToInstant({ year: 2026, month, day, hour, minute, second: 0 }, zone),
      ).toISOString();
    equal(at(15, 7, 9, 0, 'Europe/London'), '2026-07-15T08:00:00.000Z');
    equal(at(15, 12, 9, 0, 'Europe/London'), '2026-12-15T09:00:00.000Z');
    equal(at(25, 10, 1, 30, 'Europe/London'), '2026-10-25T00:30:00.000Z');
    equal(at(29, 3, 1, 30, 'Europe/London'), '2026-03-29T01:30:00.000Z');
    equal(at(1, 11, 1, 30, 'America/New_York'), '2026-11-01T05:30:00.000Z');
    equal(at(15, 7, 9, 0, 'Asia/Kolkata'), '2026-07-15T03:30:00.000Z');
  },
);
