import * as z from 'zod/mini';

import { serviceInterestValues, timelineValues } from '@/content/contact-options';
import { EMAIL_PATTERN } from '@/lib/email-pattern';

/**
 * The enquiry form's rules and messages, kept here only. The same limits are CHECK constraints
 * on contact_submissions, so a request that skips the form is refused just the same. zod/mini keeps this off the critical path at ~5 KB.
 */
export const enquiryMessages = {
  fullNameMin: 'Full name must be at least 2 characters.',
  fullNameMax: 'Full name must be less than 100 characters.',
  email: 'Please enter a valid email address.',
  emailMax: 'Email must be less than 255 characters.',
  companyMin: 'Company name must be at least 2 characters.',
  companyMax: 'Company name must be less than 200 characters.',
  jobTitleMax: 'Job title must be less than 100 characters.',
  phoneMax: 'Phone number must be less than 30 characters.',
  phoneFormat: 'Please enter a valid phone number.',
  serviceInterestRequired: 'Please select a service interest.',
  serviceInterestInvalid: 'Service interest is invalid.',
  timelineRequired: 'Please select a project timeline.',
  timelineInvalid: 'Timeline is invalid.',
  messageMin: 'Message must be at least 10 characters.',
  messageMax: 'Message must be less than 5000 characters.',
} as const;

const PHONE_PATTERN = /^[0-9 +()-]*$/;

const m = enquiryMessages;
// An empty pick gets only the "required" message, not "invalid" as well.
const oneOf = (values: readonly string[]) => (value: string) =>
  value === '' || values.includes(value);

/** A required pick from a list; `max` is the column's length limit. */
const choice = (values: readonly string[], max: number, required: string, invalid: string) =>
  z
    .string()
    .check(z.minLength(1, required), z.maxLength(max, invalid), z.refine(oneOf(values), invalid));

export const enquirySchema = z.object({
  fullName: z
    .string()
    .check(z.trim(), z.minLength(2, m.fullNameMin), z.maxLength(100, m.fullNameMax)),
  email: z.string().check(z.trim(), z.regex(EMAIL_PATTERN, m.email), z.maxLength(255, m.emailMax)),
  company: z.string().check(z.trim(), z.minLength(2, m.companyMin), z.maxLength(200, m.companyMax)),
  jobTitle: z.string().check(z.trim(), z.maxLength(100, m.jobTitleMax)),
  phone: z
    .string()
    .check(z.trim(), z.maxLength(30, m.phoneMax), z.regex(PHONE_PATTERN, m.phoneFormat)),
  serviceInterest: choice(
    serviceInterestValues,
    100,
    m.serviceInterestRequired,
    m.serviceInterestInvalid,
  ),
  timeline: choice(timelineValues, 50, m.timelineRequired, m.timelineInvalid),
  message: z
    .string()
    .check(z.trim(), z.minLength(10, m.messageMin), z.maxLength(5000, m.messageMax)),
  /** Honeypot: hidden from people, filled in by bots. */
  website: z.string(),
});

export type EnquiryFormValues = z.input<typeof enquirySchema>;
export type EnquiryValues = z.output<typeof enquirySchema>;

export const emptyEnquiry: EnquiryFormValues = {
  fullName: '',
  email: '',
  company: '',
  jobTitle: '',
  phone: '',
  serviceInterest: '',
  timeline: '',
  message: '',
  website: '',
};
