// The enquiry list's search and assignee filter, through the real supabase-js against the
// embedded backend: the rule is the database's (private.enquiry_ids_matching), so the list, its
// counts and the CSV export find the same enquiries. A phone number is found however it is typed, names and the other fields whatever
// their accents and case, and %, _, \ and * match only themselves. The assignee filter (anyone,
// none, me, a staff member) narrows the list, the counts and the export alike. With a few thousand
// enquiries, the search's own query reads the trigram indexes.

import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildExportCsv } from '@/features/admin/export/export-enquiries';
import {
  countEnquiryFigures,
  EnquiriesQueryError,
  listAllEnquiries,
  listEnquiries,
  noFilters,
  summariseCounts,
  type EnquiryFilters,
  type ListSort,
} from '@/features/admin/list/list-enquiries';
import type { AppSupabaseClient } from '@/lib/supabase';
import { createUser, signedInClient, startTestBackend } from './support/backend.ts';
import type { CreatedUser, TestBackend } from './support/backend.ts';
import { createAdmin } from './support/admin.ts';

let backend: TestBackend;
let ada: AppSupabaseClient;
let adaUser: CreatedUser;
let grace: AppSupabaseClient;
let graceUser: CreatedUser;
let member: AppSupabaseClient;

type Seed = {
  name: string;
  email?: string;
  company?: string;
  phone?: string;
  message?: string;
  status?: string;
  assignee?: 'ada' | 'grace';
};

const seeds: Seed[] = [
  { name: 'Mobile Local', phone: '07700 900123', assignee: 'ada' },
  { name: 'Mobile Intl', phone: '+44 7700 900123', assignee: 'grace' },
  { name: 'Mobile Bracket', phone: '+44 (0)7700 900123', status: 'won' },
  { name: 'London Line', phone: '020 7946 0000', assignee: 'ada' },
  { name: 'Zoë Ångström', company: 'Café Müller Ltd', assignee: 'ada' },
  { name: 'ZOE PLAIN', email: 'zoe.plain@example.com' },
  { name: 'Naïve Message', message: 'We are NAÏVE about façade data, please help.' },
  { name: 'Percent Person', message: 'Discount 50%_off today only, C:\\data\\in star*x' },
  { name: 'Under Score', company: 'snake_case Ltd', status: 'spam' },
  { name: 'Under Free', company: 'snakeXcase Ltd' },
  { name: 'Star Free', message: 'Nothing but starXx here, honestly.' },
];

const sortByName: ListSort = { key: 'name', direction: 'asc' };
const filters = (overrides: Partial<EnquiryFilters> = {}): EnquiryFilters => ({
  ...noFilters,
  ...overrides,
});

/** The names the list shows for the filters (every status, spam included, A to Z). */
async function found(overrides: Partial<EnquiryFilters>, client = ada): Promise<string[]> {
  const [listed, spam] = await Promise.all([
    listEnquiries(client, filters(overrides), sortByName, 0, 100),
    listEnquiries(client, filters({ ...overrides, status: 'spam' }), sortByName, 0, 100),
  ]);
  return [...listed.rows, ...spam.rows].map((row) => row.Name).sort();
}

/** Every status's count for the filters, summed: the counts' idea of how many match. */
async function counted(overrides: Partial<EnquiryFilters>, client = ada): Promise<number> {
  const picked = filters(overrides);
  const { statusCounts } = summariseCounts(await countEnquiryFigures(client, picked), picked);
  return Object.values(statusCounts).reduce((sum, each) => sum + each, 0);
}

beforeAll(async () => {
  backend = await startTestBackend({ retentionIntervalMs: 0 });
  const madeAda = await createAdmin(backend, 'ada.search@example.com');
  const madeGrace = await createAdmin(backend, 'grace.search@example.com');
  [ada, adaUser] = [madeAda.client as AppSupabaseClient, madeAda.user];
  [grace, graceUser] = [madeGrace.client as AppSupabaseClient, madeGrace.user];
  await createUser(backend, { email: 'member.search@example.com', password: 'member-pass-1' });
  member = (await signedInClient(
    backend,
    'member.search@example.com',
    'member-pass-1',
  )) as AppSupabaseClient;
  const staff = { ada: adaUser.id, grace: graceUser.id };
  for (const [index, seed] of seeds.entries()) {
    await backend.sql(
      `insert into public.contact_submissions
         ("Name", "Email", "Company", "Phone", "Interest", "Timeline", "Message", status,
          assigned_to, created_at)
       values ($1, $2, $3, $4, 'analytics', 'immediate', $5, $6, $7,
               now() - make_interval(mins => $8))`,
      [
        seed.name,
        seed.email ?? `search-${index}@example.com`,
        seed.company ?? 'Search Ltd',
        seed.phone ?? null,
        seed.message ?? 'A message long enough for the rules.',
        seed.status ?? 'new',
        seed.assignee ? staff[seed.assignee] : null,
        index + 1,
      ],
    );
  }
}, 120_000);

afterAll(async () => {
  await backend?.stop();
});

const mobiles = ['Mobile Bracket', 'Mobile Intl', 'Mobile Local'];

describe('phone numbers, however they are typed', () => {
  it.each(['7700 900123', '07700900123', '+44 7700 900123', '+447700900123', '0044 7700 900123'])(
    '%j finds the number stored as 07700 900123, +44 7700 900123 or +44 (0)7700 900123',
    async (typed) => {
      expect(await found({ search: typed })).toEqual(mobiles);
      expect(await counted({ search: typed })).toBe(3);
    },
  );

  it('finds part of a number, and no other number', async () => {
    expect(await found({ search: '900 123' })).toEqual(mobiles);
    expect(await found({ search: '(020) 7946' })).toEqual(['London Line']);
    expect(await found({ search: '+44 20 7946 0000' })).toEqual(['London Line']);
    expect(await found({ search: '7700 900124' })).toEqual([]);
  });
});

describe('accents and case', () => {
  it('finds a name whatever its accents and case, both ways', async () => {
    expect(await found({ search: 'zoe' })).toEqual(['ZOE PLAIN', 'Zoë Ångström']);
    expect(await found({ search: 'ZOË' })).toEqual(['ZOE PLAIN', 'Zoë Ångström']);
    expect(await found({ search: 'angstrom' })).toEqual(['Zoë Ångström']);
    expect(await counted({ search: 'Zoë' })).toBe(2);
  });

  it('does the same for company, e-mail and message', async () => {
    expect(await found({ search: 'cafe muller' })).toEqual(['Zoë Ångström']);
    expect(await found({ search: 'ZOÉ.PLAIN@' })).toEqual(['ZOE PLAIN']);
    expect(await found({ search: 'naive about facade' })).toEqual(['Naïve Message']);
  });
});

describe('what staff type is matched as text, never as a pattern', () => {
  it.each([
    ['50%', ['Percent Person']],
    ['%_off', ['Percent Person']],
    ['snake_', ['Under Score']],
    ['C:\\data\\in', ['Percent Person']],
    ['star*', ['Percent Person']],
    ['%', ['Percent Person']],
    ['_', ['Percent Person', 'Under Score']],
  ])('%j finds %j', async (typed, names) => {
    expect(await found({ search: typed })).toEqual(names);
    expect(await counted({ search: typed })).toBe(names.length);
  });

  it('keeps PostgREST syntax inside the text', async () => {
    expect(await found({ search: '"),or(Name.neq.x' })).toEqual([]);
    expect(await found({ search: '   ' })).toHaveLength(seeds.length);
  });
});

describe('the assignee filter', () => {
  it('lists and counts enquiries of anyone, nobody, me or a named staff member', async () => {
    const cases: [Partial<EnquiryFilters>, AppSupabaseClient, string[]][] = [
      [{ assignee: 'me' }, ada, ['London Line', 'Mobile Local', 'Zoë Ångström']],
      [{ assignee: 'me' }, grace, ['Mobile Intl']],
      [{ assignee: graceUser.id }, ada, ['Mobile Intl']],
      [
        { assignee: 'none' },
        ada,
        [
          'Mobile Bracket',
          'Naïve Message',
          'Percent Person',
          'Star Free',
          'Under Free',
          'Under Score',
          'ZOE PLAIN',
        ],
      ],
      [{ assignee: 'me', search: '+447700900123' }, ada, ['Mobile Local']],
      [{ assignee: 'none', search: 'zoe' }, ada, ['ZOE PLAIN']],
    ];
    for (const [picked, client, names] of cases) {
      expect(await found(picked, client)).toEqual(names);
      expect(await counted(picked, client)).toBe(names.length);
    }
    expect(await found({ assignee: '' })).toHaveLength(seeds.length);
  });

  it('counts each status under it, as the list shows it', async () => {
    const mine = filters({ assignee: 'none', search: '7700' });
    expect(summariseCounts(await countEnquiryFigures(ada, mine), mine).statusCounts).toEqual({
      new: 0,
      in_progress: 0,
      won: 1,
      lost: 0,
      spam: 0,
    });
  });

  it('refuses a value that is no assignee', async () => {
    const { error } = await ada.rpc('enquiry_list_counts', { _assignee: 'somebody' });
    expect(error?.code).toBe('22023');
  });
});

describe('the CSV export', () => {
  it('exports what the search and the assignee filter list, in the list order', async () => {
    const picked = filters({ search: '07700 900123', assignee: 'me' });
    const rows = await listAllEnquiries(ada, picked, sortByName);
    expect(rows.map((row) => row.Name)).toEqual(['Mobile Local']);
    const csv = await buildExportCsv(ada, rows);
    expect(csv).toContain('Mobile Local');
    expect(csv).not.toContain('Mobile Intl');
    const accented = await listAllEnquiries(ada, filters({ search: 'ZOE' }), sortByName, 1);
    expect(accented.map((row) => row.Name)).toEqual(['ZOE PLAIN', 'Zoë Ångström']);
  });
});

describe('who may search', () => {
  it('refuses a non-admin the search and the counts (42501)', async () => {
    for (const run of [
      () => listEnquiries(member, filters({ search: 'zoe' }), sortByName, 0, 25),
      () => countEnquiryFigures(member, filters({ search: 'zoe' })),
    ]) {
      const refused = run();
      await expect(refused).rejects.toBeInstanceOf(EnquiriesQueryError);
      await expect(refused).rejects.toMatchObject({ postgrestError: { code: '42501' } });
    }
  });
});

// The plan of the search's own query (inside private.enquiry_ids_matching), as auto_explain logs
// nested statements.
describe('the search is served by its indexes', () => {
  it(
    'reads the trigram indexes, not every enquiry, with thousands of enquiries',
    { timeout: 120_000 },
    async () => {
      await backend.sql(
        `insert into public.contact_submissions
         ("Name", "Email", "Company", "Phone", "Interest", "Timeline", "Message", created_at)
       select 'Filler ' || n, 'filler-' || n || '@example.com', 'Filler Co ' || (n % 97),
              '01632 ' || lpad(n::text, 6, '0'), 'analytics', 'immediate',
              'An ordinary enquiry about reporting, number ' || n || '.',
              now() - make_interval(days => 1 + n % 300)
         from generate_series(1, 4000) as n`,
      );
      await backend.sql('analyze public.contact_submissions');

      const client = new pg.Client({ connectionString: backend.databaseUrl });
      const plans: string[] = [];
      client.on('notice', (notice) => plans.push(notice.message ?? ''));
      await client.connect();
      try {
        await client.query(`load 'auto_explain'`);
        await client.query(`set auto_explain.log_min_duration = 0`);
        await client.query(`set auto_explain.log_nested_statements = on`);
        await client.query(`set auto_explain.log_level = 'notice'`);
        await client.query('begin');
        await client.query(`select set_config('request.jwt.claims', $1, true)`, [
          JSON.stringify({ sub: adaUser.id, role: 'authenticated', aal: 'aal2' }),
        ]);
        await client.query('set local role authenticated');
        const plan = async (search: string) => {
          plans.length = 0;
          const { rows } = await client.query<{ n: number }>(
            'select count(*)::int as n from public.search_enquiry_list($1)',
            [search],
          );
          return { n: rows[0]!.n, plan: plans.join('\n') };
        };

        const byPrimaryKey = /(Index Scan using|Bitmap Index Scan on) contact_submissions_pkey/;
        const byName = await plan('zoë ångström');
        expect(byName.n).toBe(1);
        expect(byName.plan).toContain('Bitmap Index Scan on contact_submissions_search_text_idx');
        // The list's rows are then read by primary key, not by a pass over every enquiry.
        expect(byName.plan).toMatch(byPrimaryKey);
        expect(byName.plan).not.toMatch(/Seq Scan on contact_submissions/);

        const byPhone = await plan('+44 7700 900123');
        expect(byPhone.n).toBe(3);
        expect(byPhone.plan).toContain('Bitmap Index Scan on contact_submissions_phone_key_idx');
        expect(byPhone.plan).toMatch(byPrimaryKey);
        expect(byPhone.plan).not.toMatch(/Seq Scan on contact_submissions/);
        await client.query('rollback');
      } finally {
        await client.end();
      }
    },
  );
});
