import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { EnquiryValues } from '@/features/contact/enquiry-schema';
import { submitEnquiry } from '@/features/contact/submit-enquiry';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabaseNetwork, type PostgrestRequest } from '../../support/supabase-network';
import { answerConsultationApi } from '../consultation/consultation-api-network';
import { BOOK_TOKEN } from '../consultation/consultation-fixtures';

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

let info: ReturnType<typeof vi.spyOn>;
let warn: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  info = vi.spyOn(console, 'info').mockImplementation(() => {});
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** Answers the enquiry (or refuses it) and records every request that reached the backend. */
function answer(signedIn: { userId: string; email: string } | null, refuse = false) {
  const answered = network.answer({
    ...signedIn,
    tables: {
      contact_submissions: () =>
        refuse ? { error: { code: '23514', message: 'violates check constraint "x"' } } : {},
      audit_log: () => ({}),
    },
  });
  app.client = answered.client;
  answerConsultationApi(network, { claim: () => ({ data: BOOK_TOKEN }) });
  return answered.requests;
}

const audited = (requests: PostgrestRequest[]) =>
  requests.filter((request) => request.name === 'audit_log').map((request) => request.body);

describe('submitEnquiry and the audit log', () => {
  it.each([
    ['sent', false],
    ['refused', true],
  ])(
    "records nothing, and writes nothing to a visitor's console, for an enquiry %s",
    async (_, refuse) => {
      const requests = answer(null, refuse);
      await submitEnquiry(values);
      await vi.waitFor(() => expect(requests.length).toBeGreaterThan(0));
      expect(audited(requests)).toEqual([]);
      expect(info).not.toHaveBeenCalled();
      expect(warn).not.toHaveBeenCalled();
    },
  );

  it('records the enquiry of a signed-in member of staff', async () => {
    const requests = answer({ userId: 'staff-1', email: 'staff@kestreldata.co.uk' });
    await expect(submitEnquiry(values)).resolves.toEqual({ ok: true, bookToken: BOOK_TOKEN });
    await vi.waitFor(() => expect(audited(requests)).toHaveLength(1));
    expect(audited(requests)[0]).toMatchObject({
      user_id: 'staff-1',
      action: 'contact_form_submitted',
      resource: 'contact_submissions',
      details: { interest: 'analytics', timeline: 'exploring' },
    });
    expect(warn).not.toHaveBeenCalled();
  });
});
