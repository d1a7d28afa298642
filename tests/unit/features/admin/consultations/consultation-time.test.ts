import { describe, expect, it } from 'vitest';

import {
  consultationShortDay,
  prospectClock,
  prospectTime,
  zoneLabel,
} from '@/features/admin/consultations/consultation-time';

describe('a prospect’s zone and time beside London’s', () => {
  it('names a zone by its city, London as UK time, and UTC as itself', () => {
    expect(zoneLabel('America/New_York')).toBe('New York time');
    expect(zoneLabel('America/Argentina/Buenos_Aires')).toBe('Buenos Aires time');
    expect(zoneLabel('Europe/London')).toBe('UK time');
    expect(zoneLabel('UTC')).toBe('UTC');
  });

  it('gives their weekday and clock, never the raw zone name, and nothing when it reads as London', () => {
    expect(prospectTime('2026-12-01T10:00:00Z', 'America/New_York')).toBe(
      'Tue 05:00 New York time',
    );
    expect(prospectTime('2026-12-01T10:00:00Z', 'Europe/Dublin')).toBeNull();
    expect(prospectTime('2026-12-01T10:00:00Z', 'Mars/Olympus_Mons')).toBeNull();
  });

  it('beside a free time: the clock alone, the weekday only when it is another day there', () => {
    expect(prospectClock('2026-12-01T14:00:00Z', 'America/New_York')).toBe('09:00 New York time');
    expect(prospectClock('2026-12-01T09:00:00Z', 'America/Los_Angeles')).toBe(
      '01:00 Los Angeles time',
    );
    expect(prospectClock('2026-12-01T07:00:00Z', 'America/Los_Angeles')).toBe(
      'Mon 23:00 Los Angeles time',
    );
    expect(prospectClock('2026-12-01T14:00:00Z', 'Europe/London')).toBeNull();
  });
});

describe('a day in the move picker', () => {
  it('leaves out the year while it is this year', () => {
    const now = new Date('2026-12-04T12:00:00Z');
    expect(consultationShortDay('2026-12-07T10:00:00Z', now)).toBe('Mon 07 Dec');
    expect(consultationShortDay('2027-01-04T10:00:00Z', now)).toBe('Mon 04 Jan 2027');
  });
});
