import { describe, expect, it } from 'vitest';

import { checkRules } from '@/features/admin/availability/booking-rules';
import { checkCalendarUrl } from '@/features/admin/availability/busy-calendar';
import { feedUrl } from '@/features/admin/availability/consultation-feed';
import { checkDateHours, type DateHours } from '@/features/admin/availability/date-hours';
import { checkRange, parseTimeOfDay } from '@/features/admin/availability/time-of-day';
import { checkTimeOff } from '@/features/admin/availability/time-off';
import {
  checkWeek,
  defaultWeek,
  draftWeekOf,
  weekChanges,
  type DraftWeek,
} from '@/features/admin/availability/weekly-hours';

const TODAY = '2026-11-28';

describe('a time of day as staff type it', () => {
  it.each([
    ['9', '09:00'],
    ['9:30', '09:30'],
    ['09.30', '09:30'],
    ['0930', '09:30'],
    ['930', '09:30'],
    [' 17:00 ', '17:00'],
    ['23:59', '23:59'],
    ['09:30:00', '09:30'],
  ])('reads %j as %s', (typed, time) => {
    expect(parseTimeOfDay(typed)).toBe(time);
  });

  it.each(['', '24:00', '9:60', '9am', '12:3', 'noon', '-1'])('refuses %j', (typed) => {
    expect(parseTimeOfDay(typed)).toBeNull();
  });

  it('says which box is wrong, quoting what was typed, and wants the end after the start', () => {
    expect(checkRange('', '')).toEqual({
      ok: false,
      errors: {
        start: 'Enter the start time, for example 09:00.',
        end: 'Enter the end time, for example 17:00.',
      },
    });
    expect(checkRange('9am', '17:00')).toEqual({
      ok: false,
      errors: { start: '“9am” is not a time: use hh:mm, for example 09:00.' },
    });
    expect(checkRange('17:00', '9')).toEqual({
      ok: false,
      errors: { range: 'The end (09:00) must be after the start (17:00).' },
    });
    expect(checkRange('9:00', '9')).toEqual({
      ok: false,
      errors: { range: 'The end (09:00) must be after the start (09:00).' },
    });
    expect(checkRange('9', '1730')).toEqual({
      ok: true,
      range: { start: '09:00', end: '17:30' },
    });
  });
});

describe('the week of hours', () => {
  it('starts a new staff member at Monday to Friday, 09:00 to 17:00', () => {
    const week = defaultWeek();
    const days = Object.entries(week).map(([day, ranges]) => [
      Number(day),
      ranges.map(({ start, end }) => `${start}-${end}`),
    ]);
    expect(days).toEqual([
      [1, ['09:00-17:00']],
      [2, ['09:00-17:00']],
      [3, ['09:00-17:00']],
      [4, ['09:00-17:00']],
      [5, ['09:00-17:00']],
      [6, []],
      [7, []],
    ]);
  });

  it('shows saved rows by weekday, each day in time order', () => {
    const week = draftWeekOf([
      { id: 'b', weekday: 1, starts_at: '13:00:00', ends_at: '17:00:00' },
      { id: 'a', weekday: 1, starts_at: '09:00:00', ends_at: '12:00:00' },
      { id: 'c', weekday: 6, starts_at: '10:00:00', ends_at: '12:00:00' },
    ]);
    expect(week[1]).toEqual([
      { key: 'a', id: 'a', start: '09:00', end: '12:00' },
      { key: 'b', id: 'b', start: '13:00', end: '17:00' },
    ]);
    expect(week[6]).toEqual([{ key: 'c', id: 'c', start: '10:00', end: '12:00' }]);
    expect(week[2]).toEqual([]);
  });

  it('refuses ranges that overlap on one day, naming the other, but not on different days', () => {
    const week: DraftWeek = {
      1: [
        { key: 'm1', start: '09:00', end: '12:30' },
        { key: 'm2', start: '12:00', end: '17:00' },
        { key: 'm3', start: '17:00', end: '18:00' },
      ],
      2: [{ key: 't1', start: '12:00', end: '17:00' }],
    };
    const checked = checkWeek(week);
    expect(checked).toEqual({
      ok: false,
      count: 2,
      errors: {
        m1: { range: 'Overlaps 12:00–17:00: hours on one day cannot overlap.' },
        m2: { range: 'Overlaps 09:00–12:30: hours on one day cannot overlap.' },
      },
    });
  });

  it('deletes what went or changed and inserts what is new or changed, keeping the rest', () => {
    const saved = [
      { id: 'keep', weekday: 1, starts_at: '09:00:00', ends_at: '12:00:00' },
      { id: 'change', weekday: 1, starts_at: '13:00:00', ends_at: '17:00:00' },
      { id: 'gone', weekday: 2, starts_at: '09:00:00', ends_at: '17:00:00' },
    ];
    const checked = checkWeek({
      1: [
        { key: 'keep', id: 'keep', start: '09:00', end: '12:00' },
        { key: 'change', id: 'change', start: '13:00', end: '16:00' },
      ],
      3: [{ key: 'new-1', start: '10:00', end: '11:00' }],
    });
    if (!checked.ok) throw new Error('the week should be valid');
    expect(weekChanges(saved, checked.ranges)).toEqual({
      deleteIds: ['change', 'gone'],
      inserts: [
        { weekday: 1, range: { start: '13:00', end: '16:00' } },
        { weekday: 3, range: { start: '10:00', end: '11:00' } },
      ],
    });
  });

  it('finishes a save that failed half way: a kept row already deleted is inserted again', () => {
    const checked = checkWeek({ 1: [{ key: 'x', id: 'x', start: '09:00', end: '17:00' }] });
    if (!checked.ok) throw new Error('the week should be valid');
    expect(weekChanges([], checked.ranges)).toEqual({
      deleteIds: [],
      inserts: [{ weekday: 1, range: { start: '09:00', end: '17:00' } }],
    });
  });
});

describe('the booking rules', () => {
  it('reads minutes, hours (with a comma or a point) and days', () => {
    expect(checkRules({ buffer: '15', notice: '1,5', horizon: '14' })).toEqual({
      ok: true,
      rules: { buffer_minutes: 15, min_notice_minutes: 90, horizon_days: 14 },
    });
    expect(checkRules({ buffer: '0', notice: '0', horizon: '90' })).toEqual({
      ok: true,
      rules: { buffer_minutes: 0, min_notice_minutes: 0, horizon_days: 90 },
    });
  });

  it('says for each field what it takes', () => {
    expect(checkRules({ buffer: '241', notice: '169', horizon: '0' })).toEqual({
      ok: false,
      errors: {
        buffer: 'Enter the buffer in whole minutes, from 0 to 240.',
        notice: 'Enter the notice in hours, from 0 to 168 (a week), for example 2 or 1.5.',
        horizon: 'Enter how far ahead in whole days, from 1 to 90.',
      },
    });
    expect(checkRules({ buffer: '7.5', notice: 'two', horizon: '' })).toMatchObject({
      ok: false,
      errors: {
        buffer: expect.stringContaining('whole minutes') as unknown,
        notice: expect.stringContaining('in hours') as unknown,
        horizon: expect.stringContaining('whole days') as unknown,
      },
    });
    expect(checkRules({ buffer: '15', notice: '0.01', horizon: '14' })).toEqual({
      ok: false,
      errors: {
        notice: 'The notice must come to whole minutes, for example 1.5 hours (90 minutes).',
      },
    });
  });
});

describe('days off', () => {
  it('take one day when the last is left blank, and trim the note', () => {
    expect(checkTimeOff({ first: '24/12/2026', last: '', note: '  Christmas ' }, TODAY)).toEqual({
      ok: true,
      value: { starts_on: '2026-12-24', ends_on: '2026-12-24', note: 'Christmas' },
    });
    expect(checkTimeOff({ first: '24/12/2026', last: '2/1/2027', note: '' }, TODAY)).toEqual({
      ok: true,
      value: { starts_on: '2026-12-24', ends_on: '2027-01-02', note: null },
    });
  });

  it('are in order, not past, and their note short', () => {
    expect(checkTimeOff({ first: '', last: '', note: '' }, TODAY)).toEqual({
      ok: false,
      errors: { first: 'Enter the first day off, for example 24/12/2026.' },
    });
    expect(checkTimeOff({ first: '03/12/2026', last: '01/12/2026', note: '' }, TODAY)).toEqual({
      ok: false,
      errors: { last: 'The last day (01/12/2026) is before the first (03/12/2026).' },
    });
    expect(checkTimeOff({ first: '01/11/2026', last: '27/11/2026', note: '' }, TODAY)).toEqual({
      ok: false,
      errors: {
        last: 'These days have passed: the last day off must be today (28/11/2026) or later.',
      },
    });
    expect(checkTimeOff({ first: '31/11/2026', last: '12-25-2026', note: '' }, TODAY)).toEqual({
      ok: false,
      errors: {
        first: 'There is no day 31/11/2026: check the day and the month.',
        last: 'There is no day 12-25-2026: check the day and the month.',
      },
    });
    expect(checkTimeOff({ first: '24/12/2026', last: '', note: 'x'.repeat(201) }, TODAY)).toEqual({
      ok: false,
      errors: { note: 'A note can be at most 200 characters; this one has 201.' },
    });
  });
});

describe('hours on a date', () => {
  const saved: DateHours[] = [
    { id: 'd1', on_date: '2026-12-05', starts_at: '10:00:00', ends_at: '13:00:00' },
  ];

  it('take a day not past and a range that overlaps nothing set that day', () => {
    expect(checkDateHours({ day: '5/12/2026', start: '13', end: '15:30' }, TODAY, saved)).toEqual({
      ok: true,
      value: { on_date: '2026-12-05', range: { start: '13:00', end: '15:30' } },
    });
    expect(checkDateHours({ day: '6/12/2026', start: '11', end: '12' }, TODAY, saved)).toEqual({
      ok: true,
      value: { on_date: '2026-12-06', range: { start: '11:00', end: '12:00' } },
    });
  });

  it('say what is wrong with the day, the times or an overlap', () => {
    expect(checkDateHours({ day: '5/12/2026', start: '12', end: '14' }, TODAY, saved)).toEqual({
      ok: false,
      errors: { range: 'Overlaps 10:00–13:00: hours on one day cannot overlap.' },
    });
    expect(checkDateHours({ day: '27/11/2026', start: '9', end: '8' }, TODAY, saved)).toEqual({
      ok: false,
      errors: {
        day: 'That day has passed: choose today (28/11/2026) or later.',
        range: 'The end (08:00) must be after the start (09:00).',
      },
    });
    expect(checkDateHours({ day: '', start: '', end: '' }, TODAY, saved)).toEqual({
      ok: false,
      errors: {
        day: 'Enter the date, for example 24/12/2026.',
        start: 'Enter the start time, for example 09:00.',
        end: 'Enter the end time, for example 17:00.',
      },
    });
  });
});

describe('the busy calendar address', () => {
  it('takes https, and a webcal address over https, with the path the database wants', () => {
    expect(checkCalendarUrl(' https://calendar.google.com/calendar/ical/x/basic.ics ')).toEqual({
      ok: true,
      url: 'https://calendar.google.com/calendar/ical/x/basic.ics',
    });
    expect(checkCalendarUrl('webcal://p01-caldav.icloud.com/published/2/abc')).toEqual({
      ok: true,
      url: 'https://p01-caldav.icloud.com/published/2/abc',
    });
    expect(checkCalendarUrl('https://cal.example.com')).toEqual({
      ok: true,
      url: 'https://cal.example.com/',
    });
  });

  it('refuses a blank, something that is not an address, plain http and a long one', () => {
    expect(checkCalendarUrl('  ')).toEqual({
      ok: false,
      message: 'Paste the private address of your calendar in iCal format, starting https://.',
    });
    expect(checkCalendarUrl('my calendar')).toEqual({
      ok: false,
      message: 'This is not a web address: paste the whole address, starting https://.',
    });
    expect(checkCalendarUrl('http://cal.example.com/x.ics')).toEqual({
      ok: false,
      message: 'The address must start with https:// (or webcal://).',
    });
    expect(checkCalendarUrl(`https://cal.example.com/${'a'.repeat(2000)}`)).toEqual({
      ok: false,
      message: 'The address is 2,024 characters long; the most is 2,000.',
    });
  });

  it('refuses what the calendar reader would refuse: another port, a user name or password', () => {
    const refused = {
      ok: false,
      message:
        'Give the address without a port or a user name and password: calendars are read only from public https addresses.',
    };
    expect(checkCalendarUrl('https://cal.example.com:8443/x.ics')).toEqual(refused);
    expect(checkCalendarUrl('https://ada:secret@cal.example.com/x.ics')).toEqual(refused);
    expect(checkCalendarUrl('webcal://ada@cal.example.com/x.ics')).toEqual(refused);
    expect(checkCalendarUrl('https://cal.example.com:443/x.ics')).toEqual({
      ok: true,
      url: 'https://cal.example.com/x.ics',
    });
  });
});

describe('the feed address', () => {
  it('is the feed function of the Supabase project with the token', () => {
    expect(feedUrl('abc_-123', 'https://abcd.supabase.co/')).toBe(
      'https://abcd.supabase.co/functions/v1/consultation-feed?token=abc_-123',
    );
    expect(feedUrl('a+b/c=', 'http://127.0.0.1:54321')).toBe(
      'http://127.0.0.1:54321/functions/v1/consultation-feed?token=a%2Bb%2Fc%3D',
    );
  });
});
