import { vi } from 'vitest';

import type { ConsultationRefusal } from '@shared/consultation-wire';

import type { Booking, ConsultationSlots } from '@/features/consultation/consultation-api';
import type { ApiAnswer } from './consultation-api-network';

/** The tests' clock: a Monday, the day before the first free slot. */
export const NOW = new Date('2026-11-30T12:00:00Z');

/** A signature's 43 base64url characters, starting with a word to tell the tokens apart. */
const signature = (word: string) => word.padEnd(43, 'A');

export const BOOK_TOKEN = `b.5d1e2f3a-0000-4000-8000-000000000001.0.1796000000.${signature('Ym9vaw')}`;
export const MANAGE_TOKEN = `m.7a7a7a7a-0000-4000-8000-000000000002.0.1796000000.${signature('bWFuYWdl')}`;
export const CONFIRM_TOKEN = `c.7a7a7a7a-0000-4000-8000-000000000002.0.1796000000.${signature('Y29uZmlybQ')}`;
export const NEW_MANAGE_TOKEN = `m.7a7a7a7a-0000-4000-8000-000000000002.1.1796000000.${signature('bmV3')}`;

/** Tuesday 1 December (three times) and Wednesday 2 December (two), as PostgreSQL writes them. */
export const FREE_SLOTS = [
  '2026-12-01T09:00:00+00:00',
  '2026-12-01T09:30:00+00:00',
  '2026-12-01T14:00:00+00:00',
  '2026-12-02T10:00:00+00:00',
  '2026-12-02T15:30:00+00:00',
];

export function aBooking(overrides: Partial<Booking> = {}): Booking {
  return {
    id: '7a7a7a7a-0000-4000-8000-000000000002',
    status: 'booked',
    starts_at: '2026-12-01T09:30:00+00:00',
    ends_at: '2026-12-01T10:00:00+00:00',
    sequence: 0,
    staff_name: 'Ada Lovelace',
    visitor_time_zone: 'Europe/London',
    cancelled_by: null,
    confirmed_at: '2026-11-30T11:00:00+00:00',
    hold_until: null,
    ...overrides,
  };
}

/** A booking just made and held until its address is confirmed: noon the next day. */
export const aHeldBooking = (overrides: Partial<Booking> = {}): Booking =>
  aBooking({ confirmed_at: null, hold_until: '2026-12-01T12:00:00+00:00', ...overrides });

export function slotsAnswer(overrides: Partial<ConsultationSlots> = {}): ApiAnswer {
  const answer: ConsultationSlots = {
    meeting_minutes: 30,
    slots: FREE_SLOTS,
    booking: null,
    host_time_zone: 'Europe/London',
    ...overrides,
  };
  return { data: answer };
}

/** A refusal as the database raises it: P0001 with the hint (and for a taken time, DETAIL). */
export function refusal(hint: ConsultationRefusal, details?: string): ApiAnswer {
  return { refusal: hint, details };
}

const resolvedOptions = Intl.DateTimeFormat.prototype.resolvedOptions;

/**
 * Makes the browser report `zone` as its own and `languages` as the visitor's (British English,
 * so the 24-hour clock, unless given), as a visitor there would see.
 */
export function visitorIn(zone: string, languages: readonly string[] = ['en-GB']) {
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
    this: Intl.DateTimeFormat,
  ) {
    return { ...resolvedOptions.call(this), timeZone: zone };
  });
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
}
