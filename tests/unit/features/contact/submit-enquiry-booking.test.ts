import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { EnquiryValues } from '@/features/contact/enquiry-schema';
import { submitEnquiry } from '@/features/contact/submit-enquiry';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabaseNetwork, type PostgrestAnswer } from '../../support/supabase-network';
import {
  answerConsultationApi,
  type ApiAnswer,
  type ApiCall,
} from '../consultation/consultation-api-network';

const app = vi.hoisted(() => ({ client: null as AppSupabaseClient | null }));
vi.mock('@/lib/load-supabase', () => ({ loadSupabase: async () => app.client! }));

const network = useSupabaseNetwork();

const values: EnquiryValues = {
  fullName: 'Ada Lovelace',
  email: 'ada@example.co.uk',
  company: 'Engines Ltd',
  jobTitle: '',
  phone: '',
  serviceInterest: 'analytics',
  timeline: 'exploring',
  message: 'Please get in touch.',
  website: '',
};

const BOOK_TOKEN = 'b.8f0c1f7e-3d0b-4d7a-9a55-1c2d3e4f5a6b.0.1796000000.c2lnbmF0dXJl';

/** What reached the backend, in order: the enquiry rows, then each claim's body. */
type Sent = { rows: Record<string, unknown>[]; claims: ApiCall['body'][]; order: string[] };

function answer({
  insert = () => ({}),
  claim = () => ({ data: BOOK_TOKEN }),
}: { insert?: () => PostgrestAnswer; claim?: () => ApiAnswer } = {}): Sent {
  const sent: Sent = { rows: [], claims: [], order: [] };
  const answered = network.answer({
    tables: {
      contact_submissions: (request) => {
        sent.rows.push(request.body as Record<string, unknown>);
        sent.order.push('insert');
        return insert();
      },
    },
  });
  app.client = answered.client;
  answerConsultationApi(network, {
    claim: (call) => {
      sent.claims.push(call.body);
      sent.order.push('claim');
      return claim();
    },
  });
  return sent;
}

beforeEach(() => {
  vi.spyOn(console, 'info').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('submitEnquiry and the booking key', () => {
  it('sends a fresh 43-character base64url key with the enquiry and trades it for the book token', async () => {
    const sent = answer();
    await expect(submitEnquiry(values)).resolves.toEqual({ ok: true, bookToken: BOOK_TOKEN });

    const key = sent.rows[0]?.booking_key;
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(sent.claims).toEqual([{ action: 'claim', key }]);
    // The claim comes after the insert: the key means nothing to the database before it.
    expect(sent.order).toEqual(['insert', 'claim']);
  });

  it('never sends the same key twice', async () => {
    const first = answer();
    await submitEnquiry(values);
    const second = answer();
    await submitEnquiry(values);
    expect(first.rows[0]?.booking_key).not.toBe(second.rows[0]?.booking_key);
  });

  it('still reports a sent enquiry when the claim is refused, without a book token', async () => {
    answer({ claim: () => ({ refusal: 'consultation_token_invalid' }) });
    await expect(submitEnquiry(values)).resolves.toEqual({ ok: true, bookToken: null });
  });

  it.each(['unavailable', 'network-failure'] as const)(
    'still reports a sent enquiry when the claim is %s',
    async (failure) => {
      answer({ claim: () => failure });
      await expect(submitEnquiry(values)).resolves.toEqual({ ok: true, bookToken: null });
    },
  );

  it('claims nothing for an enquiry the database refused', async () => {
    const sent = answer({
      insert: () => ({
        error: { message: 'Too many enquiries.', hint: 'contact_submissions_rate_limit' },
      }),
    });
    const outcome = await submitEnquiry(values);
    expect(outcome).toMatchObject({ ok: false, kind: 'refused' });
    expect(sent.claims).toEqual([]);
  });
});
