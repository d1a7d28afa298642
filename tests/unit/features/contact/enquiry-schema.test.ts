import { describe, expect, it } from 'vitest';

import {
  emptyEnquiry,
  enquirySchema,
  type EnquiryFormValues,
} from '@/features/contact/enquiry-schema';

const valid: EnquiryFormValues = {
  ...emptyEnquiry,
  fullName: 'Ada Lovelace',
  email: 'ada@example.co.uk',
  company: 'Analytical Engines Ltd',
  serviceInterest: 'ai-ml',
  timeline: '1-3-months',
  message: 'We would like to discuss a data strategy.',
};

function messagesFor(patch: Partial<EnquiryFormValues>) {
  const result = enquirySchema.safeParse({ ...valid, ...patch });
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('enquiry schema: the form rules and messages', () => {
  it('accepts a complete enquiry and trims the text', () => {
    const result = enquirySchema.parse({
      ...valid,
      fullName: '  Ada Lovelace  ',
      message: '  We would like to talk.  ',
    });
    expect(result.fullName).toBe('Ada Lovelace');
    expect(result.message).toBe('We would like to talk.');
  });

  it.each([
    [{ fullName: 'A' }, 'Full name must be at least 2 characters.'],
    [{ fullName: '  A  ' }, 'Full name must be at least 2 characters.'],
    [{ fullName: 'x'.repeat(101) }, 'Full name must be less than 100 characters.'],
    [{ email: 'not-an-email' }, 'Please enter a valid email address.'],
    [{ email: 'a b@example.com' }, 'Please enter a valid email address.'],
    [{ email: `${'a'.repeat(250)}@x.com` }, 'Email must be less than 255 characters.'],
    [{ company: 'X' }, 'Company name must be at least 2 characters.'],
    [{ company: 'x'.repeat(201) }, 'Company name must be less than 200 characters.'],
    [{ jobTitle: 'x'.repeat(101) }, 'Job title must be less than 100 characters.'],
    [{ phone: '1'.repeat(31) }, 'Phone number must be less than 30 characters.'],
    [{ phone: '020 7946 0000 ext. 5' }, 'Please enter a valid phone number.'],
    [{ serviceInterest: '' }, 'Please select a service interest.'],
    [{ serviceInterest: 'x'.repeat(101) }, 'Service interest is invalid.'],
    [{ serviceInterest: 'blockchain' }, 'Service interest is invalid.'],
    [{ timeline: '' }, 'Please select a project timeline.'],
    [{ timeline: 'x'.repeat(51) }, 'Timeline is invalid.'],
    [{ timeline: 'yesterday' }, 'Timeline is invalid.'],
    [{ message: 'Too short' }, 'Message must be at least 10 characters.'],
    [{ message: `   ${'a'.repeat(9)}   ` }, 'Message must be at least 10 characters.'],
    [{ message: 'x'.repeat(5001) }, 'Message must be less than 5000 characters.'],
  ])('refuses %j with "%s"', (patch, message) => {
    expect(messagesFor(patch)).toContain(message);
  });

  it.each([
    { fullName: 'Al' },
    { fullName: 'x'.repeat(100) },
    { company: 'x'.repeat(200) },
    { jobTitle: 'x'.repeat(100) },
    { phone: '+44 (0)20 7946-0000' },
    { phone: '' },
    { message: 'x'.repeat(5000) },
    { message: 'x'.repeat(10) },
  ])('accepts the boundary case %j', (patch) => {
    expect(messagesFor(patch)).toEqual([]);
  });
});
