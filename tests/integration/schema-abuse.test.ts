// Server-side abuse limit: at most 3 enquiries from one e-mail address (case-insensitive) in any
// 15 minutes. The 4th is refused by the BEFORE INSERT trigger with an error the client can map.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { anonClient, createUser, signedInClient, startTestBackend } from './support/backend.ts';
import type { TestBackend } from './support/backend.ts';

const RATE_LIMIT_ERROR = {
  code: 'P0001',
  message: 'Too many enquiries from this email address. Please try again later.',
  details: 'At most 3 enquiries per email address in 15 minutes.',
  hint: 'contact_submissions_rate_limit',
};

let backend: TestBackend;
let anon: SupabaseClient;

function enquiryFrom(email: string) {
  return {
    Name: 'Grace Hopper',
    Email: email,
    Company: 'Compilers plc',
    Job: null,
    Phone: null,
    Interest: 'ai-ml',
    Timeline: 'exploring',
    Message: 'Could you help us with machine learning?',
  };
}

async function storedFrom(email: string): Promise<number> {
  const rows = await backend.sql<{ count: number }>(
    'select count(*)::int as count from public.contact_submissions where lower("Email") = lower($1)',
    [email],
  );
  return rows[0]?.count ?? -1;
}

/** Inserts an enquiry directly (as the superuser), dated `minutesAgo` in the past. */
async function insertEarlierEnquiry(email: string, minutesAgo: number): Promise<void> {
  await backend.sql(
    `insert into public.contact_submissions
       (created_at, "Name", "Email", "Company", "Interest", "Timeline", "Message")
     values (now() - make_interval(mins => $2), 'Earlier Visitor', $1, 'Earlier Ltd', 'other',
             'exploring', 'An enquiry sent some time ago.')`,
    [email, minutesAgo],
  );
}

beforeAll(async () => {
  backend = await startTestBackend();
  anon = anonClient(backend);
});

afterAll(async () => {
  await backend?.stop();
});

describe('per-address enquiry limit (3 in 15 minutes)', () => {
  it('accepts 3 enquiries from one address and refuses the 4th with the documented error', async () => {
    const email = 'repeat@example.com';
    for (const variant of ['repeat@example.com', 'Repeat@Example.com', 'REPEAT@EXAMPLE.COM']) {
      const { error, status } = await anon.from('contact_submissions').insert(enquiryFrom(variant));
      expect(error).toBeNull();
      expect(status).toBe(201);
    }

    // a different capitalisation is still the same address
    const { data, error, status } = await anon
      .from('contact_submissions')
      .insert(enquiryFrom('rePeat@example.COM'));

    expect(data).toBeNull();
    expect(status).toBe(400);
    expect(error).toMatchObject(RATE_LIMIT_ERROR);
    expect(await storedFrom(email)).toBe(3);
  });

  it('counts one mailbox however its address is spelt, so it gets at most 3 acknowledgements', async () => {
    for (const variant of ['ada+one@example.com', 'Ada+Two@Example.com', 'ada@example.com']) {
      const { error } = await anon.from('contact_submissions').insert(enquiryFrom(variant));
      expect(error).toBeNull();
    }
    const tagged = await anon
      .from('contact_submissions')
      .insert(enquiryFrom('ada+four@example.com'));
    expect(tagged.error).toMatchObject(RATE_LIMIT_ERROR);

    // Gmail ignores dots and answers to googlemail.com too.
    for (const variant of [
      'grace.hopper@gmail.com',
      'gracehopper@googlemail.com',
      'g.r.a.c.e.hopper+x@gmail.com',
    ]) {
      const { error } = await anon.from('contact_submissions').insert(enquiryFrom(variant));
      expect(error).toBeNull();
    }
    const dotted = await anon
      .from('contact_submissions')
      .insert(enquiryFrom('Grace.Hopper@Gmail.com'));
    expect(dotted.error).toMatchObject(RATE_LIMIT_ERROR);
  });

  it('keeps dots that other providers do not ignore', async () => {
    for (const variant of ['jo.smith@example.org', 'josmith@example.org']) {
      const { error } = await anon.from('contact_submissions').insert(enquiryFrom(variant));
      expect(error).toBeNull();
    }
  });

  it('does not affect another address', async () => {
    const { error } = await anon
      .from('contact_submissions')
      .insert(enquiryFrom('someone-else@example.com'));
    expect(error).toBeNull();
    expect(await storedFrom('someone-else@example.com')).toBe(1);
  });

  it('applies to signed-in users too', async () => {
    await createUser(backend, { email: 'staff@example.com', password: 'staff-password-1' });
    const staff = await signedInClient(backend, 'staff@example.com', 'staff-password-1');
    const email = 'signed-in-sender@example.com';
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      const { error } = await staff.from('contact_submissions').insert(enquiryFrom(email));
      expect(error).toBeNull();
    }

    const { error, status } = await staff.from('contact_submissions').insert(enquiryFrom(email));

    expect(status).toBe(400);
    expect(error).toMatchObject(RATE_LIMIT_ERROR);
    expect(await storedFrom(email)).toBe(3);
  });

  it('forgets enquiries older than 15 minutes', async () => {
    const email = 'patient@example.com';
    for (let n = 0; n < 3; n += 1) await insertEarlierEnquiry(email, 16);

    const { error } = await anon.from('contact_submissions').insert(enquiryFrom(email));

    expect(error).toBeNull();
    expect(await storedFrom(email)).toBe(4);
  });

  it('counts enquiries from just inside the window', async () => {
    const email = 'impatient@example.com';
    for (let n = 0; n < 3; n += 1) await insertEarlierEnquiry(email, 14);

    const { error, status } = await anon.from('contact_submissions').insert(enquiryFrom(email));

    expect(status).toBe(400);
    expect(error).toMatchObject(RATE_LIMIT_ERROR);
    expect(await storedFrom(email)).toBe(3);
  });

  it('counts only the recent ones when old and new enquiries mix', async () => {
    const email = 'mixed@example.com';
    await insertEarlierEnquiry(email, 30);
    await insertEarlierEnquiry(email, 20);
    await insertEarlierEnquiry(email, 10);

    const second = await anon.from('contact_submissions').insert(enquiryFrom(email));
    const third = await anon.from('contact_submissions').insert(enquiryFrom(email));
    const fourth = await anon.from('contact_submissions').insert(enquiryFrom(email));

    expect(second.error).toBeNull();
    expect(third.error).toBeNull();
    expect(fourth.error).toMatchObject(RATE_LIMIT_ERROR);
    expect(await storedFrom(email)).toBe(5);
  });

  it('holds under concurrent requests: of 6 simultaneous enquiries exactly 3 get in', async () => {
    const email = 'burst@example.com';
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        anonClient(backend).from('contact_submissions').insert(enquiryFrom(email)),
      ),
    );

    expect(results.filter((result) => result.error === null)).toHaveLength(3);
    const refused = results.filter((result) => result.error !== null);
    expect(refused).toHaveLength(3);
    for (const result of refused) expect(result.error).toMatchObject(RATE_LIMIT_ERROR);
    expect(await storedFrom(email)).toBe(3);
  });

  it('is checked before the form rules, so a blocked sender learns nothing more', async () => {
    // the trigger runs before constraints: a 4th, also invalid, enquiry gets the limit error
    const { error } = await anon
      .from('contact_submissions')
      .insert({ ...enquiryFrom('repeat@example.com'), Message: 'short' });
    expect(error).toMatchObject(RATE_LIMIT_ERROR);
  });
});
