// The admin list's queries (src/features/admin/list/list-enquiries.ts) through the real supabase-js
// against the embedded backend: search text with LIKE and PostgREST syntax in it matches
// literally (the database's rule; enquiry-search.test.ts has the rest of it), filters combine, pages neither overlap nor skip rows, the
// export fetches everything in batches, and the status counts follow the other filters (one
// enquiry_list_counts request; a non-admin is refused it).

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  countEnquiryFigures,
  defaultSort,
  EnquiriesQueryError,
  listAllEnquiries,
  listEnquiries,
  noFilters,
  summariseCounts,
  type EnquiryFilters,
} from '@/features/admin/list/list-enquiries';
import type { AppSupabaseClient } from '@/lib/supabase';
import { anonClient, createUser, signedInClient, startTestBackend } from './support/backend.ts';
import type { TestBackend } from './support/backend.ts';
import { adminClient } from './support/admin.ts';

const ADMIN = { email: 'queries.admin@example.com', password: 'admin-password-1' };
const MEMBER = { email: 'queries.member@example.com', password: 'member-password-1' };

let backend: TestBackend;
let admin: AppSupabaseClient;
let member: AppSupabaseClient;

type Seed = {
  name: string;
  company?: string;
  message?: string;
  interest?: string;
  timeline?: string;
  status?: string;
  minutesAgo: number;
};

const seeds: Seed[] = [
  { name: 'Percent Person', message: 'Discount 50%_off, (x) "quoted" please', minutesAgo: 1 },
  { name: 'Plain Person', message: 'Discount 50 off for everyone today', minutesAgo: 2 },
  { name: 'Under Score', company: 'snake_case Ltd', minutesAgo: 3 },
  { name: 'Under Free', company: 'snakeXcase Ltd', minutesAgo: 4 },
  { name: 'Back Slash', message: 'A path like C:\\data\\in here', minutesAgo: 5 },
  { name: 'Star Person', message: 'Batch of stars, number five', minutesAgo: 6 },
  ...Array.from({ length: 24 }, (_, i) => ({
    name: `Batch Person ${String(i).padStart(2, '0')}`,
    message: `Batch enquiry number ${i}, about data.`,
    interest: ['data-strategy', 'cloud-migration', 'analytics'][i % 3]!,
    timeline: i % 2 ? '1-3-months' : 'exploring',
    status: i % 4 === 0 ? 'won' : i % 4 === 1 ? 'in_progress' : 'new',
    // four pairs share a timestamp, so the id must break the tie between pages.
    minutesAgo: 10 + Math.floor(i / 2) * (i < 8 ? 1 : 2),
  })),
];

const filters = (overrides: Partial<EnquiryFilters>): EnquiryFilters => ({
  ...noFilters,
  ...overrides,
});

const names = async (overrides: Partial<EnquiryFilters>) =>
  (await listEnquiries(admin, filters(overrides), defaultSort, 0, 100)).rows.map((row) => row.Name);

beforeAll(async () => {
  backend = await startTestBackend();
  const adminUser = await createUser(backend, ADMIN);
  await createUser(backend, MEMBER);
  await backend.sql(`insert into public.user_roles (user_id, role) values ($1, 'admin')`, [
    adminUser.id,
  ]);
  for (const [index, seed] of seeds.entries()) {
    await backend.sql(
      `insert into public.contact_submissions
         ("Name", "Email", "Company", "Interest", "Timeline", "Message", status, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, date_trunc('minute', now()) - make_interval(mins => $8))`,
      [
        seed.name,
        `query-${index}@example.com`,
        seed.company ?? 'Query Ltd',
        seed.interest ?? 'other',
        seed.timeline ?? 'immediate',
        seed.message ?? 'A message long enough for the rules.',
        seed.status ?? 'new',
        seed.minutesAgo,
      ],
    );
  }
  admin = (await adminClient(backend, ADMIN.email, ADMIN.password)).client as AppSupabaseClient;
  member = (await signedInClient(backend, MEMBER.email, MEMBER.password)) as AppSupabaseClient;
});

afterAll(async () => {
  await backend?.stop();
});

describe('search', () => {
  it('matches name, e-mail, company and message, case-insensitively', async () => {
    expect(await names({ search: 'percent person' })).toEqual(['Percent Person']);
    expect(await names({ search: 'QUERY-2@example' })).toEqual(['Under Score']);
    expect(await names({ search: 'snake_case' })).toEqual(['Under Score']);
    expect(await names({ search: 'stars' })).toEqual(['Star Person']);
  });

  it('treats % and _ literally', async () => {
    expect(await names({ search: '50%' })).toEqual(['Percent Person']);
    expect(await names({ search: '%' })).toEqual(['Percent Person']);
    // "_" would match the X of snakeXcase as a LIKE wildcard.
    expect(await names({ search: 'snake_' })).toEqual(['Under Score']);
  });

  it('keeps commas, parentheses, quotes and backslashes inside the search text', async () => {
    expect(await names({ search: '50%_off, (x) "quoted"' })).toEqual(['Percent Person']);
    expect(await names({ search: '"),or(Name.neq.x' })).toEqual([]);
    expect(await names({ search: 'C:\\data\\in' })).toEqual(['Back Slash']);
  });

  it('matches * only with itself, never as a wildcard', async () => {
    expect(await names({ search: 'Batch*number' })).toEqual([]);
    expect(await names({ search: 'Discount*50' })).toEqual([]);
  });

  it('ignores blank text and cuts very long text', async () => {
    expect(
      (await listEnquiries(admin, filters({ search: '   ' }), defaultSort, 0, 100)).total,
    ).toBe(seeds.length);
    expect(await names({ search: 'x'.repeat(500) })).toEqual([]);
  });
});

describe('filters and paging', () => {
  it('combines search, interest, timeline and status', async () => {
    const batch = { search: 'Batch enquiry' };
    expect((await listEnquiries(admin, filters(batch), defaultSort, 0, 100)).total).toBe(24);
    expect(
      (
        await listEnquiries(
          admin,
          filters({ ...batch, interest: 'cloud-migration' }),
          defaultSort,
          0,
          100,
        )
      ).total,
    ).toBe(8);
    expect(
      (
        await listEnquiries(
          admin,
          filters({ ...batch, interest: 'cloud-migration', timeline: '1-3-months' }),
          defaultSort,
          0,
          100,
        )
      ).total,
    ).toBe(4);
    expect(await names({ ...batch, status: 'won', interest: 'data-strategy' })).toEqual([
      'Batch Person 00',
      'Batch Person 12',
    ]);
  });

  it('pages newest first without overlap or gaps, ties broken by id', async () => {
    const first = await listEnquiries(admin, noFilters, defaultSort, 0, 25);
    const second = await listEnquiries(admin, noFilters, defaultSort, 1, 25);
    expect(first.total).toBe(30);
    expect(first.rows).toHaveLength(25);
    expect(second.rows).toHaveLength(5);
    const all = [...first.rows, ...second.rows];
    expect(new Set(all.map((row) => row.id)).size).toBe(30);
    for (let i = 1; i < all.length; i += 1) {
      const [previous, current] = [all[i - 1]!, all[i]!];
      const order =
        Date.parse(previous.created_at) - Date.parse(current.created_at) ||
        (previous.id < current.id ? 1 : -1);
      expect(order).toBeGreaterThan(0);
    }
    expect(all[0]!.Name).toBe('Percent Person');
  });

  it('exports every matching row in batches, in the same order', async () => {
    const everything = await listAllEnquiries(admin, noFilters, defaultSort, 7);
    const paged = (await listEnquiries(admin, noFilters, defaultSort, 0, 100)).rows;
    expect(everything.map((row) => row.id)).toEqual(paged.map((row) => row.id));
    const batch = await listAllEnquiries(
      admin,
      filters({ search: 'Batch enquiry' }),
      defaultSort,
      5,
    );
    expect(batch).toHaveLength(24);
  });

  it('counts each status for the other filters, whatever status is picked', async () => {
    const countByStatus = async (picked: EnquiryFilters) =>
      summariseCounts(await countEnquiryFigures(admin, picked), picked).statusCounts;
    const batch = filters({ search: 'Batch enquiry', status: 'won' });
    expect(await countByStatus(batch)).toEqual({
      new: 12,
      in_progress: 6,
      won: 6,
      lost: 0,
      spam: 0,
    });
    expect(await countByStatus(filters({ search: 'Batch', interest: 'analytics' }))).toEqual({
      new: 4,
      in_progress: 2,
      won: 2,
      lost: 0,
      spam: 0,
    });
  });
});

describe('who may run them', () => {
  it('a signed-in non-admin gets no rows, and the search and the counts are refused', async () => {
    expect(await listEnquiries(member, noFilters, defaultSort, 0, 25)).toEqual({
      rows: [],
      total: 0,
    });
    for (const refused of [
      countEnquiryFigures(member, noFilters),
      listEnquiries(member, filters({ search: 'Batch' }), defaultSort, 0, 25),
    ]) {
      await expect(refused).rejects.toBeInstanceOf(EnquiriesQueryError);
      await expect(refused).rejects.toMatchObject({ postgrestError: { code: '42501' } });
    }
  });

  it('anon is refused with a query error', async () => {
    const anon = anonClient(backend) as AppSupabaseClient;
    await expect(listEnquiries(anon, noFilters, defaultSort, 0, 25)).rejects.toBeInstanceOf(
      EnquiriesQueryError,
    );
  });
});
