import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { EnquiryValues } from '@/features/contact/enquiry-schema';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabaseNetwork, type PostgrestRequest } from '../../support/supabase-network';
import { answerConsultationApi } from '../consultation/consultation-api-network';

const app = vi.hoisted(() => ({ client: null as AppSupabaseClient | null }));
vi.mock('@/lib/load-supabase', () => ({ loadSupabase: async () => app.client! }));

const network = useSupabaseNetwork();
let requests: PostgrestRequest[] = [];

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

/** The enquiry row PostgREST received. */
const inserted = () =>
  requests.find((request) => request.kind === 'table' && request.name === 'contact_submissions')
    ?.body;

// The database's side is covered by tests/integration/visit-source.test.ts; here only the row the
// form sends matters.
describe('submitEnquiry and the visit source', () => {
  beforeEach(() => {
    vi.resetModules();
    vi.spyOn(console, 'info').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const answered = network.answer({ tables: { contact_submissions: () => ({}) } });
    answerConsultationApi(network, { claim: () => ({ data: 'b.token' }) });
    app.client = answered.client;
    requests = answered.requests;
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("sends the source of the visit's first page with the enquiry", async () => {
    const { rememberVisitStart } = await import('@/features/contact/visit-start');
    const { submitEnquiry } = await import('@/features/contact/submit-enquiry');
    rememberVisitStart({
      path: '/service/data-strategy',
      search: '?utm_source=newsletter&utm_medium=email&utm_campaign=q4',
      siteHost: 'kestreldata.co.uk',
      referrer: 'https://www.linkedin.com/feed/',
    });
    rememberVisitStart({ path: '/', search: '', siteHost: 'kestreldata.co.uk', referrer: '' });

    await expect(submitEnquiry(values)).resolves.toEqual({ ok: true, bookToken: 'b.token' });
    expect(inserted()).toMatchObject({
      Email: 'ada@example.co.uk',
      landing_page: '/service/data-strategy',
      referrer_host: 'www.linkedin.com',
      utm_source: 'newsletter',
      utm_medium: 'email',
      utm_campaign: 'q4',
    });
  });

  it('sends every source field as null when the visit start is unknown', async () => {
    const { submitEnquiry } = await import('@/features/contact/submit-enquiry');
    await submitEnquiry(values);
    expect(inserted()).toMatchObject({
      landing_page: null,
      referrer_host: null,
      utm_source: null,
      utm_medium: null,
      utm_campaign: null,
    });
  });
});
