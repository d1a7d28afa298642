import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { ConsultationBooking } from '@/features/admin/consultations/consultation-bookings';
import { EnquiryConsultationSection } from '@/features/admin/consultations/enquiry-consultation-section';

import { filterOn, type PostgrestHandler } from '../../../support/supabase-network';
import { renderAdmin, settledAdminCache, useDashboardNetwork } from '../admin-test-data';

const network = useDashboardNetwork();

const ENQUIRY = '00000000-0000-4000-8000-000000000001';
const BOOKING = '00000000-0000-4000-8000-00000000b001';

function booking(overrides: Partial<ConsultationBooking> = {}): ConsultationBooking {
  return {
    id: BOOKING,
    staff_id: 'staff-1',
    starts_at: '2099-12-01T10:00:00+00:00',
    ends_at: '2099-12-01T10:30:00+00:00',
    status: 'booked',
    sequence: 0,
    visitor_time_zone: 'Europe/London',
    created_at: '2026-11-28T09:00:00+00:00',
    cancelled_at: null,
    cancelled_by: null,
    confirmed_at: '2026-11-28T09:05:00+00:00',
    hold_until: null,
    ...overrides,
  };
}

/** The free starts the database offers for the move: the booking's own time among them. */
const SLOTS = {
  meeting_minutes: 30,
  host_time_zone: 'Europe/London',
  booking: null,
  slots: [
    '2099-12-01T10:00:00+00:00',
    '2099-12-01T10:30:00+00:00',
    '2099-12-01T14:00:00+00:00',
    '2099-12-02T09:00:00+00:00',
  ],
};

const moved = (startsAt: string, endsAt: string) => ({
  data: {
    booking: {
      id: BOOKING,
      status: 'booked',
      starts_at: startsAt,
      ends_at: endsAt,
      sequence: 1,
      staff_name: 'Ada Lovelace',
      visitor_time_zone: 'Europe/London',
      cancelled_by: null,
    },
  },
});

function renderSection(
  bookings: () => ConsultationBooking[],
  rpc: Record<string, PostgrestHandler> = {},
) {
  const { client, requests } = network.answer({
    tables: { consultation_bookings: () => ({ data: bookings() }) },
    rpc: {
      list_staff: () => ({
        data: [{ id: 'staff-1', email: 'ada@example.com', display_name: 'Ada Lovelace' }],
      }),
      ...rpc,
    },
  });
  renderAdmin(<EnquiryConsultationSection enquiryId={ENQUIRY} />, client, {
    queryClient: settledAdminCache(),
  });
  /** The consultation functions called, with their arguments. */
  const calls = () =>
    requests
      .filter((request) => request.kind === 'rpc' && request.name !== 'list_staff')
      .map(({ method, name, body }) => ({ method, name, body }));
  const reads = () => requests.filter((request) => request.name === 'consultation_bookings');
  return { calls, reads, user: userEvent.setup() };
}

const section = () => screen.getByRole('region', { name: 'Consultation' });

describe("the enquiry record's consultation", () => {
  it('says when none is booked', async () => {
    const { reads } = renderSection(() => []);
    expect(await screen.findByText('No consultation booked.')).toBeInTheDocument();
    const [read] = reads();
    expect(read?.method).toBe('GET');
    expect(filterOn(read!, 'submission_id')).toEqual({ op: 'eq', value: ENQUIRY });
    expect(read?.params.get('order')).toBe('created_at.desc');
  });

  it('shows the newest booking in London time with its host, the prospect’s own time and the earlier ones', async () => {
    renderSection(() => [
      booking({ sequence: 1, visitor_time_zone: 'Europe/Paris' }),
      booking({
        id: 'older',
        status: 'cancelled',
        starts_at: '2099-11-20T15:00:00+00:00',
        ends_at: '2099-11-20T15:30:00+00:00',
        cancelled_at: '2026-11-27T10:00:00+00:00',
        cancelled_by: 'visitor',
      }),
    ]);
    expect(await screen.findByText('Tue 01 Dec 2099, 10:00–10:30')).toBeInTheDocument();
    expect(section()).toHaveTextContent('(London time)');
    expect(await within(section()).findByText('With Ada Lovelace')).toBeInTheDocument();
    expect(
      within(section()).getByText('For the prospect: Tue 11:00 Paris time.'),
    ).toBeInTheDocument();
    expect(within(section()).getByText('Moved once.')).toBeInTheDocument();
    expect(
      within(section()).getByText(
        'Moving or cancelling e-mails the prospect an updated calendar invitation.',
      ),
    ).toBeInTheDocument();
    const earlier = within(section()).getByRole('list', { name: 'Earlier bookings, newest first' });
    expect(within(earlier).getByRole('listitem')).toHaveTextContent(
      'Fri 20 Nov 2099, 15:00–15:30 with Ada Lovelace · Cancelled',
    );
    expect(within(section()).getByText('Confirmed')).toBeInTheDocument();
  });

  it('moves to a day and time chosen from the free times, then says the prospect is mailed', async () => {
    let current = booking();
    const { calls, reads, user } = renderSection(() => [current], {
      staff_consultation_slots: () => ({ data: SLOTS }),
      staff_move_consultation: () => {
        current = booking({
          starts_at: '2099-12-02T09:00:00+00:00',
          ends_at: '2099-12-02T09:30:00+00:00',
          sequence: 1,
        });
        return moved(current.starts_at, current.ends_at);
      },
    });
    const move = await screen.findByRole('button', { name: 'Move' });
    move.focus();
    await user.keyboard('{Enter}');
    const panel = screen.getByRole('group', { name: 'Move to another time' });
    expect(within(panel).getByRole('heading', { name: 'Move to another time' })).toHaveFocus();
    expect(panel).toHaveTextContent(
      'Free 30-minute times with Ada Lovelace, London time. The prospect is e-mailed an updated calendar invitation.',
    );
    const day = await within(panel).findByLabelText('Day');
    const options = (select: HTMLElement) =>
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent);
    // the booking's own time is not offered
    expect(options(day)).toEqual(['Tue 01 Dec 2099 (2 free)', 'Wed 02 Dec 2099 (1 free)']);
    expect(options(within(panel).getByLabelText('Time'))).toEqual(['10:30–11:00', '14:00–14:30']);
    await user.selectOptions(day, 'Wed 02 Dec 2099 (1 free)');
    expect(options(within(panel).getByLabelText('Time'))).toEqual(['09:00–09:30']);
    await user.click(
      within(panel).getByRole('button', { name: 'Move to Wed 02 Dec 2099, 09:00–09:30' }),
    );

    expect(
      await screen.findByText(
        'Consultation moved to Wed 02 Dec 2099, 09:00–09:30. The prospect is e-mailed the updated invitation.',
      ),
    ).toBeInTheDocument();
    expect(calls()).toEqual([
      { method: 'POST', name: 'staff_consultation_slots', body: { p_booking_id: BOOKING } },
      {
        method: 'POST',
        name: 'staff_move_consultation',
        body: { p_booking_id: BOOKING, p_starts_at: '2099-12-02T09:00:00+00:00' },
      },
    ]);
    expect(screen.queryByRole('group', { name: 'Move to another time' })).toBeNull();
    expect(await screen.findByText('Wed 02 Dec 2099, 09:00–09:30')).toBeInTheDocument();
    expect(reads().length).toBeGreaterThanOrEqual(2);
    expect(screen.getByRole('button', { name: 'Move' })).toHaveFocus();
  });

  it('offers other times again when the chosen one was just taken', async () => {
    let slotReads = 0;
    const { calls, user } = renderSection(() => [booking()], {
      staff_consultation_slots: () => {
        slotReads += 1;
        return {
          data: {
            ...SLOTS,
            slots: slotReads === 1 ? SLOTS.slots : ['2099-12-01T14:00:00+00:00'],
          },
        };
      },
      staff_move_consultation: () => ({
        error: {
          code: 'P0001',
          message: 'That time was just taken. Here are the nearest free times.',
          details: '["2099-12-01T14:00:00+00:00"]',
          hint: 'consultation_slot_taken',
        },
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Move' }));
    await user.click(
      await screen.findByRole('button', { name: 'Move to Tue 01 Dec 2099, 10:30–11:00' }),
    );
    expect(
      await screen.findByText('Not moved: That time was taken a moment ago. Choose another time.'),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole('button', { name: 'Move to Tue 01 Dec 2099, 14:00–14:30' }),
    ).toBeInTheDocument();
    expect(calls().map(({ name }) => name)).toEqual([
      'staff_consultation_slots',
      'staff_move_consultation',
      'staff_consultation_slots',
    ]);
  });

  it('says when there is no other free time, and Keep the current time goes back', async () => {
    const { calls, user } = renderSection(() => [booking()], {
      staff_consultation_slots: () => ({ data: { ...SLOTS, slots: [SLOTS.slots[0]] } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Move' }));
    expect(
      await screen.findByText('No other free times with Ada Lovelace at the moment.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Move to / })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Keep the current time' }));
    expect(screen.getByRole('button', { name: 'Move' })).toHaveFocus();
    expect(calls().map(({ name }) => name)).toEqual(['staff_consultation_slots']);
  });

  it('says why the free times could not be loaded', async () => {
    const { user } = renderSection(() => [booking()], {
      staff_consultation_slots: () => ({
        error: {
          code: 'P0001',
          message: 'This consultation is not booked any more.',
          hint: 'consultation_cancelled',
        },
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Move' }));
    expect(
      await screen.findByText(
        'The free times could not be loaded: This consultation is not booked any more: it may have been cancelled a moment ago.',
      ),
    ).toBeInTheDocument();
  });

  it('cancels only once confirmed, and then shows it cancelled', async () => {
    let current = booking();
    const { calls, user } = renderSection(() => [current], {
      staff_cancel_consultation: () => {
        current = booking({
          status: 'cancelled',
          cancelled_at: '2026-11-28T12:00:00+00:00',
          cancelled_by: 'staff',
        });
        return {
          data: {
            booking: { id: BOOKING, starts_at: current.starts_at, ends_at: current.ends_at },
          },
        };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel consultation' }));
    const confirm = screen.getByRole('group', { name: 'Cancel the consultation?' });
    const question = within(confirm).getByText(
      'Cancel the consultation on Tue 01 Dec 2099, 10:00–10:30? Its time is freed and the prospect is e-mailed the cancellation.',
    );
    expect(question).toHaveFocus();
    await user.click(within(confirm).getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('group', { name: 'Cancel the consultation?' })).toBeNull();
    expect(calls()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Cancel consultation' }));
    await user.click(screen.getByRole('button', { name: 'Yes, cancel it' }));
    expect(
      await screen.findByText(
        'Consultation cancelled: its time is free again. The prospect is e-mailed the cancellation.',
      ),
    ).toBeInTheDocument();
    expect(calls()).toEqual([
      { method: 'POST', name: 'staff_cancel_consultation', body: { p_booking_id: BOOKING } },
    ]);
    expect(screen.getByRole('heading', { name: 'Consultation' })).toHaveFocus();
    await waitFor(() =>
      expect(section()).toHaveTextContent(
        'Cancelled by staff on 28 Nov 2026, 12:00: was Tue 01 Dec 2099, 10:00–10:30 with Ada Lovelace.',
      ),
    );
    expect(screen.queryByRole('button', { name: 'Move' })).toBeNull();
  });

  it('says why a cancellation was refused', async () => {
    const { user } = renderSection(() => [booking()], {
      staff_cancel_consultation: () => ({
        error: {
          code: 'P0001',
          message: 'This consultation has already started.',
          hint: 'consultation_past',
        },
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel consultation' }));
    await user.click(screen.getByRole('button', { name: 'Yes, cancel it' }));
    expect(
      await screen.findByText(
        'Not cancelled: This consultation has already started, so it can no longer be changed.',
      ),
    ).toBeInTheDocument();
  });

  it('offers neither Move nor Cancel once the time has passed', async () => {
    renderSection(() => [
      booking({ starts_at: '2026-01-05T10:00:00+00:00', ends_at: '2026-01-05T10:30:00+00:00' }),
    ]);
    expect(await screen.findByText('Mon 05 Jan 2026, 10:00–10:30')).toBeInTheDocument();
    expect(await within(section()).findByText(/this time has passed/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Move' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel consultation' })).toBeNull();
  });

  it('says a confirmed booking is confirmed, quietly', async () => {
    renderSection(() => [booking()]);
    expect(await within(await waitFor(section)).findByText('Confirmed')).toBeInTheDocument();
    expect(within(section()).queryByText(/Not confirmed yet/)).toBeNull();
  });

  it('says a held booking is not confirmed yet, and when it is released (London time)', async () => {
    renderSection(() => [
      // summer: London is an hour ahead of UTC
      booking({
        starts_at: '2099-07-03T09:00:00+00:00',
        ends_at: '2099-07-03T09:30:00+00:00',
        confirmed_at: null,
        hold_until: '2099-07-01T08:15:00+00:00',
      }),
    ]);
    const badge = await within(await waitFor(section)).findByText(
      'Not confirmed yet — released Wed 01 Jul 2099, 09:15 unless the prospect confirms',
    );
    expect(badge).toHaveClass('text-xs');
    expect(within(section()).queryByText('Confirmed')).toBeNull();
    // staff may still move or cancel it
    expect(screen.getByRole('button', { name: 'Move' })).toBeInTheDocument();
  });

  it('says a released booking was not confirmed, where a cancelled one says who cancelled', async () => {
    renderSection(() => [
      booking({
        status: 'cancelled',
        confirmed_at: null,
        hold_until: null,
        cancelled_at: '2026-11-29T09:00:00+00:00',
        cancelled_by: 'unconfirmed',
      }),
      booking({
        id: 'older',
        status: 'cancelled',
        starts_at: '2099-11-20T15:00:00+00:00',
        ends_at: '2099-11-20T15:30:00+00:00',
        confirmed_at: null,
        cancelled_at: '2026-11-27T10:00:00+00:00',
        cancelled_by: 'unconfirmed',
      }),
    ]);
    await waitFor(() =>
      expect(section()).toHaveTextContent(
        'Released: the prospect did not confirm on 29 Nov 2026, 09:00: was Tue 01 Dec 2099, 10:00–10:30 with Ada Lovelace.',
      ),
    );
    expect(section()).not.toHaveTextContent(/Cancelled by/);
    expect(within(section()).queryByText('Confirmed')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Move' })).toBeNull();
    const earlier = within(section()).getByRole('list', { name: 'Earlier bookings, newest first' });
    expect(within(earlier).getByRole('listitem')).toHaveTextContent(
      'Fri 20 Nov 2099, 15:00–15:30 with Ada Lovelace · Released: the prospect did not confirm',
    );
  });

  it('names a host no longer on the staff list as a former staff member', async () => {
    renderSection(() => [booking({ staff_id: null })]);
    expect(
      await within(await waitFor(section)).findByText('With a former staff member'),
    ).toBeInTheDocument();
  });
});
