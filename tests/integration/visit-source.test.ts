// Where a lead came from: the source fields the enquiry form derives in the browser
// (src/features/contact/visit-source.ts) are always accepted by the database's CHECK constraints,
// however hostile the landing URL or referrer, while the raw values are refused. So a source field
// can never cost a visitor their enquiry. Through the real supabase-js client, as a visitor.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { toSubmissionRow } from '../../src/features/contact/submit-enquiry.ts';
import { describeVisitSource } from '../../src/features/contact/visit-source.ts';
import type { VisitStart } from '../../src/features/contact/visit-start.ts';
import { anonClient, startTestBackend } from './support/backend.ts';
import type { TestBackend } from './support/backend.ts';

let backend: TestBackend;
let anon: SupabaseClient;
let counter = 0;

const SITE = 'kestreldata.co.uk';

function enquiryFrom(start: VisitStart) {
  counter += 1;
  const email = `source-${counter}@example.com`;
  const row = toSubmissionRow(
    {
      fullName: 'Source Visitor',
      email,
      company: 'Source Ltd',
      jobTitle: '',
      phone: '',
      serviceInterest: 'analytics',
      timeline: 'immediate',
      message: 'We found you through a campaign.',
      website: '',
    },
    describeVisitSource(start),
  );
  return { email, row };
}

const storedSource = async (email: string) =>
  (
    await backend.sql<Record<string, string | null>>(
      `select landing_page, referrer_host, utm_source, utm_medium, utm_campaign
         from public.contact_submissions where "Email" = $1`,
      [email],
    )
  )[0];

beforeAll(async () => {
  backend = await startTestBackend();
  anon = anonClient(backend);
}, 120_000);

afterAll(async () => {
  await backend?.stop();
});

describe('the source fields a visitor sends with an enquiry', () => {
  it('stores the landing page, the referring host and the utm tags as derived', async () => {
    const { email, row } = enquiryFrom({
      path: '/service/data-strategy',
      search: '?utm_source=newsletter&utm_medium=email&utm_campaign=q4',
      siteHost: SITE,
      referrer: 'https://mail.example.com/inbox?id=123',
    });
    const { error } = await anon.from('contact_submissions').insert(row);
    expect(error).toBeNull();
    expect(await storedSource(email)).toEqual({
      landing_page: '/service/data-strategy',
      referrer_host: 'mail.example.com',
      utm_source: 'newsletter',
      utm_medium: 'email',
      utm_campaign: 'q4',
    });
  });

  it('stores the values at the limits: a 300-character path, a 253-character host, 100-character tags', async () => {
    const label = 'a'.repeat(63);
    const host = [label, label, label, 'b'.repeat(61)].join('.');
    expect(host).toHaveLength(253);
    const { email, row } = enquiryFrom({
      path: `/${'p'.repeat(299)}`,
      search: `?utm_source=${'s'.repeat(100)}&utm_medium=${'m'.repeat(100)}&utm_campaign=${'~'.repeat(100)}`,
      siteHost: SITE,
      referrer: `https://${host}/`,
    });
    const { error } = await anon.from('contact_submissions').insert(row);
    expect(error).toBeNull();
    expect(await storedSource(email)).toEqual({
      landing_page: `/${'p'.repeat(299)}`,
      referrer_host: host,
      utm_source: 's'.repeat(100),
      utm_medium: 'm'.repeat(100),
      utm_campaign: '~'.repeat(100),
    });
  });

  // Each of these raw values is refused by its constraint, shown first; the derived row is stored.
  const hostileStarts: [string, VisitStart, Record<string, string>][] = [
    [
      'over-long values',
      {
        path: `/${'a'.repeat(400)}%C3%A9`,
        search: `?utm_source=${'x'.repeat(500)}&utm_medium=${'y'.repeat(101)}&utm_campaign=${'z'.repeat(101)}`,
        siteHost: SITE,
        referrer: `https://${'h'.repeat(64)}.example.com/`,
      },
      {
        landing_page: `/${'a'.repeat(400)}`,
        utm_source: 'x'.repeat(101),
        referrer_host: `${'h'.repeat(64)}.example.com`,
      },
    ],
    [
      'control characters, non-ASCII text and whitespace-only tags',
      {
        path: '/caf\u00e9 menu',
        search: '?utm_source=line%0Abreak&utm_medium=caf%C3%A9&utm_campaign=%20%20%20',
        siteHost: SITE,
        referrer: 'javascript:alert(document.cookie)',
      },
      { landing_page: '/café menu', utm_medium: 'a\nb', utm_campaign: '' },
    ],
    [
      'hosts the database does not take',
      {
        path: '/',
        search: '',
        siteHost: SITE,
        referrer: 'https://under_score.example.com/',
      },
      { referrer_host: 'under_score.example.com' },
    ],
    [
      'a full referrer URL and a capitalised host',
      {
        path: '/about',
        search: '?utm_source=Search%20Ad',
        siteHost: SITE,
        referrer: 'https://User:Pass@WWW.Example.COM:8443/path?q=1#frag',
      },
      { referrer_host: 'https://WWW.Example.COM:8443/path', utm_source: 'Search Ad' },
    ],
    [
      'visitor text posing as system text in a campaign tag',
      {
        path: '/',
        search:
          '?utm_source=Reset%20your%20staff%20password%20at%20https%3A%2F%2Fevil.example&utm_medium=a%3Ab&utm_campaign=a%2Fb',
        siteHost: SITE,
        referrer: '',
      },
      {
        utm_source: 'Reset your staff password at https://evil.example',
        utm_medium: 'a:b',
        utm_campaign: 'a/b',
      },
    ],
  ];

  it.each(hostileStarts)(
    '%s: the raw values are refused, the derived row is stored',
    async (_label, start, rawValues) => {
      for (const [column, value] of Object.entries(rawValues)) {
        const { row } = enquiryFrom(start);
        const { error } = await anon
          .from('contact_submissions')
          .insert({ ...row, [column]: value });
        expect(error?.code, column).toBe('23514');
        expect(error?.message).toContain(`contact_submissions_${column}_format`);
      }
      const { email, row } = enquiryFrom(start);
      const { error } = await anon.from('contact_submissions').insert(row);
      expect(error).toBeNull();
      const stored = await storedSource(email);
      expect(stored).toEqual(describeVisitSource(start));
    },
  );
});
