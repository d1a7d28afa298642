import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';

import { AvailabilityPanel } from '@/features/admin/availability/availability-panel';
import { draftKey } from '@/lib/staff-drafts';

import type { PostgrestHandler, PostgrestRequest } from '../../../support/supabase-network';
import { renderAdmin, settledAdminCache, useDashboardNetwork } from '../admin-test-data';
import {
  availabilityBackend,
  STAFF_ID,
  type AvailabilityState,
  type OutsideBooking,
} from './availability-backend';

const network = useDashboardNetwork();

afterEach(() => {
  localStorage.clear();
});

const WEEK = [1, 2, 3, 4, 5].map((weekday) => ({
  id: `row-${weekday}`,
  weekday,
  starts_at: '09:00:00',
  ends_at: '17:00:00',
}));

const SETTINGS = { time_zone: 'Europe/London' };

/** A Monday consultation with a prospect in New York, far enough ahead to be still to come. */
const MONDAY_BOOKING: OutsideBooking = {
  id: 'booking-1',
  submission_id: 'enquiry-1',
  name: 'Sam Prospect',
  company: 'Prospect Ltd',
  starts_at: '2099-11-30T10:00:00+00:00',
  ends_at: '2099-11-30T10:30:00+00:00',
  visitor_time_zone: 'America/New_York',
  reason: 'outside_hours',
};

const STORED = draftKey(STAFF_ID, 'availability');

function renderPanel(state: AvailabilityState = {}, rpc: Record<string, PostgrestHandler> = {}) {
  const backend = availabilityBackend({ settings: SETTINGS, weekly: WEEK, ...state });
  const { client, requests } = network.answer({
    userId: STAFF_ID,
    aal: 'aal2',
    tables: backend.tables,
    rpc: { ...backend.rpc, ...rpc },
  });
  const view = renderAdmin(<AvailabilityPanel staffId={STAFF_ID} />, client, {
    url: '/admin/availability',
    queryClient: settledAdminCache(),
  });
  const calls = (name: string) =>
    requests.filter((request: PostgrestRequest) => request.name === name);
  return { backend, calls, view, user: userEvent.setup() };
}

const monday = () => screen.getByRole('group', { name: 'Monday, hours 1' });

async function loaded() {
  await screen.findByRole('form', { name: 'Weekly hours' });
}

describe('booked consultations a change would strand', () => {
  it('lists them before saving the week, and saves only when asked', async () => {
    const { backend, calls, user } = renderPanel({
      outside: (change) =>
        change.p_weekly_hours || !('p_weekly_hours' in change) ? [MONDAY_BOOKING] : [],
    });
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Remove Monday, hours 1' }));
    await user.click(screen.getByRole('button', { name: 'Save weekly hours' }));

    const warning = await screen.findByRole('region', {
      name: 'Saving these weekly hours leaves one booked consultation outside them',
    });
    expect(within(warning).getByRole('heading')).toHaveFocus();
    expect(calls('consultations_outside_hours')[0]!.body).toEqual({
      p_weekly_hours: [2, 3, 4, 5].map((weekday) => ({
        weekday,
        starts_at: '09:00',
        ends_at: '17:00',
      })),
    });
    const item = within(warning).getByRole('listitem');
    expect(item).toHaveTextContent('Mon 30 Nov 2099, 10:00–10:30 (London time)');
    expect(item).toHaveTextContent(
      'Sam Prospect (Prospect Ltd) · outside your hours · for the prospect: Mon 05:00 New York time',
    );
    // nothing is written until the staff member says so
    expect(backend.rows().weekly).toHaveLength(5);
    expect(screen.queryByRole('button', { name: 'Save weekly hours' })).not.toBeInTheDocument();

    await user.click(within(warning).getByRole('button', { name: 'Save weekly hours anyway' }));
    expect(await screen.findByText('Weekly hours saved.')).toBeInTheDocument();
    expect(backend.rows().weekly).toHaveLength(4);
    // read again against what is now saved
    expect(
      await screen.findByRole('region', {
        name: 'Saved. One booked consultation now outside your availability',
      }),
    ).toBeInTheDocument();
    expect(calls('consultations_outside_hours').at(-1)!.body).toEqual({});
  });

  it('Keep editing goes back without saving; a week stranding nothing saves at once', async () => {
    const { backend, user } = renderPanel({
      outside: (change) =>
        (change.p_weekly_hours as unknown[] | undefined)?.length === 4 ? [MONDAY_BOOKING] : [],
    });
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Remove Monday, hours 1' }));
    await user.click(screen.getByRole('button', { name: 'Save weekly hours' }));
    const warning = await screen.findByRole('region', { name: /^Saving these weekly hours/ });
    await user.click(within(warning).getByRole('button', { name: 'Keep editing' }));
    expect(warning).not.toBeInTheDocument();
    expect(backend.rows().weekly).toHaveLength(5);

    await user.click(screen.getByRole('button', { name: 'Add hours on Monday' }));
    await user.click(screen.getByRole('button', { name: 'Save weekly hours' }));
    expect(await screen.findByText('Weekly hours saved.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /booked consultation/ })).not.toBeInTheDocument();
  });

  it('a day off over a booking warns; Cancel there cancels it and reads the list again', async () => {
    let cancelled = false;
    const { backend, calls, user } = renderPanel(
      { outside: () => (cancelled ? [] : [{ ...MONDAY_BOOKING, reason: 'day_off' }]) },
      {
        staff_cancel_consultation: () => {
          cancelled = true;
          return {
            data: {
              booking: {
                id: 'booking-1',
                starts_at: MONDAY_BOOKING.starts_at,
                ends_at: MONDAY_BOOKING.ends_at,
              },
            },
          };
        },
      },
    );
    await loaded();
    await user.type(screen.getByLabelText(/First day off/), '30/11/2099');
    await user.click(screen.getByRole('button', { name: 'Add days off' }));
    const warning = await screen.findByRole('region', {
      name: 'Saving these days off leaves one booked consultation outside them',
    });
    expect(calls('consultations_outside_hours')[0]!.body).toEqual({
      p_time_off: [{ starts_on: '2099-11-30', ends_on: '2099-11-30' }],
    });
    expect(within(warning).getByRole('listitem')).toHaveTextContent('on a day off');
    expect(backend.rows().timeOff).toEqual([]);

    await user.click(
      within(warning).getByRole('button', {
        name: 'Cancel consultation with Sam Prospect (Prospect Ltd)',
      }),
    );
    await user.click(within(warning).getByRole('button', { name: 'Yes, cancel it' }));
    expect(calls('staff_cancel_consultation')[0]!.body).toEqual({ p_booking_id: 'booking-1' });
    expect(
      await within(warning).findByText(
        'Sam Prospect (Prospect Ltd): consultation cancelled. The prospect is e-mailed the cancellation.',
      ),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole('region', {
        name: 'Nothing is booked outside these days off any more',
      }),
    ).toBeInTheDocument();
    await user.click(within(warning).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Days off added: 30 Nov 2099.')).toBeInTheDocument();
    // the list is read again against what is saved, and nothing is left on it
    await waitFor(() => expect(warning).not.toBeInTheDocument());
  });

  it("Move there offers the free times with the prospect's own clock beside each", async () => {
    const { calls, user } = renderPanel(
      { outside: () => [MONDAY_BOOKING] },
      {
        staff_consultation_slots: () => ({
          data: {
            meeting_minutes: 30,
            slots: ['2099-12-01T14:00:00+00:00', '2099-12-01T14:30:00+00:00'],
          },
        }),
        staff_move_consultation: () => ({
          data: {
            booking: {
              id: 'booking-1',
              starts_at: '2099-12-01T14:30:00+00:00',
              ends_at: '2099-12-01T15:00:00+00:00',
            },
          },
        }),
      },
    );
    await loaded();
    await user.type(screen.getByLabelText(/^Date/, { selector: 'input' }), '30/11/2099');
    const hours = screen.getByRole('group', { name: 'Hours on that date' });
    await user.type(within(hours).getByLabelText('From'), '14:00');
    await user.type(within(hours).getByLabelText('To'), '17:00');
    await user.click(screen.getByRole('button', { name: 'Add hours on this date' }));
    const warning = await screen.findByRole('region', { name: /^Saving these hours leaves/ });
    await user.click(
      within(warning).getByRole('button', {
        name: 'Move the consultation with Sam Prospect (Prospect Ltd)',
      }),
    );
    const time = await within(warning).findByLabelText('Time');
    expect(
      within(time)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['14:00 · 09:00 New York time', '14:30 · 09:30 New York time']);
    await user.selectOptions(time, '2099-12-01T14:30:00+00:00');
    await user.click(
      within(warning).getByRole('button', {
        name: /^Move to Tue 01 Dec 2099, 14:30–15:00 \(09:30 New York time\)$/,
      }),
    );
    expect(calls('staff_move_consultation')[0]!.body).toEqual({
      p_booking_id: 'booking-1',
      p_starts_at: '2099-12-01T14:30:00+00:00',
    });
    expect(
      await within(warning).findByText(
        /^Sam Prospect \(Prospect Ltd\): moved to Tue 01 Dec 2099, 14:30–15:00\./,
      ),
    ).toBeInTheDocument();
  });
});

describe('unsaved availability as a draft', () => {
  it('is kept from the first keystroke and restored with Draft restored and Discard', async () => {
    const first = renderPanel();
    await loaded();
    expect(localStorage.getItem(STORED)).toBeNull();
    const from = within(monday()).getByLabelText('From');
    await first.user.clear(from);
    await first.user.type(from, '1');
    expect(JSON.parse(localStorage.getItem(STORED)!).value.weekly['1'][0]).toMatchObject({
      id: 'row-1',
      start: '1',
      end: '17:00',
    });
    await first.user.type(from, '0:00');
    await first.user.type(screen.getByLabelText('How far ahead (days)'), '0');
    first.view.unmount();

    const second = renderPanel();
    await loaded();
    expect(screen.getByText('Draft restored:')).toBeInTheDocument();
    expect(within(monday()).getByLabelText('From')).toHaveValue('10:00');
    expect(screen.getByLabelText('How far ahead (days)')).toHaveValue('140');

    await second.user.click(screen.getByRole('button', { name: 'Discard' }));
    expect(screen.getByText('Draft discarded: the page shows what is saved.')).toBeInTheDocument();
    expect(within(monday()).getByLabelText('From')).toHaveValue('09:00');
    expect(screen.getByLabelText('How far ahead (days)')).toHaveValue('14');
    expect(localStorage.getItem(STORED)).toBeNull();
  });

  it('is cleared once saved, and typing back what is saved drops it too', async () => {
    const { user } = renderPanel();
    await loaded();
    const from = within(monday()).getByLabelText('From');
    await user.clear(from);
    await user.type(from, '10:00');
    expect(localStorage.getItem(STORED)).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save weekly hours' }));
    expect(await screen.findByText('Weekly hours saved.')).toBeInTheDocument();
    expect(localStorage.getItem(STORED)).toBeNull();

    const notice = screen.getByLabelText('Note (optional)');
    await user.type(notice, 'x');
    expect(localStorage.getItem(STORED)).not.toBeNull();
    await user.clear(notice);
    expect(localStorage.getItem(STORED)).toBeNull();
  });

  it('asks before a link takes the staff member away, and on a reload', async () => {
    const { user } = renderPanel();
    await loaded();
    const link = document.createElement('a');
    link.href = '/admin/needs-reply';
    link.textContent = 'Needs a reply';
    document.body.append(link);
    // The app's link router, which acts on the clicks the prompt lets through.
    const followed: string[] = [];
    const router = (event: MouseEvent) => {
      const anchor = (event.target as Element).closest('a');
      if (event.defaultPrevented || !anchor) return;
      event.preventDefault();
      followed.push(anchor.pathname);
    };
    document.addEventListener('click', router);
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    try {
      await user.click(link);
      expect(followed).toEqual(['/admin/needs-reply']);
      expect(unload()).toBe(false);

      await user.type(within(monday()).getByLabelText('To'), '0');
      expect(unload()).toBe(true);
      await user.click(link);
      const dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
      expect(followed).toHaveLength(1);
      await user.click(within(dialog).getByRole('button', { name: 'Stay on this page' }));
      await waitFor(() => expect(dialog).not.toBeInTheDocument());
      expect(followed).toHaveLength(1);

      await user.click(link);
      await user.click(
        within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Leave' }),
      );
      expect(followed).toEqual(['/admin/needs-reply', '/admin/needs-reply']);
      expect(localStorage.getItem(STORED)).not.toBeNull();
    } finally {
      document.removeEventListener('click', router);
      link.remove();
    }
  });
});
