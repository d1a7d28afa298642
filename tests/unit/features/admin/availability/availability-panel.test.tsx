import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { AvailabilityPanel } from '@/features/admin/availability/availability-panel';
import { londonToday } from '@/features/admin/availability/calendar-day';

import {
  filterOn,
  type PostgrestAnswer,
  type PostgrestRequest,
} from '../../../support/supabase-network';
import { renderAdmin, settledAdminCache, useDashboardNetwork } from '../admin-test-data';
import { availabilityBackend, STAFF_ID, type AvailabilityState } from './availability-backend';

const network = useDashboardNetwork();

afterEach(() => {
  localStorage.clear();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

function renderPanel(
  state: AvailabilityState = {},
  refuse?: (request: PostgrestRequest) => PostgrestAnswer | undefined,
) {
  const backend = availabilityBackend(state, refuse);
  const { client, requests } = network.answer({
    userId: STAFF_ID,
    aal: 'aal2',
    tables: backend.tables,
    rpc: backend.rpc,
  });
  renderAdmin(<AvailabilityPanel staffId={STAFF_ID} />, client, {
    url: '/admin/availability',
    queryClient: settledAdminCache(),
  });
  /** What was written: method, table or function, filters on id, and body; reads left out. */
  const writes = () =>
    requests
      .filter(
        (request) =>
          (request.kind === 'table' && request.method !== 'GET') ||
          (request.kind === 'rpc' &&
            !request.name.endsWith('_status') &&
            request.name !== 'consultations_outside_hours'),
      )
      .map((request) => ({
        method: request.method,
        name: request.name,
        ...(filterOn(request, 'id') ? { id: filterOn(request, 'id') } : {}),
        ...(request.body === undefined ? {} : { body: request.body }),
      }));
  return { backend, requests, writes, user: userEvent.setup() };
}

/** The two boxes of a range in the weekly editor, e.g. range('Monday', 1). */
function range(day: string, place: number) {
  const group = screen.getByRole('group', { name: `${day}, hours ${place}` });
  return {
    group,
    from: within(group).getByLabelText('From'),
    to: within(group).getByLabelText('To'),
  };
}

const weeklyForm = () => screen.getByRole('form', { name: 'Weekly hours' });

async function loaded() {
  await screen.findByRole('form', { name: 'Weekly hours' });
}

describe('the availability page', () => {
  it("reads the staff member's own settings, hours, days off and calendars, each once", async () => {
    const { requests } = renderPanel();
    await loaded();
    await screen.findByText('No busy calendar connected.');
    await screen.findByText('Your feed is off.');
    const today = londonToday();
    const read = (name: string) => requests.find((request) => request.name === name)!;
    expect(requests.map(({ method, name }) => `${method} ${name}`).sort()).toEqual([
      'GET staff_availability',
      'GET staff_date_hours',
      'GET staff_time_off',
      'GET staff_weekly_hours',
      'POST busy_calendar_status',
      'POST consultation_feed_status',
    ]);
    for (const name of [
      'staff_availability',
      'staff_weekly_hours',
      'staff_time_off',
      'staff_date_hours',
    ]) {
      expect(filterOn(read(name), 'staff_id')).toEqual({ op: 'eq', value: STAFF_ID });
    }
    expect(read('staff_weekly_hours').params.get('order')).toBe('weekday.asc,starts_at.asc');
    expect(filterOn(read('staff_time_off'), 'ends_on')).toEqual({ op: 'gte', value: today });
    expect(read('staff_time_off').params.get('order')).toBe('starts_on.asc');
    expect(filterOn(read('staff_date_hours'), 'on_date')).toEqual({ op: 'gte', value: today });
    expect(read('busy_calendar_status').body).toEqual({});
    expect(read('consultation_feed_status').body).toEqual({});
  });

  it('offers a newcomer Monday to Friday 09:00–17:00 and saves it with their settings row first', async () => {
    const { writes, user, backend } = renderPanel();
    await loaded();
    expect(
      screen.getByText('Suggested hours, not saved yet: change them if needed and save.'),
    ).toBeInTheDocument();
    expect(range('Monday', 1).from).toHaveValue('09:00');
    expect(range('Friday', 1).to).toHaveValue('17:00');
    const saturday = within(weeklyForm()).getByRole('group', { name: 'Saturday' });
    expect(within(saturday).getByText('No hours: not available.')).toBeInTheDocument();
    // the database's defaults until the first save
    expect(screen.getByRole('switch', { name: 'Take consultation bookings' })).toBeChecked();
    expect(screen.getByLabelText('Buffer between meetings (minutes)')).toHaveValue('15');
    expect(screen.getByLabelText('Minimum notice (hours)')).toHaveValue('2');
    expect(screen.getByLabelText('How far ahead (days)')).toHaveValue('14');

    await user.click(screen.getByRole('button', { name: 'Save weekly hours' }));
    expect(await screen.findByText('Weekly hours saved.')).toBeInTheDocument();
    const weekday = (n: number) => ({
      staff_id: STAFF_ID,
      weekday: n,
      starts_at: '09:00',
      ends_at: '17:00',
    });
    expect(writes()).toEqual([
      { method: 'POST', name: 'staff_availability', body: { staff_id: STAFF_ID } },
      {
        method: 'POST',
        name: 'staff_weekly_hours',
        body: [weekday(1), weekday(2), weekday(3), weekday(4), weekday(5)],
      },
    ]);
    expect(backend.rows().weekly).toHaveLength(5);
    expect(backend.rows().settings).not.toBeNull();
    // saving the same again sends nothing
    await user.click(screen.getByRole('button', { name: 'Save weekly hours' }));
    expect(
      await screen.findByText('Nothing to save: these are the hours already saved.'),
    ).toBeInTheDocument();
    expect(writes()).toHaveLength(2);
  });

  it('asks the settings row to be made only if it is missing, and never overwrites one', async () => {
    const { requests, user } = renderPanel();
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Save weekly hours' }));
    await screen.findByText('Weekly hours saved.');
    const upsert = requests.find(
      (request) => request.name === 'staff_availability' && request.method === 'POST',
    )!;
    expect(upsert.params.get('on_conflict')).toBe('staff_id');
    expect(upsert.prefer).toContain('resolution=ignore-duplicates');
  });

  it('checks every range before sending, says why beside each, and focuses the first', async () => {
    const { writes, user } = renderPanel({
      settings: {},
      weekly: [
        { id: 'mon', weekday: 1, starts_at: '09:00:00', ends_at: '17:00:00' },
        { id: 'tue', weekday: 2, starts_at: '09:00:00', ends_at: '17:00:00' },
      ],
    });
    await loaded();
    expect(screen.queryByText(/Suggested hours/)).toBeNull();
    await user.clear(range('Monday', 1).to);
    await user.type(range('Monday', 1).to, '8');
    await user.click(screen.getByRole('button', { name: 'Add hours on Tuesday' }));
    // a second range on a day starts empty, with the focus in it
    expect(range('Tuesday', 2).from).toHaveFocus();
    await user.type(range('Tuesday', 2).from, '16');
    await user.type(range('Tuesday', 2).to, 'late');
    await user.click(screen.getByRole('button', { name: 'Save weekly hours' }));

    expect(
      screen.getByText('Not saved: 2 ranges need attention (see the messages beside them).'),
    ).toBeInTheDocument();
    const monday = range('Monday', 1);
    expect(
      within(monday.group).getByText('The end (08:00) must be after the start (09:00).'),
    ).toBeInTheDocument();
    expect(monday.from).toHaveFocus();
    expect(monday.to).toHaveAttribute('aria-invalid', 'true');
    expect(monday.to).toHaveAccessibleDescription(
      'The end (08:00) must be after the start (09:00).',
    );
    const tuesday = range('Tuesday', 2);
    expect(tuesday.to).toHaveAccessibleDescription(
      '“late” is not a time: use hh:mm, for example 17:00.',
    );
    // what was typed stays as typed
    expect(monday.to).toHaveValue('8');
    expect(tuesday.to).toHaveValue('late');
    expect(writes()).toEqual([]);

    // now an overlap: 16:00–18:00 against 09:00–17:00 on Tuesday
    await user.clear(tuesday.to);
    await user.type(tuesday.to, '18:00');
    await user.click(screen.getByRole('button', { name: 'Save weekly hours' }));
    expect(
      within(range('Tuesday', 1).group).getByText(
        'Overlaps 16:00–18:00: hours on one day cannot overlap.',
      ),
    ).toBeInTheDocument();
    expect(
      within(range('Tuesday', 2).group).getByText(
        'Overlaps 09:00–17:00: hours on one day cannot overlap.',
      ),
    ).toBeInTheDocument();
    expect(writes()).toEqual([]);

    await user.clear(range('Monday', 1).to);
    await user.type(range('Monday', 1).to, '12:30');
    await user.clear(range('Tuesday', 2).from);
    await user.type(range('Tuesday', 2).from, '17:30');
    await user.click(screen.getByRole('button', { name: 'Save weekly hours' }));
    expect(await screen.findByText('Weekly hours saved.')).toBeInTheDocument();
    expect(writes()).toEqual([
      { method: 'DELETE', name: 'staff_weekly_hours', id: { op: 'in', value: ['mon'] } },
      {
        method: 'POST',
        name: 'staff_weekly_hours',
        body: [
          { staff_id: STAFF_ID, weekday: 1, starts_at: '09:00', ends_at: '12:30' },
          { staff_id: STAFF_ID, weekday: 2, starts_at: '17:30', ends_at: '18:00' },
        ],
      },
    ]);
    // the messages have gone with the mistakes
    expect(screen.queryByText(/cannot overlap/)).toBeNull();
  });

  it('keeps the edits when the database refuses them, and says why', async () => {
    const { writes, user, requests } = renderPanel(
      {
        settings: {},
        weekly: [{ id: 'mon', weekday: 1, starts_at: '09:00:00', ends_at: '17:00:00' }],
      },
      (request) =>
        request.name === 'staff_weekly_hours' && request.method === 'POST'
          ? {
              error: {
                code: 'P0001',
                message: 'These hours overlap other hours on the same day.',
                hint: 'staff_hours_overlap',
              },
            }
          : undefined,
    );
    await loaded();
    await user.clear(range('Monday', 1).from);
    await user.type(range('Monday', 1).from, '10');
    await user.click(screen.getByRole('button', { name: 'Save weekly hours' }));
    expect(
      await screen.findByText(
        'Weekly hours not saved: These hours overlap other hours on the same day. Your changes are still here.',
      ),
    ).toBeInTheDocument();
    expect(range('Monday', 1).from).toHaveValue('10');
    expect(writes().map(({ method, name }) => `${method} ${name}`)).toEqual([
      'DELETE staff_weekly_hours',
      'POST staff_weekly_hours',
    ]);
    // what the database holds after the half-done save is read again for the next one
    await waitFor(() =>
      expect(
        requests.filter(
          (request) => request.name === 'staff_weekly_hours' && request.method === 'GET',
        ),
      ).toHaveLength(2),
    );
    expect(range('Monday', 1).from).toHaveValue('10');
  });

  it('adds and removes ranges by keyboard, the focus following', async () => {
    const { user } = renderPanel({ settings: {}, weekly: [] });
    await loaded();
    const add = screen.getByRole('button', { name: 'Add hours on Saturday' });
    add.focus();
    await user.keyboard('{Enter}');
    // the first range of a day starts at the usual hours, focused
    const saturday = range('Saturday', 1);
    expect(saturday.from).toHaveFocus();
    expect(saturday.from).toHaveValue('09:00');
    expect(saturday.to).toHaveValue('17:00');
    await user.tab();
    expect(saturday.to).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Remove Saturday, hours 1' })).toHaveFocus();
    await user.keyboard(' ');
    expect(screen.queryByRole('group', { name: 'Saturday, hours 1' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Add hours on Saturday' })).toHaveFocus();
  });
});

describe('taking bookings', () => {
  it('turns off and on at once from the switch, by keyboard', async () => {
    const { writes, user } = renderPanel({ settings: { accepts_bookings: true } });
    const toggle = await screen.findByRole('switch', { name: 'Take consultation bookings' });
    expect(toggle).toBeChecked();
    toggle.focus();
    await user.keyboard(' ');
    expect(
      await screen.findByText(
        'Bookings are off: prospects are not offered times with you. Consultations already booked stay booked.',
      ),
    ).toBeInTheDocument();
    expect(toggle).not.toBeChecked();
    await user.keyboard('{Enter}');
    expect(
      await screen.findByText('You are taking bookings: prospects are offered your free times.'),
    ).toBeInTheDocument();
    expect(toggle).toBeChecked();
    expect(writes()).toEqual([
      {
        method: 'POST',
        name: 'staff_availability',
        body: { staff_id: STAFF_ID, accepts_bookings: false },
      },
      {
        method: 'POST',
        name: 'staff_availability',
        body: { staff_id: STAFF_ID, accepts_bookings: true },
      },
    ]);
  });

  it('goes back to what is saved when the change is refused, saying why', async () => {
    const { user } = renderPanel({ settings: { accepts_bookings: true } }, (request) =>
      request.name === 'staff_availability' && request.method === 'POST'
        ? { error: { code: '42501', message: 'permission denied for table staff_availability' } }
        : undefined,
    );
    const toggle = await screen.findByRole('switch', { name: 'Take consultation bookings' });
    await user.click(toggle);
    expect(
      await screen.findByText(
        'Not changed: Only staff admins signed in with their authenticator code can see or change availability.',
      ),
    ).toBeInTheDocument();
    expect(toggle).toBeChecked();
  });
});

describe('the booking rules', () => {
  it('say what each field takes, keep what was typed, and save the three together', async () => {
    const { writes, user } = renderPanel({
      settings: { buffer_minutes: 10, min_notice_minutes: 90, horizon_days: 21 },
    });
    const buffer = await screen.findByLabelText('Buffer between meetings (minutes)');
    const notice = screen.getByLabelText('Minimum notice (hours)');
    const horizon = screen.getByLabelText('How far ahead (days)');
    expect(notice).toHaveValue('1.5');
    await user.clear(buffer);
    await user.type(buffer, '300');
    await user.clear(horizon);
    await user.type(horizon, 'a month');
    await user.click(screen.getByRole('button', { name: 'Save booking rules' }));
    expect(buffer).toHaveAccessibleDescription(
      'Free time kept before and after each consultation, 0 to 240. Enter the buffer in whole minutes, from 0 to 240.',
    );
    expect(horizon).toHaveAccessibleDescription(
      'How many days ahead prospects may book, 1 to 90. Enter how far ahead in whole days, from 1 to 90.',
    );
    expect(notice).toHaveAttribute('aria-invalid', 'false');
    expect(buffer).toHaveFocus();
    expect(horizon).toHaveValue('a month');
    expect(writes()).toEqual([]);

    await user.clear(buffer);
    await user.type(buffer, '30');
    await user.clear(horizon);
    await user.type(horizon, '28');
    await user.click(screen.getByRole('button', { name: 'Save booking rules' }));
    expect(await screen.findByText('Booking rules saved.')).toBeInTheDocument();
    expect(writes()).toEqual([
      {
        method: 'POST',
        name: 'staff_availability',
        body: {
          staff_id: STAFF_ID,
          buffer_minutes: 30,
          min_notice_minutes: 90,
          horizon_days: 28,
        },
      },
    ]);
  });

  it('keep the edits when the database cannot be reached', async () => {
    const { user } = renderPanel({ settings: {} }, (request) =>
      request.name === 'staff_availability' && request.method === 'POST'
        ? 'network-failure'
        : undefined,
    );
    const buffer = await screen.findByLabelText('Buffer between meetings (minutes)');
    await user.clear(buffer);
    await user.type(buffer, '45');
    await user.click(screen.getByRole('button', { name: 'Save booking rules' }));
    expect(
      await screen.findByText(
        'Booking rules not saved: The database could not be reached. Check the connection and try again. Your changes are still here.',
      ),
    ).toBeInTheDocument();
    expect(buffer).toHaveValue('45');
  });
});

describe('days off', () => {
  it('lists the days to come, adds days checked first, and removes them', async () => {
    const { writes, user } = renderPanel({
      settings: {},
      timeOff: [{ id: 'xmas', starts_on: '2099-12-24', ends_on: '2100-01-02', note: 'Christmas' }],
    });
    const list = await screen.findByRole('list', { name: 'Days off to come' });
    expect(within(list).getByRole('listitem')).toHaveTextContent(
      '24 Dec 2099 – 02 Jan 2100 · Christmas',
    );
    const form = screen.getByRole('form', { name: 'Add days off' });
    const first = within(form).getByLabelText(/First day off/);
    const last = within(form).getByLabelText('Last day off');
    await user.type(first, '10/03/2099');
    await user.type(last, '01/03/2099');
    await user.click(within(form).getByRole('button', { name: 'Add days off' }));
    expect(last).toHaveAccessibleDescription(
      'Leave blank for a single day. The last day (01/03/2099) is before the first (10/03/2099).',
    );
    expect(last).toHaveFocus();
    expect(writes()).toEqual([]);

    await user.clear(last);
    await user.type(last, '14/03/2099');
    await user.type(within(form).getByLabelText('Note (optional)'), ' Spring break ');
    await user.click(within(form).getByRole('button', { name: 'Add days off' }));
    expect(
      await screen.findByText('Days off added: 10 Mar 2099 – 14 Mar 2099.'),
    ).toBeInTheDocument();
    expect(first).toHaveValue('');
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual([
        '10 Mar 2099 – 14 Mar 2099 · Spring breakRemove',
        '24 Dec 2099 – 02 Jan 2100 · ChristmasRemove',
      ]),
    );

    await user.click(
      screen.getByRole('button', { name: 'Remove days off 24 Dec 2099 – 02 Jan 2100' }),
    );
    expect(
      await screen.findByText('Days off removed: 24 Dec 2099 – 02 Jan 2100.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Days off to come' })).toHaveFocus();
    expect(writes()).toEqual([
      {
        method: 'POST',
        name: 'staff_time_off',
        body: {
          staff_id: STAFF_ID,
          starts_on: '2099-03-10',
          ends_on: '2099-03-14',
          note: 'Spring break',
        },
      },
      { method: 'DELETE', name: 'staff_time_off', id: { op: 'eq', value: 'xmas' } },
    ]);
  });

  it('keeps the form when adding is refused', async () => {
    const { user } = renderPanel({ settings: {} }, (request) =>
      request.name === 'staff_time_off' && request.method === 'POST'
        ? { error: { code: '23514', message: 'new row violates check constraint' } }
        : undefined,
    );
    const form = await screen.findByRole('form', { name: 'Add days off' });
    await user.type(within(form).getByLabelText(/First day off/), '1/6/2099');
    await user.click(within(form).getByRole('button', { name: 'Add days off' }));
    expect(
      await screen.findByText(
        'Days off not added: The database refused a value out of its range. Check the fields and save again.',
      ),
    ).toBeInTheDocument();
    expect(within(form).getByLabelText(/First day off/)).toHaveValue('1/6/2099');
  });
});

describe('hours on a date', () => {
  it('refuses hours overlapping those set for the day, and adds and removes others', async () => {
    const { writes, user } = renderPanel({
      settings: {},
      dateHours: [{ id: 'sat', on_date: '2099-12-05', starts_at: '10:00:00', ends_at: '13:00:00' }],
    });
    const list = await screen.findByRole('list', { name: 'Dates with their own hours' });
    expect(list).toHaveTextContent('Sat 05 Dec 2099');
    expect(list).toHaveTextContent('10:00–13:00');
    const form = screen.getByRole('form', { name: 'Add hours on a date' });
    await user.type(within(form).getByLabelText(/Date/), '05/12/2099');
    await user.type(within(form).getByLabelText('From'), '12');
    await user.type(within(form).getByLabelText('To'), '14');
    await user.click(within(form).getByRole('button', { name: 'Add hours on this date' }));
    expect(
      within(form).getByText('Overlaps 10:00–13:00: hours on one day cannot overlap.'),
    ).toBeInTheDocument();
    expect(within(form).getByLabelText('From')).toHaveFocus();
    expect(writes()).toEqual([]);

    await user.clear(within(form).getByLabelText('From'));
    await user.type(within(form).getByLabelText('From'), '14');
    await user.type(within(form).getByLabelText('To'), '30');
    await user.click(within(form).getByRole('button', { name: 'Add hours on this date' }));
    expect(
      await screen.findByText('Hours added: Sat 05 Dec 2099, 14:00–14:30.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(list).toHaveTextContent('14:00–14:30'));

    await user.click(
      screen.getByRole('button', { name: 'Remove hours Sat 05 Dec 2099, 10:00–13:00' }),
    );
    expect(
      await screen.findByText('Hours removed: Sat 05 Dec 2099, 10:00–13:00.'),
    ).toBeInTheDocument();
    expect(writes()).toEqual([
      {
        method: 'POST',
        name: 'staff_date_hours',
        body: { staff_id: STAFF_ID, on_date: '2099-12-05', starts_at: '14:00', ends_at: '14:30' },
      },
      { method: 'DELETE', name: 'staff_date_hours', id: { op: 'eq', value: 'sat' } },
    ]);
  });
});

describe('the busy calendar', () => {
  it('shows where it stands without the address, and saves a new one checked first', async () => {
    const { writes, user } = renderPanel({
      settings: {},
      calendar: {
        has_url: true,
        url_hint: 'calendar.google.com/…',
        synced_at: '2026-11-28T14:05:00Z',
        last_error: 'The calendar answered 404.',
        busy_count: 12,
      },
    });
    expect(await screen.findByText('calendar.google.com/…')).toBeInTheDocument();
    expect(screen.getByText('28 Nov 2026, 14:05 · 12 busy times blocked')).toBeInTheDocument();
    expect(
      screen.getByText('The last read failed: The calendar answered 404.'),
    ).toBeInTheDocument();
    const address = screen.getByLabelText('New private iCal address');
    expect(address).toHaveValue('');
    await user.type(address, 'http://calendar.example.com/me.ics');
    await user.click(screen.getByRole('button', { name: 'Save calendar address' }));
    expect(address).toHaveAccessibleDescription(
      "The secret address in iCal format from your calendar's settings (https://… or webcal://…). The address must start with https:// (or webcal://).",
    );
    expect(address).toHaveValue('http://calendar.example.com/me.ics');
    expect(writes()).toEqual([]);

    await user.clear(address);
    await user.type(address, 'webcal://calendar.example.com/me.ics');
    await user.click(screen.getByRole('button', { name: 'Save calendar address' }));
    expect(await screen.findByText(/^Calendar address saved\./)).toBeInTheDocument();
    // the address is never shown back, only its host
    expect(address).toHaveValue('');
    expect(await screen.findByText('calendar.example.com/…')).toBeInTheDocument();
    expect(screen.queryByText(/me\.ics/)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Remove calendar' }));
    expect(
      await screen.findByText('Busy calendar removed: its times no longer block bookings.'),
    ).toBeInTheDocument();
    expect(await screen.findByText('No busy calendar connected.')).toBeInTheDocument();
    expect(writes()).toEqual([
      {
        method: 'POST',
        name: 'set_busy_calendar_url',
        body: { p_url: 'https://calendar.example.com/me.ics' },
      },
      { method: 'POST', name: 'set_busy_calendar_url', body: { p_url: '' } },
    ]);
  });

  it("says the database's reason when it refuses the address", async () => {
    const { user } = renderPanel({ settings: {} }, (request) =>
      request.name === 'set_busy_calendar_url'
        ? {
            error: {
              code: 'P0001',
              message:
                "Give the calendar's private address in iCal format: it starts with https://.",
              hint: 'busy_calendar_url_invalid',
            },
          }
        : undefined,
    );
    const address = await screen.findByLabelText('Private iCal address');
    await user.type(address, 'https://calendar.example.com/me.ics');
    await user.click(screen.getByRole('button', { name: 'Save calendar address' }));
    expect(
      await screen.findByText(
        "Calendar address not saved: Give the calendar's private address in iCal format: it starts with https://.",
      ),
    ).toBeInTheDocument();
    expect(address).toHaveValue('https://calendar.example.com/me.ics');
  });
});

describe('the feed of bookings', () => {
  it('shows a new address once with a copy button, and turns the feed off', async () => {
    vi.stubEnv('VITE_SUPABASE_URL', 'https://abcd.supabase.co');
    const { writes, user } = renderPanel({ settings: {} });
    expect(await screen.findByText('Your feed is off.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Make a feed address' }));
    const address = await screen.findByLabelText('Your feed address');
    const url = 'https://abcd.supabase.co/functions/v1/consultation-feed?token=feed-token-1';
    expect(address).toHaveValue(url);
    expect(address).toHaveAttribute('readonly');
    expect(screen.getByText('Feed address made.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy address' }));
    expect(await screen.findByText('Address copied.')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(url);
    expect(
      await screen.findByText(/^Your feed is on \(address made 28 Nov 2026, 09:30\)/),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Turn off feed' }));
    expect(
      await screen.findByText(
        'Feed turned off: the address no longer works. Calendars subscribed to it stop updating.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Your feed address')).toBeNull();
    expect(await screen.findByText('Your feed is off.')).toBeInTheDocument();
    expect(writes()).toEqual([
      { method: 'POST', name: 'rotate_consultation_feed', body: {} },
      { method: 'POST', name: 'revoke_consultation_feed', body: {} },
    ]);
  });

  it('says a new address stops the old one, and selects the address when it cannot copy', async () => {
    vi.stubEnv('VITE_SUPABASE_URL', 'https://abcd.supabase.co');
    const { user } = renderPanel({ settings: {}, feedActive: true });
    expect(
      await screen.findByText(/make a new one \(the old one then stops working\)/),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Make a new address' }));
    expect(
      await screen.findByText('New feed address made. The old address no longer works.'),
    ).toBeInTheDocument();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    await user.click(screen.getByRole('button', { name: 'Copy address' }));
    expect(
      await screen.findByText(
        'The address could not be copied: it is selected, copy it with your keyboard or menu.',
      ),
    ).toBeInTheDocument();
    const address = screen.getByLabelText<HTMLInputElement>('Your feed address');
    expect(address.selectionEnd! - address.selectionStart!).toBe(address.value.length);
  });

  it('says why a new address was not made', async () => {
    const { user } = renderPanel({ settings: {} }, (request) =>
      request.name === 'rotate_consultation_feed'
        ? { error: { code: '42501', message: 'permission denied' } }
        : undefined,
    );
    await user.click(await screen.findByRole('button', { name: 'Make a feed address' }));
    expect(
      await screen.findByText(
        'No address made: Only staff admins signed in with their authenticator code can see or change availability.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Your feed address')).toBeNull();
  });
});

describe('a part that cannot be read', () => {
  it('says so in its own card and leaves the rest working', async () => {
    renderPanel({ settings: {} }, (request) =>
      request.name === 'staff_weekly_hours' && request.method === 'GET'
        ? { error: { code: '42501', message: 'permission denied for table staff_weekly_hours' } }
        : undefined,
    );
    expect(
      await screen.findByText(
        'Your weekly hours could not be loaded: Only staff admins signed in with their authenticator code can see or change availability.',
      ),
    ).toBeInTheDocument();
    expect(await screen.findByRole('switch', { name: 'Take consultation bookings' })).toBeChecked();
    expect(screen.getByRole('form', { name: 'Add days off' })).toBeInTheDocument();
  });
});
