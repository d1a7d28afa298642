// The CHECK constraints on contact_submissions repeat the contact form's rules (name 2-100
// characters, a valid e-mail, company 2-200, optional job and phone, one of the form's interest and
// timeline options, message 10-5000 characters, no outer spaces), so an insert that skips the UI gets the same refusal: code 23514, HTTP 400, the constraint's name in
// the message, and nothing stored. The column grants keep id and created_at server-owned.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { serviceInterestValues, timelineValues } from '../../src/content/contact-options.ts';
import { anonClient, startTestBackend } from './support/backend.ts';
import type { TestBackend } from './support/backend.ts';

type EnquiryRow = {
  Name: string;
  Email: string;
  Company: string;
  Job: string | null;
  Phone: string | null;
  Interest: string;
  Timeline: string;
  Message: string;
};

let backend: TestBackend;
let anon: SupabaseClient;
let emailCounter = 0;

/** A distinct address per insert, so the per-address rate limit never interferes. */
function uniqueEmail(): string {
  emailCounter += 1;
  return `constraints-${emailCounter}@example.com`;
}

function validEnquiry(overrides: Partial<EnquiryRow> = {}): EnquiryRow {
  return {
    Name: 'Ada Lovelace',
    Email: uniqueEmail(),
    Company: 'Analytical Engines Ltd',
    Job: 'Head of Data',
    Phone: '+44 (0)20 7946 0958',
    Interest: 'data-strategy',
    Timeline: '1-3-months',
    Message: 'We would like to talk about our data strategy.',
    ...overrides,
  };
}

async function storedCount(): Promise<number> {
  const rows = await backend.sql<{ count: number }>(
    'select count(*)::int as count from public.contact_submissions',
  );
  return rows[0]?.count ?? -1;
}

beforeAll(async () => {
  backend = await startTestBackend();
  anon = anonClient(backend);
});

afterAll(async () => {
  await backend?.stop();
});

describe('contact_submissions CHECK constraints refuse what the form refuses', () => {
  const refusals: Array<{ constraint: string; rule: string; overrides: Partial<EnquiryRow> }> = [
    {
      constraint: 'contact_submissions_name_length',
      rule: 'Name shorter than 2',
      overrides: { Name: 'A' },
    },
    {
      constraint: 'contact_submissions_name_length',
      rule: 'Name longer than 100',
      overrides: { Name: 'A'.repeat(101) },
    },
    {
      constraint: 'contact_submissions_name_trimmed',
      rule: 'Name with a leading space',
      overrides: { Name: ' Ada' },
    },
    {
      constraint: 'contact_submissions_name_trimmed',
      rule: 'Name with a trailing newline',
      overrides: { Name: 'Ada\n' },
    },
    {
      constraint: 'contact_submissions_name_trimmed',
      rule: 'Name of spaces only',
      overrides: { Name: '   ' },
    },
    {
      constraint: 'contact_submissions_email_format',
      rule: 'Email without @',
      overrides: { Email: 'ada.example.com' },
    },
    {
      constraint: 'contact_submissions_email_format',
      rule: 'Email without a dot in the domain',
      overrides: { Email: 'ada@localhost' },
    },
    {
      constraint: 'contact_submissions_email_format',
      rule: 'Email with a space',
      overrides: { Email: 'ada lovelace@example.com' },
    },
    {
      constraint: 'contact_submissions_email_length',
      rule: 'Email longer than 255',
      overrides: { Email: `${'a'.repeat(244)}@example.com` },
    },
    {
      constraint: 'contact_submissions_company_length',
      rule: 'Company shorter than 2',
      overrides: { Company: 'X' },
    },
    {
      constraint: 'contact_submissions_company_length',
      rule: 'Company of one letter and spaces',
      overrides: { Company: ' X ' },
    },
    {
      constraint: 'contact_submissions_company_length',
      rule: 'Company longer than 200',
      overrides: { Company: 'C'.repeat(201) },
    },
    {
      constraint: 'contact_submissions_job_not_blank',
      rule: 'empty Job (must be null)',
      overrides: { Job: '' },
    },
    {
      constraint: 'contact_submissions_job_not_blank',
      rule: 'blank Job (must be null)',
      overrides: { Job: '   ' },
    },
    {
      constraint: 'contact_submissions_job_length',
      rule: 'Job longer than 100',
      overrides: { Job: 'J'.repeat(101) },
    },
    {
      constraint: 'contact_submissions_phone_not_blank',
      rule: 'empty Phone (must be null)',
      overrides: { Phone: '' },
    },
    {
      constraint: 'contact_submissions_phone_not_blank',
      rule: 'blank Phone (must be null)',
      overrides: { Phone: '  ' },
    },
    {
      constraint: 'contact_submissions_phone_format',
      rule: 'Phone with letters',
      overrides: { Phone: '0800 CALL NOW' },
    },
    {
      constraint: 'contact_submissions_phone_format',
      rule: 'Phone with a dot',
      overrides: { Phone: '020.7946.0958' },
    },
    {
      constraint: 'contact_submissions_phone_length',
      rule: 'Phone longer than 30',
      overrides: { Phone: '1'.repeat(31) },
    },
    {
      constraint: 'contact_submissions_interest_valid',
      rule: 'Interest not an option value',
      overrides: { Interest: 'banking' },
    },
    {
      constraint: 'contact_submissions_interest_valid',
      rule: 'Interest given as its label',
      overrides: { Interest: 'Data Strategy' },
    },
    {
      constraint: 'contact_submissions_timeline_valid',
      rule: 'Timeline not an option value',
      overrides: { Timeline: 'next-week' },
    },
    {
      constraint: 'contact_submissions_timeline_valid',
      rule: 'Timeline given as its label',
      overrides: { Timeline: '1-3 months' },
    },
    {
      constraint: 'contact_submissions_message_length',
      rule: 'Message shorter than 10',
      overrides: { Message: 'Too short' },
    },
    {
      constraint: 'contact_submissions_message_length',
      rule: 'Message longer than 5000',
      overrides: { Message: 'M'.repeat(5001) },
    },
    {
      constraint: 'contact_submissions_message_trimmed',
      rule: 'Message with surrounding whitespace',
      overrides: { Message: '  Hello, please call me.  ' },
    },
  ];

  it.each(refusals)(
    '$rule → 23514 $constraint, HTTP 400, nothing stored',
    async ({ constraint, overrides }) => {
      const before = await storedCount();

      const { data, error, status } = await anon
        .from('contact_submissions')
        .insert(validEnquiry(overrides));

      expect(data).toBeNull();
      expect(status).toBe(400);
      expect(error?.code).toBe('23514');
      expect(error?.message).toBe(
        `new row for relation "contact_submissions" violates check constraint "${constraint}"`,
      );
      expect(await storedCount()).toBe(before);
    },
  );

  it.each([
    { column: 'Name', code: '23502' },
    { column: 'Email', code: '23502' },
    { column: 'Message', code: '23502' },
  ] as const)(
    'a missing $column → $code not-null violation, HTTP 400, nothing stored',
    async ({ column, code }) => {
      const before = await storedCount();
      const enquiry: Partial<EnquiryRow> = validEnquiry();
      delete enquiry[column];

      const { error, status } = await anon.from('contact_submissions').insert(enquiry);

      expect(status).toBe(400);
      expect(error?.code).toBe(code);
      expect(error?.message).toContain(`"${column}"`);
      expect(await storedCount()).toBe(before);
    },
  );
});

describe('contact_submissions accepts values on the boundaries', () => {
  const accepted: Array<{ rule: string; overrides: Partial<EnquiryRow> }> = [
    { rule: 'Name of exactly 2 characters', overrides: { Name: 'Al' } },
    { rule: 'Name of exactly 100 characters', overrides: { Name: 'N'.repeat(100) } },
    { rule: 'Name with accents and inner spaces', overrides: { Name: 'Zoë  Ó Briain-Smith' } },
    {
      rule: 'Email of exactly 255 characters',
      overrides: { Email: `${'e'.repeat(243)}@example.com` },
    },
    { rule: 'Company of exactly 2 characters', overrides: { Company: 'BT' } },
    { rule: 'Company of exactly 200 characters', overrides: { Company: 'C'.repeat(200) } },
    { rule: 'Job and Phone left null', overrides: { Job: null, Phone: null } },
    { rule: 'Job of exactly 100 characters', overrides: { Job: 'J'.repeat(100) } },
    { rule: 'Phone using every allowed character', overrides: { Phone: '+44 (0) 20-7946-0958' } },
    { rule: 'Phone of exactly 30 characters', overrides: { Phone: '0'.repeat(30) } },
    { rule: 'Message of exactly 10 characters', overrides: { Message: 'M'.repeat(10) } },
    { rule: 'Message of exactly 5000 characters', overrides: { Message: 'M'.repeat(5000) } },
    {
      rule: 'Message with inner line breaks',
      overrides: { Message: 'First line.\n\nSecond line.' },
    },
  ];

  it.each(accepted)('$rule is stored', async ({ overrides }) => {
    const enquiry = validEnquiry(overrides);

    const { data, error, status } = await anon.from('contact_submissions').insert(enquiry);

    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toBeNull();
    const rows = await backend.sql<EnquiryRow>(
      `select "Name", "Email", "Company", "Job", "Phone", "Interest", "Timeline", "Message"
         from public.contact_submissions where "Email" = $1`,
      [enquiry.Email],
    );
    expect(rows).toEqual([enquiry]);
  });

  // every option the form offers is one the database accepts
  it.each(serviceInterestValues)('Interest option %s is accepted', async (interest) => {
    const { error } = await anon
      .from('contact_submissions')
      .insert(validEnquiry({ Interest: interest }));
    expect(error).toBeNull();
  });

  it.each(timelineValues)('Timeline option %s is accepted', async (timeline) => {
    const { error } = await anon
      .from('contact_submissions')
      .insert(validEnquiry({ Timeline: timeline }));
    expect(error).toBeNull();
  });
});

describe('id and created_at are server-owned (column-level insert grants)', () => {
  it('an anon insert that sets id is refused with 42501 (HTTP 401) and stores nothing', async () => {
    const before = await storedCount();
    const forged = { ...validEnquiry(), id: '00000000-0000-4000-8000-000000000001' };

    const { error, status } = await anon.from('contact_submissions').insert(forged);

    expect(status).toBe(401);
    expect(error?.code).toBe('42501');
    expect(error?.message).toBe('permission denied for table contact_submissions');
    expect(await storedCount()).toBe(before);
  });

  it('an anon insert that backdates created_at is refused with 42501 (HTTP 401) and stores nothing', async () => {
    const before = await storedCount();
    const forged = { ...validEnquiry(), created_at: '2020-01-01T00:00:00Z' };

    const { error, status } = await anon.from('contact_submissions').insert(forged);

    expect(status).toBe(401);
    expect(error?.code).toBe('42501');
    expect(await storedCount()).toBe(before);
  });

  it('a stored enquiry gets a fresh uuid and the current time', async () => {
    const enquiry = validEnquiry();
    const { error } = await anon.from('contact_submissions').insert(enquiry);
    expect(error).toBeNull();

    const rows = await backend.sql<{ id: string; age_seconds: number }>(
      `select id::text as id, extract(epoch from now() - created_at)::float8 as age_seconds
         from public.contact_submissions where "Email" = $1`,
      [enquiry.Email],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.id).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(rows[0]?.age_seconds).toBeGreaterThanOrEqual(0);
    expect(rows[0]?.age_seconds).toBeLessThan(60);
  });
});
