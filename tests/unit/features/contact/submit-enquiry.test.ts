import { describe, expect, it } from 'vitest';

import { describeRefusal, toSubmissionRow } from '@/features/contact/submit-enquiry';

describe('toSubmissionRow', () => {
  it('maps the form to the stored column names, empty optional fields as null', () => {
    expect(
      toSubmissionRow({
        fullName: 'Ada Lovelace',
        email: 'ada@example.co.uk',
        company: 'Engines Ltd',
        jobTitle: '',
        phone: '',
        serviceInterest: 'analytics',
        timeline: 'exploring',
        message: 'Please get in touch.',
        website: '',
      }),
    ).toEqual({
      Name: 'Ada Lovelace',
      Email: 'ada@example.co.uk',
      Company: 'Engines Ltd',
      Job: null,
      Phone: null,
      Interest: 'analytics',
      Timeline: 'exploring',
      Message: 'Please get in touch.',
      landing_page: null,
      referrer_host: null,
      utm_source: null,
      utm_medium: null,
      utm_campaign: null,
    });
  });
});

describe('describeRefusal', () => {
  it('explains the database abuse limit', () => {
    expect(
      describeRefusal({ code: 'P0001', hint: 'contact_submissions_rate_limit', message: 'x' }),
    ).toMatch(/several enquiries from this email address/);
  });

  it('explains the per-network and hourly limits by their hints', () => {
    expect(
      describeRefusal({
        code: 'P0001',
        hint: 'contact_submissions_client_rate_limit',
        message: 'Too many enquiries from your network. Please try again later.',
      }),
    ).toBe(
      'We have received a lot of enquiries from your network in the last hour. Please try again later, or email us instead.',
    );
    expect(
      describeRefusal({
        code: 'P0001',
        hint: 'contact_submissions_global_rate_limit',
        message: 'x',
      }),
    ).toBe(
      'We are receiving an unusually high number of enquiries right now. Please try again in an hour, or email us instead.',
    );
  });

  it('does not treat an unknown P0001 hint as a known refusal', () => {
    expect(describeRefusal({ code: 'P0001', hint: 'something_else', message: 'x' })).toBeNull();
  });

  it('maps a named check constraint to its field message', () => {
    expect(
      describeRefusal({
        code: '23514',
        message:
          'new row for relation "contact_submissions" violates check constraint "contact_submissions_phone_format"',
      }),
    ).toBe('Please enter a valid phone number.');
  });

  it('gives a general message for other check constraints and nothing for other errors', () => {
    expect(describeRefusal({ code: '23514', message: 'violates check constraint "x"' })).toMatch(
      /not accepted/,
    );
    expect(describeRefusal({ code: '42501', message: 'permission denied' })).toBeNull();
  });
});
