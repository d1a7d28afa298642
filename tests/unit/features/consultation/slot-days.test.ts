import { describe, expect, it } from 'vitest';

import {
  fullDayLabel,
  groupSlotsByDay,
  sameWallClock,
  timeLabel,
  timeRangeLabel,
} from '@/features/consultation/slot-days';

/** Each day's label and its times as the zone's clocks show them, on the 24-hour clock. */
const shown = (slots: string[], zone: string) =>
  groupSlotsByDay(slots, zone).map((day) => ({
    key: day.key,
    label: day.label,
    times: day.slots.map((slot) => timeLabel(slot, zone, 'h23')),
  }));

describe('groupSlotsByDay', () => {
  it('puts the same UTC hour on different London days either side of the spring change', () => {
    // The UK moves to BST at 01:00 UTC on 29 March 2026; New York moved on 8 March.
    const slots = [
      '2026-03-29T23:30:00Z',
      '2026-03-28T23:30:00Z',
      '2026-03-29T01:30:00Z',
      '2026-03-29T00:30:00Z',
    ];
    expect(shown(slots, 'Europe/London')).toEqual([
      { key: '2026-03-28', label: 'Saturday 28 March', times: ['23:30'] },
      { key: '2026-03-29', label: 'Sunday 29 March', times: ['00:30', '02:30'] },
      { key: '2026-03-30', label: 'Monday 30 March', times: ['00:30'] },
    ]);
    expect(shown(slots, 'America/New_York')).toEqual([
      { key: '2026-03-28', label: 'Saturday 28 March', times: ['19:30', '20:30', '21:30'] },
      { key: '2026-03-29', label: 'Sunday 29 March', times: ['19:30'] },
    ]);
  });

  it('keeps both slots of the hour London repeats in autumn, on one day', () => {
    // BST ends at 01:00 UTC on 25 October 2026: 00:30 and 01:30 UTC both read 01:30 in London.
    const slots = [
      '2026-10-24T23:30:00Z',
      '2026-10-25T00:30:00Z',
      '2026-10-25T01:30:00Z',
      '2026-10-25T23:30:00Z',
    ];
    expect(shown(slots, 'Europe/London')).toEqual([
      {
        key: '2026-10-25',
        label: 'Sunday 25 October',
        times: ['00:30', '01:30', '01:30', '23:30'],
      },
    ]);
    // New York is still on EDT until 1 November.
    expect(shown(slots, 'America/New_York')).toEqual([
      { key: '2026-10-24', label: 'Saturday 24 October', times: ['19:30', '20:30', '21:30'] },
      { key: '2026-10-25', label: 'Sunday 25 October', times: ['19:30'] },
    ]);
  });

  it('shows a London morning at the same clock time across the change, and New York an hour apart', () => {
    const slots = ['2026-03-27T09:00:00Z', '2026-03-30T08:00:00Z'];
    expect(shown(slots, 'Europe/London').map((day) => day.times)).toEqual([['09:00'], ['09:00']]);
    expect(shown(slots, 'America/New_York').map((day) => day.times)).toEqual([
      ['05:00'],
      ['04:00'],
    ]);
  });

  it('has no days without slots', () => {
    expect(groupSlotsByDay([], 'Europe/London')).toEqual([]);
  });
});

describe('the labels', () => {
  it('names the full day with its year, in the zone', () => {
    expect(fullDayLabel('2026-12-01T23:30:00Z', 'Europe/London')).toBe('Tuesday 1 December 2026');
    expect(fullDayLabel('2026-12-01T23:30:00Z', 'Asia/Tokyo')).toBe('Wednesday 2 December 2026');
  });

  it('writes a time on the 24-hour clock with two-digit hours', () => {
    expect(timeLabel('2026-12-01T09:05:00Z', 'Europe/London', 'h23')).toBe('09:05');
    expect(timeLabel('2026-12-01T00:30:00Z', 'Europe/London', 'h23')).toBe('00:30');
    expect(timeRangeLabel('2026-12-01T13:30:00Z', '2026-12-01T14:00:00Z', 'UTC', 'h23')).toBe(
      '13:30–14:00',
    );
  });

  it('writes a time on the 12-hour clock with am or pm, midnight and noon as 12', () => {
    expect(timeLabel('2026-12-01T09:05:00Z', 'Europe/London', 'h12')).toBe('9:05 am');
    expect(timeLabel('2026-12-01T00:30:00Z', 'Europe/London', 'h12')).toBe('12:30 am');
    expect(timeLabel('2026-12-01T12:00:00Z', 'Europe/London', 'h12')).toBe('12:00 pm');
    expect(timeRangeLabel('2026-12-01T16:30:00Z', '2026-12-01T17:00:00Z', 'UTC', 'h12')).toBe(
      '4:30 pm–5:00 pm',
    );
    // In the zone: 14:00 UTC is 9 in the morning in New York.
    expect(timeLabel('2026-12-01T14:00:00Z', 'America/New_York', 'h12')).toBe('9:00 am');
  });

  it('tells when two zones read the same clock', () => {
    expect(sameWallClock('2026-12-01T09:00:00Z', 'Europe/Lisbon', 'Europe/London')).toBe(true);
    expect(sameWallClock('2026-12-01T09:00:00Z', 'Europe/Paris', 'Europe/London')).toBe(false);
  });
});
