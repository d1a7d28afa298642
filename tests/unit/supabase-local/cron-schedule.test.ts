import { describe, expect, it } from 'vitest';

import { parseCronSchedule } from '../../../supabase/local/jobs/cron-schedule.ts';

const at = (iso: string) => new Date(iso);

describe("pg_cron's schedules, read in GMT", () => {
  it('every five minutes', () => {
    const due = parseCronSchedule('*/5 * * * *');
    expect(due(at('2026-11-28T10:00:00Z'))).toBe(true);
    expect(due(at('2026-11-28T10:35:00Z'))).toBe(true);
    expect(due(at('2026-11-28T10:36:00Z'))).toBe(false);
  });

  it('hourly at minute 2, and daily at 03:17 GMT whatever the London clock says', () => {
    const hourly = parseCronSchedule('2 * * * *');
    expect(hourly(at('2026-11-28T23:02:00Z'))).toBe(true);
    expect(hourly(at('2026-11-28T23:03:00Z'))).toBe(false);
    const daily = parseCronSchedule('17 3 * * *');
    expect(daily(at('2026-07-01T03:17:00Z'))).toBe(true);
    expect(daily(at('2026-07-01T02:17:00Z'))).toBe(false);
  });

  it('ranges, lists and steps over a range; 0 and 7 are both Sunday', () => {
    const weekdayMornings = parseCronSchedule('0,30 8-10/2 * * 1-5');
    expect(weekdayMornings(at('2026-11-30T08:30:00Z'))).toBe(true); // a Monday
    expect(weekdayMornings(at('2026-11-30T09:30:00Z'))).toBe(false);
    expect(weekdayMornings(at('2026-11-29T08:30:00Z'))).toBe(false); // a Sunday
    expect(parseCronSchedule('0 0 * * 7')(at('2026-11-29T00:00:00Z'))).toBe(true);
    expect(parseCronSchedule('0 0 * * 0')(at('2026-11-29T00:00:00Z'))).toBe(true);
  });

  it('matches either day field when both are restricted, as cron does', () => {
    const firstOrMonday = parseCronSchedule('0 0 1 * 1');
    expect(firstOrMonday(at('2026-12-01T00:00:00Z'))).toBe(true); // the 1st, a Tuesday
    expect(firstOrMonday(at('2026-11-30T00:00:00Z'))).toBe(true); // a Monday
    expect(firstOrMonday(at('2026-12-02T00:00:00Z'))).toBe(false);
  });

  it('refuses what it cannot read, naming the field', () => {
    expect(() => parseCronSchedule('30 seconds')).toThrow('not a five-field cron schedule');
    expect(() => parseCronSchedule('60 * * * *')).toThrow('The minute "60" is outside 0-59');
    expect(() => parseCronSchedule('* * * jan *')).toThrow('Cannot read the month "jan"');
  });
});
