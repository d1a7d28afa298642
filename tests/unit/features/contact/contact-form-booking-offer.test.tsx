import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';

import * as notifyModule from '@/components/ui/toast/notify';
import ContactForm from '@/features/contact/contact-form';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabaseNetwork, type PostgrestRequest } from '../../support/supabase-network';
import {
  answerConsultationApi,
  type ApiAnswer,
  type ApiCall,
} from '../consultation/consultation-api-network';
import {
  aBooking,
  BOOK_TOKEN,
  MANAGE_TOKEN,
  NOW,
  slotsAnswer,
  visitorIn,
} from '../consultation/consultation-fixtures';

const app = vi.hoisted(() => ({ client: null as AppSupabaseClient | null }));
vi.mock('@/lib/load-supabase', () => ({ loadSupabase: async () => app.client! }));

const network = useSupabaseNetwork();
let requests: PostgrestRequest[] = [];
let received: ApiCall[] = [];

const OFFER = 'Book your free 30-minute consultation';

function answer(claim: () => ApiAnswer) {
  const answered = network.answer({ tables: { contact_submissions: () => ({}) } });
  app.client = answered.client;
  requests = answered.requests;
  received = answerConsultationApi(network, {
    claim,
    slots: () => slotsAnswer(),
    book: () => ({ data: { booking: aBooking(), manage_token: MANAGE_TOKEN } }),
  });
}

async function sendEnquiry(user: ReturnType<typeof userEvent.setup>, website = '') {
  await user.type(screen.getByLabelText(/Full Name/), 'Ada Lovelace');
  await user.type(screen.getByLabelText(/Email Address/), 'ada@example.co.uk');
  await user.type(screen.getByLabelText(/Company\/Organisation/), 'Engines Ltd');
  await user.selectOptions(screen.getByLabelText(/Service Interest/), 'ai-ml');
  await user.selectOptions(screen.getByLabelText(/Project Timeline/), '1-3-months');
  await user.type(
    screen.getByLabelText(/Message\/Requirements/),
    'A data strategy review, please.',
  );
  if (website)
    await user.type(document.querySelector<HTMLInputElement>('#enquiry-website')!, website);
  await user.click(screen.getByRole('button', { name: 'Submit Form' }));
}

let notify: MockInstance<typeof notifyModule.notify>;
let consoleLines: ReturnType<typeof vi.spyOn>[];

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  visitorIn('Europe/London');
  notify = vi.spyOn(notifyModule, 'notify').mockImplementation(() => {});
  consoleLines = (['info', 'warn', 'log'] as const).map((level) => vi.spyOn(console, level));
});

async function bookNineThirty(user: ReturnType<typeof userEvent.setup>) {
  const offer = await screen.findByRole('region', { name: OFFER });
  await user.click(await within(offer).findByRole('radio', { name: '09:30' }));
  await user.click(within(offer).getByRole('button', { name: 'Confirm booking' }));
  return offer;
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('ContactForm: the consultation offer', () => {
  it('offers the booking of the enquiry just sent, below the form, with its free times', async () => {
    answer(() => ({ data: BOOK_TOKEN }));
    const user = userEvent.setup();
    render(<ContactForm />);
    await sendEnquiry(user);

    const offer = await screen.findByRole('region', { name: OFFER });
    expect(screen.getByRole('heading', { name: OFFER, level: 3 })).toBeVisible();
    expect(screen.getByRole('form', { name: 'Enquiry form' })).toBeVisible();
    expect(
      screen.getByRole('form', { name: 'Enquiry form' }).compareDocumentPosition(offer) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(await screen.findByRole('radiogroup', { name: 'Choose a day' })).toBeVisible();
    expect(received.map((call) => call.body)).toEqual([
      { action: 'claim', key: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) },
      { action: 'slots', token: BOOK_TOKEN },
    ]);
    // The form is cleared for another enquiry, as without the offer.
    expect(screen.getByLabelText(/Full Name/)).toHaveValue('');
  });

  it('offers nothing when the enquiry came back without a book token', async () => {
    answer(() => ({ refusal: 'consultation_token_invalid' }));
    const user = userEvent.setup();
    render(<ContactForm />);
    await sendEnquiry(user);

    await waitFor(() => expect(screen.getByLabelText(/Full Name/)).toHaveValue(''));
    expect(requests.map((request) => request.name)).toEqual(['contact_submissions']);
    expect(received.map((call) => call.action)).toEqual(['claim']);
    expect(screen.queryByRole('region', { name: OFFER })).not.toBeInTheDocument();
  });

  it('offers nothing to a bot caught by the honeypot, and sends nothing', async () => {
    answer(() => ({ data: BOOK_TOKEN }));
    const user = userEvent.setup();
    render(<ContactForm />);
    await sendEnquiry(user, 'https://spam.example');

    await waitFor(() => expect(screen.getByLabelText(/Full Name/)).toHaveValue(''));
    expect(requests).toEqual([]);
    expect(received).toEqual([]);
    expect(screen.queryByRole('region', { name: OFFER })).not.toBeInTheDocument();
  });
});

describe('ContactForm: after the booking', () => {
  it('leads with the focused confirmation and folds away the picker, its invitation and the form', async () => {
    answer(() => ({ data: BOOK_TOKEN }));
    const user = userEvent.setup();
    render(<ContactForm />);
    await sendEnquiry(user);
    const offer = await bookNineThirty(user);

    const confirmation = await within(offer).findByRole('heading', {
      name: 'Your consultation is booked',
    });
    expect(confirmation).toHaveFocus();
    // The region keeps its name; what asked for a time has gone.
    expect(screen.getByRole('region', { name: OFFER })).toBe(offer);
    expect(within(offer).queryByText(/^Choose a time for a call/)).not.toBeInTheDocument();
    expect(within(offer).queryByRole('radiogroup')).not.toBeInTheDocument();
    expect(within(offer).queryByRole('button', { name: 'Confirm booking' })).toBeNull();
    // The emptied form cannot be sent twice by accident.
    expect(screen.queryByRole('form', { name: 'Enquiry form' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit Form' })).not.toBeInTheDocument();
    expect(screen.getByText('Your enquiry has been sent.')).toBeVisible();
  });

  it('brings the empty form back for another enquiry, its first field focused', async () => {
    answer(() => ({ data: BOOK_TOKEN }));
    const user = userEvent.setup();
    render(<ContactForm />);
    await sendEnquiry(user);
    await bookNineThirty(user);
    await user.click(await screen.findByRole('button', { name: 'Send another enquiry' }));

    expect(screen.getByRole('form', { name: 'Enquiry form' })).toBeVisible();
    expect(screen.getByLabelText(/Full Name/)).toHaveFocus();
    expect(screen.getByLabelText(/Full Name/)).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Send another enquiry' })).not.toBeInTheDocument();
    // The booking made stays on screen, with its ways to move or cancel it.
    const offer = screen.getByRole('region', { name: OFFER });
    expect(within(offer).getByRole('button', { name: 'Reschedule' })).toBeVisible();
  });
});

describe('ContactForm: the thank-you toast beside the offer', () => {
  it('is placed at the top, and goes when the visitor carries on', async () => {
    answer(() => ({ data: BOOK_TOKEN }));
    const user = userEvent.setup();
    render(<ContactForm />);
    await sendEnquiry(user);
    await screen.findByRole('region', { name: OFFER });

    expect(notify).toHaveBeenCalledTimes(1);
    const [toast] = notify.mock.calls[0]!;
    expect(toast).toMatchObject({
      title: 'Thank you for your inquiry!',
      description: "We'll get back to you within 24 hours.",
      variant: 'success',
      placement: 'top',
    });
    expect(toast.until?.aborted).toBe(false);
    await user.click(await screen.findByRole('radio', { name: '09:30' }));
    expect(toast.until?.aborted).toBe(true);
  });

  it('goes at the first key the visitor presses too', async () => {
    answer(() => ({ data: BOOK_TOKEN }));
    const user = userEvent.setup();
    render(<ContactForm />);
    await sendEnquiry(user);
    await screen.findByRole('region', { name: OFFER });
    const [toast] = notify.mock.calls[0]!;
    await user.keyboard('{Tab}');
    expect(toast.until?.aborted).toBe(true);
  });

  it('keeps its usual place when there is no offer beside it', async () => {
    answer(() => ({ refusal: 'consultation_token_invalid' }));
    const user = userEvent.setup();
    render(<ContactForm />);
    await sendEnquiry(user);
    await waitFor(() => expect(notify).toHaveBeenCalled());
    expect(notify.mock.calls[0]![0]).toEqual({
      title: 'Thank you for your inquiry!',
      description: "We'll get back to you within 24 hours.",
      variant: 'success',
    });
  });
});

describe("ContactForm: a visitor's console", () => {
  it('stays empty through the enquiry and the booking: nothing is audited without a user', async () => {
    answer(() => ({ data: BOOK_TOKEN }));
    const user = userEvent.setup();
    render(<ContactForm />);
    await sendEnquiry(user);
    await bookNineThirty(user);
    await screen.findByRole('heading', { name: 'Your consultation is booked' });

    for (const line of consoleLines) expect(line).not.toHaveBeenCalled();
    expect(requests.map((request) => request.name)).toEqual(['contact_submissions']);
  });
});
