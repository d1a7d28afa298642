import { describe, expect, it } from 'vitest';

import { closedBookingMessage } from '@/features/consultation/consultation-manage';
import { aBooking, NOW } from './consultation-fixtures';

const now = NOW.getTime();

describe('closedBookingMessage', () => {
  it('leaves a booked consultation still ahead open', () => {
    expect(closedBookingMessage(aBooking(), now)).toBeNull();
  });

  it('says who cancelled a cancelled one', () => {
    const byStaff = aBooking({ status: 'cancelled', cancelled_by: 'staff' });
    const byVisitor = aBooking({ status: 'cancelled', cancelled_by: 'visitor' });
    expect(closedBookingMessage(byStaff, now)?.title).toBe('We cancelled this consultation');
    expect(closedBookingMessage(byVisitor, now)?.title).toBe('You cancelled this consultation');
  });

  it('says a booking released unconfirmed was released, and how to arrange another', () => {
    const released = aBooking({
      status: 'cancelled',
      cancelled_by: 'unconfirmed',
      confirmed_at: null,
    });
    expect(closedBookingMessage(released, now)).toEqual({
      title: 'This booking was released',
      text: expect.stringMatching(/not confirmed .* in time.*To arrange another time, write to/),
    });
  });

  it('closes one that has begun, and one that is over, from its own start and end', () => {
    const begun = aBooking({ starts_at: '2026-11-30T12:00:00Z', ends_at: '2026-11-30T12:30:00Z' });
    expect(closedBookingMessage(begun, now)?.title).toBe('This consultation has already started');
    expect(closedBookingMessage(begun, Date.parse('2026-11-30T12:30:00Z'))?.title).toBe(
      'This consultation has taken place',
    );
    expect(closedBookingMessage(begun, now - 1)).toBeNull();
  });
});
