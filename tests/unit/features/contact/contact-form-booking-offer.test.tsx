import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import ContactForm from '@/features/contact/contact-form';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabaseNetwork, type PostgrestRequest } from '../../support/supabase-network';
import {
  answerConsultationApi,
  type ApiAnswer,
  type ApiCall,
} from '../consultation/consultation-api-network';
import { BOOK_TOKEN, NOW, slotsAnswer, visitorIn } from '../consultation/consultation-fixtures';

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
  received = answerConsultationApi(network, { claim, slots: () => slotsAnswer() });
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

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  visitorIn('Europe/London');
  vi.spyOn(console, 'info').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

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
