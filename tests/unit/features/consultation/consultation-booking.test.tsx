import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { ConsultationBooking } from '@/features/consultation/consultation-booking';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabaseNetwork } from '../../support/supabase-network';
import { answerConsultationApi, type ApiCall, type ApiHandlers } from './consultation-api-network';
import {
  aBooking,
  aHeldBooking,
  BOOK_TOKEN,
  MANAGE_TOKEN,
  NEW_MANAGE_TOKEN,
  NOW,
  refusal,
  slotsAnswer,
  visitorIn,
} from './consultation-fixtures';

const app = vi.hoisted(() => ({ client: null as AppSupabaseClient | null }));
vi.mock('@/lib/load-supabase', () => ({ loadSupabase: async () => app.client! }));

const network = useSupabaseNetwork();
let received: ApiCall[] = [];

function answer(handlers: ApiHandlers) {
  app.client = network.answer().client;
  received = answerConsultationApi(network, handlers);
}

/** The bodies of the function's calls of one action, in order. */
const calls = (action: string) =>
  received.filter((call) => call.action === action).map((call) => call.body);

const booked = (startsAt: string, endsAt: string) => () => ({
  data: {
    booking: aBooking({ starts_at: startsAt, ends_at: endsAt }),
    manage_token: MANAGE_TOKEN,
  },
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  visitorIn('Europe/London');
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const dayGroup = () => screen.getByRole('radiogroup', { name: 'Choose a day' });
const timeGroup = () => screen.getByRole('radiogroup', { name: /^Choose a time on / });
const radioNames = (group: HTMLElement) =>
  within(group)
    .getAllByRole('radio')
    .map((radio) => radio.closest('label')?.textContent);

async function showSlots(onManageToken?: (token: string) => void) {
  render(<ConsultationBooking token={BOOK_TOKEN} headingLevel={2} onManageToken={onManageToken} />);
  return screen.findByRole('radiogroup', { name: 'Choose a day' });
}

describe('ConsultationBooking: the free times', () => {
  it("asks for the book token's slots and groups them by day in the visitor's named zone", async () => {
    answer({ slots: () => slotsAnswer() });
    await showSlots();

    expect(calls('slots')[0]).toEqual({ action: 'slots', token: BOOK_TOKEN });
    expect(screen.getByRole('combobox', { name: 'Times shown in' })).toHaveDisplayValue(
      'UK time (Europe/London)',
    );
    expect(radioNames(dayGroup())).toEqual(['Tue 1 Dec', 'Wed 2 Dec']);
    // The first day is chosen, so its times show at once: one tap for a time, one to confirm.
    expect(screen.getByRole('radio', { name: 'Tue 1 Dec' })).toBeChecked();
    expect(timeGroup()).toHaveAccessibleName('Choose a time on Tuesday 1 December');
    expect(radioNames(timeGroup())).toEqual(['09:00', '09:30', '14:00']);
    expect(screen.getByRole('button', { name: 'Confirm booking' })).toBeDisabled();
  });

  it('shows the times again in another zone the visitor picks, and says so', async () => {
    answer({ slots: () => slotsAnswer() });
    const user = userEvent.setup();
    await showSlots();

    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Times shown in' }),
      'America/New_York',
    );

    expect(screen.getByRole('combobox', { name: 'Times shown in' })).toHaveDisplayValue(
      'New York time (America/New_York)',
    );
    expect(radioNames(timeGroup())).toEqual(['04:00', '04:30', '09:00']);
    expect(screen.getByText('Times now shown in New York time (America/New_York)')).toHaveAttribute(
      'aria-live',
      'polite',
    );
  });

  it('offers the detected zone first in the list even when it is not a common one', async () => {
    visitorIn('Pacific/Chatham');
    answer({ slots: () => slotsAnswer() });
    await showSlots();
    const zones = screen.getByRole('combobox', { name: 'Times shown in' });
    expect(zones).toHaveDisplayValue('Chatham time (Pacific/Chatham)');
    expect(within(zones).getAllByRole('option')[0]).toHaveValue('Pacific/Chatham');
    // Every other zone the browser knows follows, once the times are on screen.
    expect(
      await within(zones).findByRole('option', { name: 'Nairobi time (Africa/Nairobi)' }),
    ).toBeInTheDocument();
    expect(within(zones).getAllByRole('option', { name: /Pacific\/Chatham/ })).toHaveLength(1);
  });

  it('says when no time is free', async () => {
    answer({ slots: () => slotsAnswer({ slots: [] }) });
    render(<ConsultationBooking token={BOOK_TOKEN} headingLevel={2} />);
    expect(await screen.findByText(/There are no free times in the next two weeks/)).toBeVisible();
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
  });

  it('shows the booking instead of times when the enquiry already has one', async () => {
    answer({ slots: () => slotsAnswer({ booking: aBooking() }) });
    render(<ConsultationBooking token={BOOK_TOKEN} headingLevel={2} />);
    expect(
      await screen.findByRole('heading', { name: 'You have booked your consultation' }),
    ).toBeVisible();
    expect(screen.getByText('Tuesday 1 December 2026')).toBeVisible();
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
  });

  it('notes by when the booking it shows must be confirmed, while it is held', async () => {
    answer({ slots: () => slotsAnswer({ booking: aHeldBooking() }) });
    render(<ConsultationBooking token={BOOK_TOKEN} headingLevel={2} />);
    await screen.findByRole('heading', { name: 'You have booked your consultation' });
    expect(screen.getByText(/by 12:00 on Tuesday 1 December 2026, UK time/)).toBeVisible();
  });

  it.each([
    ['consultation_token_expired', 'This link has expired'],
    ['consultation_token_invalid', 'This link does not work'],
    ['consultation_not_offered', 'Online booking is not available for this enquiry'],
  ] as const)('explains a link refused with %s', async (hint, title) => {
    answer({ slots: () => refusal(hint) });
    render(<ConsultationBooking token={BOOK_TOKEN} headingLevel={2} />);
    expect(await screen.findByRole('heading', { name: title, level: 2 })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('offers another try after a failed request, which asks again', async () => {
    let asked = 0;
    answer({
      slots: () => (++asked === 1 ? 'network-failure' : slotsAnswer()),
    });
    const user = userEvent.setup();
    render(<ConsultationBooking token={BOOK_TOKEN} headingLevel={2} />);
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('radiogroup', { name: 'Choose a day' })).toBeVisible();
    expect(asked).toBe(2);
  });

  it('says what to do when the free times were read too often from the network, and may try again', async () => {
    let asked = 0;
    answer({
      slots: () => (++asked === 1 ? refusal('consultation_read_limit') : slotsAnswer()),
    });
    const user = userEvent.setup();
    render(<ConsultationBooking token={BOOK_TOKEN} headingLevel={2} />);
    expect(
      await screen.findByRole('heading', { name: 'Too many requests', level: 2 }),
    ).toBeVisible();
    expect(
      screen.getByText(
        'Too many requests from your network in the last hour. Please try again later, or reply to our e-mail.',
      ),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('radiogroup', { name: 'Choose a day' })).toBeVisible();
    expect(asked).toBe(2);
  });
});

describe('ConsultationBooking: the radio groups by keyboard', () => {
  it('enters each group at its chosen tile; arrows move and choose, Home and End jump', async () => {
    answer({ slots: () => slotsAnswer() });
    const user = userEvent.setup();
    await showSlots();
    const tuesday = screen.getByRole('radio', { name: 'Tue 1 Dec' });
    const wednesday = screen.getByRole('radio', { name: 'Wed 2 Dec' });

    await user.click(screen.getByRole('combobox', { name: 'Times shown in' }));
    await user.tab();
    expect(tuesday).toHaveFocus();

    await user.keyboard('{ArrowRight}');
    expect(wednesday).toHaveFocus();
    expect(wednesday).toBeChecked();
    expect(radioNames(timeGroup())).toEqual(['10:00', '15:30']);
    expect(screen.getByText('2 times on Wednesday 2 December')).toHaveAttribute(
      'aria-live',
      'polite',
    );

    await user.keyboard('{Home}');
    expect(tuesday).toHaveFocus();
    expect(tuesday).toBeChecked();
    await user.keyboard('{End}');
    expect(wednesday).toHaveFocus();
    expect(wednesday).toBeChecked();

    // Tab leaves the day group for the times: no time is chosen, so the first takes focus.
    await user.tab();
    const ten = screen.getByRole('radio', { name: '10:00' });
    expect(ten).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('radio', { name: '15:30' })).toBeChecked();
    await user.keyboard('{Home}');
    expect(ten).toBeChecked();
    expect(screen.getByRole('button', { name: 'Confirm booking' })).toBeEnabled();
  });
});

describe('ConsultationBooking: booking', () => {
  it('books the chosen time in the chosen zone and shows the confirmation, focused', async () => {
    answer({
      slots: () => slotsAnswer(),
      book: booked('2026-12-01T14:00:00+00:00', '2026-12-01T14:30:00+00:00'),
    });
    const onManageToken = vi.fn();
    const user = userEvent.setup();
    await showSlots(onManageToken);

    await user.click(screen.getByRole('radio', { name: '14:00' }));
    expect(screen.getByText(/14:00–14:30/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Confirm booking' }));

    const heading = await screen.findByRole('heading', { name: 'Your consultation is booked' });
    expect(heading).toHaveFocus();
    expect(calls('book')[0]).toEqual({
      action: 'book',
      token: BOOK_TOKEN,
      starts_at: '2026-12-01T14:00:00+00:00',
      time_zone: 'Europe/London',
    });
    const details = screen.getByText('Ada Lovelace').closest('dl')!;
    expect(within(details).getByText('Tuesday 1 December 2026')).toBeVisible();
    expect(within(details).getByText('14:00–14:30, UK time (Europe/London)')).toBeVisible();
    expect(within(details).getByText('Ada Lovelace')).toBeVisible();
    // London is the visitor's own zone: no second time.
    expect(within(details).queryByText('In London')).not.toBeInTheDocument();
    expect(screen.getByText("We've e-mailed you an invitation.")).toBeVisible();
    expect(onManageToken).toHaveBeenCalledWith(MANAGE_TOKEN);
  });

  it('offers and confirms times on the 12-hour clock to a visitor whose browser asks for it', async () => {
    visitorIn('Europe/London', ['en-US']);
    answer({
      slots: () => slotsAnswer(),
      book: booked('2026-12-01T14:00:00+00:00', '2026-12-01T14:30:00+00:00'),
    });
    const user = userEvent.setup();
    await showSlots();
    expect(radioNames(timeGroup())).toEqual(['9:00 am', '9:30 am', '2:00 pm']);
    await user.click(screen.getByRole('radio', { name: '2:00 pm' }));
    expect(screen.getByText(/2:00 pm–2:30 pm/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Confirm booking' }));
    await screen.findByRole('heading', { name: 'Your consultation is booked' });
    expect(screen.getByText('2:00 pm–2:30 pm, UK time (Europe/London)')).toBeVisible();
  });

  it('tells the caller once booked, and again when the visitor chooses another time', async () => {
    answer({
      slots: () => slotsAnswer(),
      book: booked('2026-12-01T09:30:00+00:00', '2026-12-01T10:00:00+00:00'),
      cancel: () => ({
        data: { booking: aBooking({ status: 'cancelled', cancelled_by: 'visitor' }) },
      }),
    });
    const onBookedChange = vi.fn();
    const user = userEvent.setup();
    render(
      <ConsultationBooking token={BOOK_TOKEN} headingLevel={4} onBookedChange={onBookedChange} />,
    );
    await user.click(await screen.findByRole('radio', { name: '09:30' }));
    expect(onBookedChange).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Confirm booking' }));
    await screen.findByRole('heading', { name: 'Your consultation is booked' });
    expect(onBookedChange).toHaveBeenLastCalledWith(true);

    await user.click(screen.getByRole('button', { name: 'Cancel consultation' }));
    await user.click(screen.getByRole('button', { name: 'Yes, cancel it' }));
    await user.click(await screen.findByRole('button', { name: 'Choose another time' }));
    expect(onBookedChange).toHaveBeenLastCalledWith(false);
    expect(await screen.findByRole('radiogroup', { name: 'Choose a day' })).toBeVisible();
  });

  it("adds London's time to the confirmation of a visitor in another zone", async () => {
    visitorIn('America/New_York');
    answer({
      slots: () => slotsAnswer(),
      book: booked('2026-12-01T14:00:00+00:00', '2026-12-01T14:30:00+00:00'),
    });
    const user = userEvent.setup();
    await showSlots();
    await user.click(screen.getByRole('radio', { name: '09:00' }));
    await user.click(screen.getByRole('button', { name: 'Confirm booking' }));

    await screen.findByRole('heading', { name: 'Your consultation is booked' });
    expect(calls('book')[0]).toMatchObject({
      time_zone: 'America/New_York',
    });
    expect(screen.getByText('09:00–09:30, New York time (America/New_York)')).toBeVisible();
    expect(screen.getByText('In London')).toBeVisible();
    expect(screen.getByText('14:00–14:30, UK time')).toBeVisible();
  });

  it('on a time just taken, says so, keeps the chosen day and offers the nearest free times', async () => {
    const nearest = JSON.stringify(['2026-12-02T11:00:00+00:00', '2026-12-02T11:30:00+00:00']);
    let tries = 0;
    answer({
      slots: () => slotsAnswer(),
      book: (call) =>
        ++tries === 1
          ? refusal('consultation_slot_taken', nearest)
          : booked(String(call.body.starts_at), '2026-12-02T12:00:00+00:00')(),
    });
    const user = userEvent.setup();
    await showSlots();
    await user.click(screen.getByRole('radio', { name: 'Wed 2 Dec' }));
    await user.click(screen.getByRole('radio', { name: '10:00' }));
    await user.click(screen.getByRole('button', { name: 'Confirm booking' }));

    const notice = await screen.findByText(
      'That time was just taken. Here are the nearest free times.',
    );
    expect(notice.parentElement).toHaveFocus();
    expect(screen.getByRole('radio', { name: 'Wed 2 Dec' })).toBeChecked();
    // The taken time is gone; the nearest free ones are now among the day's times.
    expect(radioNames(timeGroup())).toEqual(['11:00', '11:30', '15:30']);
    expect(screen.getByRole('button', { name: 'Confirm booking' })).toBeDisabled();
    const offered = within(screen.getByRole('list', { name: 'Nearest free times' }));
    expect(offered.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Wednesday 2 December, 11:00',
      'Wednesday 2 December, 11:30',
    ]);

    await user.click(offered.getByRole('button', { name: 'Wednesday 2 December, 11:30' }));
    expect(screen.getByRole('radio', { name: '11:30' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Confirm booking' }));
    await screen.findByRole('heading', { name: 'Your consultation is booked' });
    expect(calls('book')[1]).toMatchObject({
      starts_at: '2026-12-02T11:30:00+00:00',
    });
  });

  it('keeps the choice and says what to do after a refusal the visitor can wait out', async () => {
    answer({
      slots: () => slotsAnswer(),
      book: () => refusal('consultation_rate_limit'),
    });
    const user = userEvent.setup();
    await showSlots();
    await user.click(screen.getByRole('radio', { name: '09:00' }));
    await user.click(screen.getByRole('button', { name: 'Confirm booking' }));

    expect(await screen.findByText('Please wait a few minutes, then try again.')).toBeVisible();
    expect(screen.getByRole('radio', { name: '09:00' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Confirm booking' })).toBeEnabled();
  });

  it('asks the visitor to confirm a held booking with the mailed link, by when in their zone', async () => {
    visitorIn('America/New_York', ['en-US']);
    answer({
      slots: () => slotsAnswer(),
      book: () => ({ data: { booking: aHeldBooking(), manage_token: MANAGE_TOKEN } }),
    });
    const user = userEvent.setup();
    await showSlots();
    await user.click(screen.getByRole('radio', { name: '4:30 am' }));
    await user.click(screen.getByRole('button', { name: 'Confirm booking' }));

    expect(
      await screen.findByRole('heading', { name: 'Your consultation is booked' }),
    ).toHaveFocus();
    expect(
      screen.getByText((_, element) =>
        element?.tagName === 'P'
          ? element.textContent ===
            "We've e-mailed you the invitation. Please confirm your booking with the link in it: a booking not confirmed by 7:00 am on Tuesday 1 December 2026, New York time (America/New_York) is released."
          : false,
      ),
    ).toBeVisible();
    // The just-booked text says it all: no second notice.
    expect(screen.queryByText(/Not confirmed yet/)).not.toBeInTheDocument();
  });

  it('says nothing of confirming when the booking is not held', async () => {
    answer({
      slots: () => slotsAnswer(),
      book: booked('2026-12-01T09:00:00+00:00', '2026-12-01T09:30:00+00:00'),
    });
    const user = userEvent.setup();
    await showSlots();
    await user.click(screen.getByRole('radio', { name: '09:00' }));
    await user.click(screen.getByRole('button', { name: 'Confirm booking' }));
    await screen.findByRole('heading', { name: 'Your consultation is booked' });
    expect(screen.queryByText(/confirm/i)).not.toBeInTheDocument();
  });

  it('keeps the choice and says how to arrange a time when the host holds all it may', async () => {
    answer({
      slots: () => slotsAnswer(),
      book: () => refusal('consultation_holds_full'),
    });
    const user = userEvent.setup();
    await showSlots();
    await user.click(screen.getByRole('radio', { name: '09:00' }));
    await user.click(screen.getByRole('button', { name: 'Confirm booking' }));

    expect(
      await screen.findByText(/holding as many unconfirmed bookings as we can.*write to/),
    ).toBeVisible();
    expect(screen.getByRole('radio', { name: '09:00' })).toBeChecked();
  });

  it('ends with the reason when the enquiry was booked meanwhile (another tab)', async () => {
    answer({
      slots: () => slotsAnswer(),
      book: () => refusal('consultation_already_booked'),
    });
    const user = userEvent.setup();
    await showSlots();
    await user.click(screen.getByRole('radio', { name: '09:00' }));
    await user.click(screen.getByRole('button', { name: 'Confirm booking' }));
    const heading = await screen.findByRole('heading', {
      name: 'A consultation is already booked',
    });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
  });
});

describe('ConsultationBooking: changing the booking in place', () => {
  async function bookNine(rpc: ApiHandlers, onManageToken = vi.fn()) {
    answer({
      slots: (call) =>
        call.body.token === MANAGE_TOKEN
          ? slotsAnswer({ slots: ['2026-12-03T13:00:00+00:00'] })
          : slotsAnswer(),
      book: booked('2026-12-01T09:00:00+00:00', '2026-12-01T09:30:00+00:00'),
      ...rpc,
    });
    const user = userEvent.setup();
    await showSlots(onManageToken);
    await user.click(screen.getByRole('radio', { name: '09:00' }));
    await user.click(screen.getByRole('button', { name: 'Confirm booking' }));
    await screen.findByRole('heading', { name: 'Your consultation is booked' });
    return user;
  }

  it('moves it with the manage token and tells the caller the new token', async () => {
    const onManageToken = vi.fn();
    const user = await bookNine(
      {
        reschedule: () => ({
          data: {
            booking: aBooking({
              starts_at: '2026-12-03T13:00:00+00:00',
              ends_at: '2026-12-03T13:30:00+00:00',
              sequence: 1,
            }),
            manage_token: NEW_MANAGE_TOKEN,
          },
        }),
      },
      onManageToken,
    );

    await user.click(screen.getByRole('button', { name: 'Reschedule' }));
    expect(await screen.findByRole('heading', { name: 'Choose a new time' })).toHaveFocus();
    expect(calls('slots')[1]).toEqual({ action: 'slots', token: MANAGE_TOKEN });
    expect(screen.getByRole('radio', { name: 'Thu 3 Dec' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: '13:00' }));
    await user.click(screen.getByRole('button', { name: 'Confirm new time' }));

    expect(
      await screen.findByRole('heading', { name: 'Your consultation has moved' }),
    ).toHaveFocus();
    expect(calls('reschedule')[0]).toEqual({
      action: 'reschedule',
      token: MANAGE_TOKEN,
      starts_at: '2026-12-03T13:00:00+00:00',
      time_zone: 'Europe/London',
    });
    expect(screen.getByText('Thursday 3 December 2026')).toBeVisible();
    expect(onManageToken).toHaveBeenLastCalledWith(NEW_MANAGE_TOKEN);
  });

  it('can go back from choosing a new time without changing anything', async () => {
    const user = await bookNine({});
    await user.click(screen.getByRole('button', { name: 'Reschedule' }));
    await user.click(await screen.findByRole('button', { name: 'Keep my current time' }));
    expect(screen.getByRole('heading', { name: 'Your consultation is booked' })).toHaveFocus();
    expect(calls('reschedule')).toHaveLength(0);
  });

  it('cancels only after the confirm step, then says so', async () => {
    const user = await bookNine({
      cancel: () => ({
        data: { booking: aBooking({ status: 'cancelled', cancelled_by: 'visitor' }) },
      }),
    });

    await user.click(screen.getByRole('button', { name: 'Cancel consultation' }));
    const question = screen.getByText(
      'Cancel your consultation on Tuesday 1 December 2026 at 09:00?',
    );
    expect(question).toHaveFocus();
    expect(calls('cancel')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(calls('cancel')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Cancel consultation' }));
    await user.click(screen.getByRole('button', { name: 'Yes, cancel it' }));
    expect(
      await screen.findByRole('heading', { name: 'Your consultation is cancelled' }),
    ).toHaveFocus();
    expect(calls('cancel')[0]).toEqual({ action: 'cancel', token: MANAGE_TOKEN });
    expect(screen.getByRole('button', { name: 'Choose another time' })).toBeVisible();
  });
});
