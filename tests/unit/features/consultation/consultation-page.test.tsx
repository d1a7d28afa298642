import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { AppSupabaseClient } from '@/lib/supabase';
import ConsultationPage from '@/pages/consultation-page';
import { useSupabaseNetwork } from '../../support/supabase-network';
import { answerConsultationApi, type ApiCall, type ApiHandlers } from './consultation-api-network';
import {
  aBooking,
  aHeldBooking,
  BOOK_TOKEN,
  CONFIRM_TOKEN,
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

const page = () => (
  <MemoryRouter initialEntries={['/consultation']}>
    <ConsultationPage />
  </MemoryRouter>
);

function openPage(hash: string) {
  window.history.replaceState(null, '', `/consultation${hash}`);
  return render(page());
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  visitorIn('Europe/London');
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

describe('the consultation page', () => {
  it('is prerendered as a noindex shell with its heading, asking nothing of the backend', () => {
    const html = renderToString(
      <MemoryRouter initialEntries={['/consultation']}>
        <ConsultationPage />
      </MemoryRouter>,
    );
    expect(html).toMatch(/<h1[^>]*>Your free consultation<\/h1>/);
    expect(html).toContain('content="noindex, nofollow"');
    expect(html).toContain('Opening your link');
    expect(received).toEqual([]);
  });

  it('explains itself when opened without a token, even with one in the query', async () => {
    openPage(`?token=${BOOK_TOKEN}`);
    expect(
      await screen.findByRole('heading', { name: 'This page opens from your e-mail', level: 2 }),
    ).toBeVisible();
  });

  it.each([
    ['a manage link cut short', `#${MANAGE_TOKEN.slice(0, -6)}`],
    ['a book link cut after its kind', '#b.'],
    ['a garbled link', `#${BOOK_TOKEN.replace('-4000-', '-4z00-')}`],
    ['a link with a broken escape', '#m.%E0%A4%A'],
  ])(
    'says %s does not work and points to the acknowledgement, asking nothing and offering no retry',
    async (_, hash) => {
      answer({ slots: () => slotsAnswer({ booking: aBooking() }) });
      openPage(hash);
      expect(
        await screen.findByRole('heading', { name: 'This link does not work', level: 2 }),
      ).toBeVisible();
      expect(
        screen.getByText(/book your consultation from the link in the acknowledgement e-mail/),
      ).toBeVisible();
      expect(screen.queryByText(/check your connection/)).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
      expect(received).toEqual([]);
    },
  );

  it('keeps Try again for a link that could not reach the booking system', async () => {
    let asked = 0;
    answer({
      slots: () => (++asked === 1 ? 'network-failure' : slotsAnswer({ booking: aBooking() })),
    });
    const user = userEvent.setup();
    openPage(`#${MANAGE_TOKEN}`);
    expect(await screen.findByText(/check your connection and try again/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Your consultation' })).toBeVisible();
    expect(asked).toBe(2);
  });

  it('shows the free times for a book token', async () => {
    answer({ slots: () => slotsAnswer() });
    openPage(`#${BOOK_TOKEN}`);
    expect(await screen.findByRole('radiogroup', { name: 'Choose a day' })).toBeVisible();
    expect(calls('slots')[0]).toEqual({ action: 'slots', token: BOOK_TOKEN });
  });

  it('puts the manage token into the address once booked, and stays on the confirmation', async () => {
    answer({
      slots: () => slotsAnswer(),
      book: () => ({
        data: { booking: aBooking(), manage_token: MANAGE_TOKEN },
      }),
    });
    const user = userEvent.setup();
    const { rerender } = openPage(`#${BOOK_TOKEN}`);
    await user.click(await screen.findByRole('radio', { name: '09:30' }));
    await user.click(screen.getByRole('button', { name: 'Confirm booking' }));

    expect(
      await screen.findByRole('heading', { name: 'Your consultation is booked', level: 2 }),
    ).toHaveFocus();
    expect(window.location.hash).toBe(`#${MANAGE_TOKEN}`);
    // The intro no longer asks for a time: it speaks of the booking.
    expect(screen.queryByText(/^Choose a day and a time/)).not.toBeInTheDocument();
    expect(screen.getByText(/move it to another time or cancel it here/)).toBeVisible();
    // The page drawn again (by its parents) still shows this booking, not the token's own view.
    rerender(page());
    expect(screen.getByRole('heading', { name: 'Your consultation is booked' })).toBeVisible();
    expect(calls('slots')).toHaveLength(1);
  });
});

describe('the consultation page with a manage token', () => {
  it('shows the booking with the ways to move or cancel it', async () => {
    answer({ slots: () => slotsAnswer({ booking: aBooking() }) });
    openPage(`#${MANAGE_TOKEN}`);

    expect(
      await screen.findByRole('heading', { name: 'Your consultation', level: 2 }),
    ).toBeVisible();
    expect(calls('slots')[0]).toEqual({ action: 'slots', token: MANAGE_TOKEN });
    expect(screen.getByText('Tuesday 1 December 2026')).toBeVisible();
    expect(screen.getByText('09:30–10:00, UK time (Europe/London)')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Reschedule' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Cancel consultation' })).toBeVisible();
  });

  it('shows the times on the 12-hour clock to a visitor whose browser asks for it', async () => {
    visitorIn('America/New_York', ['en-US']);
    answer({ slots: () => slotsAnswer({ booking: aBooking() }) });
    openPage(`#${MANAGE_TOKEN}`);
    await screen.findByRole('heading', { name: 'Your consultation' });
    expect(screen.getByText('4:30 am–5:00 am, New York time (America/New_York)')).toBeVisible();
    expect(screen.getByText('9:30 am–10:00 am, UK time')).toBeVisible();
  });

  it.each([
    ['consultation_token_expired', 'This link has expired'],
    ['consultation_token_replaced', 'This link has been replaced'],
    ['consultation_cancelled', 'This consultation was cancelled'],
    ['consultation_token_invalid', 'This link does not work'],
    ['consultation_not_offered', 'Online booking is not available for this enquiry'],
  ] as const)('says why a link refused with %s can do nothing', async (hint, title) => {
    answer({ slots: () => refusal(hint) });
    openPage(`#${MANAGE_TOKEN}`);
    expect(await screen.findByRole('heading', { name: title, level: 2 })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Reschedule' })).not.toBeInTheDocument();
  });

  it('says a consultation that has begun can no longer be changed', async () => {
    answer({
      slots: () =>
        slotsAnswer({
          booking: aBooking({
            starts_at: '2026-11-30T11:45:00+00:00',
            ends_at: '2026-11-30T12:15:00+00:00',
          }),
        }),
    });
    openPage(`#${MANAGE_TOKEN}`);
    expect(
      await screen.findByRole('heading', { name: 'This consultation has already started' }),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Cancel consultation' })).not.toBeInTheDocument();
  });

  it('says a consultation that is over has taken place', async () => {
    answer({
      slots: () =>
        slotsAnswer({
          booking: aBooking({
            starts_at: '2026-11-27T10:00:00+00:00',
            ends_at: '2026-11-27T10:30:00+00:00',
          }),
        }),
    });
    openPage(`#${MANAGE_TOKEN}`);
    expect(
      await screen.findByRole('heading', { name: 'This consultation has taken place' }),
    ).toBeVisible();
  });

  it('moves it, and the address then holds the new token without reopening the page', async () => {
    answer({
      slots: () => slotsAnswer({ booking: aBooking(), slots: ['2026-12-04T16:00:00+00:00'] }),
      reschedule: () => ({
        data: {
          booking: aBooking({
            starts_at: '2026-12-04T16:00:00+00:00',
            ends_at: '2026-12-04T16:30:00+00:00',
            sequence: 1,
          }),
          manage_token: NEW_MANAGE_TOKEN,
        },
      }),
    });
    const user = userEvent.setup();
    openPage(`#${MANAGE_TOKEN}`);
    await user.click(await screen.findByRole('button', { name: 'Reschedule' }));
    await user.click(await screen.findByRole('radio', { name: '16:00' }));
    await user.click(screen.getByRole('button', { name: 'Confirm new time' }));

    expect(
      await screen.findByRole('heading', { name: 'Your consultation has moved' }),
    ).toHaveFocus();
    expect(screen.getByText('Friday 4 December 2026')).toBeVisible();
    expect(window.location.hash).toBe(`#${NEW_MANAGE_TOKEN}`);
    // One read to open the page, one for the times to move to: none for the new token.
    expect(calls('slots')).toHaveLength(2);
  });

  it('cancels after the confirm step; with no book token it says how to arrange another', async () => {
    answer({
      slots: () => slotsAnswer({ booking: aBooking() }),
      cancel: () => ({
        data: { booking: aBooking({ status: 'cancelled', cancelled_by: 'visitor' }) },
      }),
    });
    const user = userEvent.setup();
    openPage(`#${MANAGE_TOKEN}`);
    await user.click(await screen.findByRole('button', { name: 'Cancel consultation' }));
    await user.click(screen.getByRole('button', { name: 'Yes, cancel it' }));

    expect(
      await screen.findByRole('heading', { name: 'Your consultation is cancelled' }),
    ).toHaveFocus();
    expect(screen.getByText(/To arrange another time, write to/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Choose another time' })).not.toBeInTheDocument();
  });

  it('notes a booking not confirmed yet, and by when, beside the ways to change it', async () => {
    answer({ slots: () => slotsAnswer({ booking: aHeldBooking() }) });
    openPage(`#${MANAGE_TOKEN}`);
    await screen.findByRole('heading', { name: 'Your consultation', level: 2 });
    expect(
      screen.getByText((_, element) =>
        element?.tagName === 'P'
          ? element.textContent ===
            'Not confirmed yet: confirm with the link in our e-mail by 12:00 on Tuesday 1 December 2026, UK time (Europe/London), or the time is released.'
          : false,
      ),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Reschedule' })).toBeVisible();
  });

  it('notes nothing of confirming for a confirmed booking', async () => {
    answer({ slots: () => slotsAnswer({ booking: aBooking() }) });
    openPage(`#${MANAGE_TOKEN}`);
    await screen.findByRole('heading', { name: 'Your consultation', level: 2 });
    expect(screen.queryByText(/Not confirmed yet/)).not.toBeInTheDocument();
  });

  it('says a booking released unconfirmed was released, offering no change', async () => {
    answer({
      slots: () =>
        slotsAnswer({
          booking: aBooking({
            status: 'cancelled',
            cancelled_by: 'unconfirmed',
            confirmed_at: null,
          }),
        }),
    });
    openPage(`#${MANAGE_TOKEN}`);
    expect(
      await screen.findByRole('heading', { name: 'This booking was released', level: 2 }),
    ).toBeVisible();
    expect(
      screen.getByText(/not confirmed .* in time.*To arrange another time, write to/),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Reschedule' })).not.toBeInTheDocument();
  });

  it('opens another link pasted into the address', async () => {
    answer({
      slots: (call) =>
        call.body.token === MANAGE_TOKEN
          ? slotsAnswer({ booking: aBooking() })
          : refusal('consultation_token_expired'),
    });
    openPage(`#${MANAGE_TOKEN}`);
    await screen.findByRole('heading', { name: 'Your consultation' });

    await act(async () => {
      window.history.replaceState(null, '', `/consultation#${BOOK_TOKEN}`);
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    });
    expect(await screen.findByRole('heading', { name: 'This link has expired' })).toBeVisible();
    expect(calls('slots')[1]).toEqual({ action: 'slots', token: BOOK_TOKEN });
  });
});

describe('the consultation page with a confirm token', () => {
  it("confirms the booking once and says so, focused, with its time in the visitor's zone", async () => {
    visitorIn('America/New_York', ['en-US']);
    answer({
      confirm: () => ({ data: { booking: aBooking({ confirmed_at: NOW.toISOString() }) } }),
    });
    openPage(`#${CONFIRM_TOKEN}`);

    const heading = await screen.findByRole('heading', {
      name: 'Your consultation is confirmed',
      level: 2,
    });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(calls('confirm')).toEqual([{ action: 'confirm', token: CONFIRM_TOKEN }]);
    expect(screen.getByText('Tuesday 1 December 2026')).toBeVisible();
    expect(screen.getByText('4:30 am–5:00 am, New York time (America/New_York)')).toBeVisible();
    expect(screen.getByText('Ada Lovelace')).toBeVisible();
    expect(
      screen.getByText(/invitation e-mail we sent you has the link to reschedule or cancel/),
    ).toBeVisible();
    // The token stays only in the fragment, which no server or log receives.
    expect(window.location.hash).toBe(`#${CONFIRM_TOKEN}`);
    expect(window.location.search).toBe('');
    expect(calls('slots')).toEqual([]);
  });

  it('asks only once on opening, even when drawn in StrictMode', async () => {
    answer({ confirm: () => ({ data: { booking: aBooking() } }) });
    window.history.replaceState(null, '', `/consultation#${CONFIRM_TOKEN}`);
    render(<StrictMode>{page()}</StrictMode>);
    expect(
      await screen.findByRole('heading', { name: 'Your consultation is confirmed' }),
    ).toBeVisible();
    expect(calls('confirm')).toHaveLength(1);
  });

  it('says a booking confirmed before is confirmed, as the database answers it again', async () => {
    answer({
      confirm: () => ({ data: { booking: aBooking({ confirmed_at: '2026-11-30T08:00:00Z' }) } }),
    });
    openPage(`#${CONFIRM_TOKEN}`);
    expect(
      await screen.findByRole('heading', { name: 'Your consultation is confirmed' }),
    ).toBeVisible();
    expect(calls('confirm')).toHaveLength(1);
  });

  it.each([
    ['consultation_token_invalid', 'This link does not work', /acknowledgement e-mail/],
    ['consultation_token_expired', 'This link has expired', /For a new one, write to/],
    [
      'consultation_cancelled',
      'This booking is no longer held',
      /cancelled, or released because it was not confirmed in time.*choose a time again/,
    ],
  ] as const)('says why a confirm link refused with %s did nothing', async (hint, title, text) => {
    answer({ confirm: () => refusal(hint) });
    openPage(`#${CONFIRM_TOKEN}`);
    const heading = await screen.findByRole('heading', { name: title, level: 2 });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByText(text)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(screen.queryByText('Your consultation is confirmed')).not.toBeInTheDocument();
  });

  it('offers Try again when the confirmation could not reach the booking system', async () => {
    let asked = 0;
    answer({
      confirm: () => (++asked === 1 ? 'network-failure' : { data: { booking: aBooking() } }),
    });
    const user = userEvent.setup();
    openPage(`#${CONFIRM_TOKEN}`);
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { name: 'Your consultation is confirmed' }),
    ).toBeVisible();
    expect(asked).toBe(2);
  });

  it('says a confirm link cut short does not work, asking nothing', async () => {
    answer({ confirm: () => ({ data: { booking: aBooking() } }) });
    openPage(`#${CONFIRM_TOKEN.slice(0, -4)}`);
    expect(
      await screen.findByRole('heading', { name: 'This link does not work', level: 2 }),
    ).toBeVisible();
    expect(received).toEqual([]);
  });
});
