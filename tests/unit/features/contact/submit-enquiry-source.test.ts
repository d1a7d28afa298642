import { beforeEach, describe, expect, it, vi } from 'vitest';

import type { EnquiryValues } from '@/features/contact/enquiry-schema';

const inserted: Record<string, unknown>[] = [];

// The database's side is covered by tests/integration/visit-source.test.ts; here only the row the
// form hands to supabase-js matters.
vi.mock('@/lib/load-supabase', () => ({
  loadSupabase: async () => ({
    from: () => ({
      insert: async (row: Record<string, unknown>) => {
        inserted.push(row);
        return { error: null };
      },
    }),
  }),
}));
vi.mock('@/lib/audit-log', () => ({ logAuditEvent: async () => {} }));

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

describe('submitEnquiry and the visit source', () => {
  beforeEach(() => {
    inserted.length = 0;
    vi.resetModules();
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

    await expect(submitEnquiry(values)).resolves.toEqual({ ok: true });
    expect(inserted).toHaveLength(1);
    expect(inserted[0]).toMatchObject({
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
    expect(inserted[0]).toMatchObject({
      landing_page: null,
      referrer_host: null,
      utm_source: null,
      utm_medium: null,
      utm_campaign: null,
    });
  });
});
