// The enquiry list's order, its spam rule, its counts and each staff member's read marks, through
// the real supabase-js against the embedded backend: every sort key orders as staff expect (last
// contact never-contacted last both ways, id breaking ties), "All" leaves spam out, the one-query
// counts agree with the list for awkward search text, read marks belong to one staff member and
// are refused to anyone but an admin at aal2, the ids asked about are bounded, the unread filter
// works in the database, and deleting an enquiry (retention, erasure) deletes its marks.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markEnquiryRead } from '@/features/admin/record/enquiry-reads';
import {
  countEnquiryFigures,
  defaultSort,
  EnquiriesQueryError,
  listAllEnquiries,
  listEnquiries,
  noFilters,
  summariseCounts,
  type EnquiryFilters,
  type ListSort,
  type SortKey,
} from '@/features/admin/list/list-enquiries';
import type { AppSupabaseClient } from '@/lib/supabase';
import { anonClient, createUser, signedInClient, startTestBackend } from './support/backend.ts';
import type { TestBackend } from './support/backend.ts';
import { createAdmin } from './support/admin.ts';

let backend: TestBackend;
let ada: AppSupabaseClient;
let grace: AppSupabaseClient;
let member: AppSupabaseClient;
let adaAtAal1: AppSupabaseClient;
const ids: Record<string, string> = {};

type Seed = {
  name: string;
  company: string;
  status: string;
  minutesAgo: number;
  contactedMinutesAgo?: number;
  message?: string;
};

// Mixed case so a plain sort (upper case first) and a case-blind one differ.
const seeds: Seed[] = [
  { name: 'bravo', company: 'delta Ltd', status: 'new', minutesAgo: 5, contactedMinutesAgo: 1 },
  { name: 'Alpha', company: 'Charlie Ltd', status: 'won', minutesAgo: 4 },
  {
    name: 'delta',
    company: 'alpha Ltd',
    status: 'in_progress',
    minutesAgo: 3,
    contactedMinutesAgo: 2,
  },
  { name: 'Charlie', company: 'Bravo Ltd', status: 'lost', minutesAgo: 2 },
  { name: 'Echo', company: 'echo Ltd', status: 'spam', minutesAgo: 1 },
  // a tie on created_at with Alpha: id decides.
  { name: 'Foxtrot', company: 'Foxtrot Ltd', status: 'new', minutesAgo: 4 },
];

const filters = (overrides: Partial<EnquiryFilters> = {}): EnquiryFilters => ({
  ...noFilters,
  ...overrides,
});

const names = async (client: AppSupabaseClient, sort: ListSort, picked = filters()) =>
  (await listEnquiries(client, picked, sort, 0, 100)).rows.map((row) => row.Name);

beforeAll(async () => {
  backend = await startTestBackend({ retentionIntervalMs: 0 });
  for (const seed of seeds) {
    const rows = await backend.sql<{ id: string }>(
      `insert into public.contact_submissions
         ("Name", "Email", "Company", "Interest", "Timeline", "Message", status, created_at,
          last_contacted_at)
       values ($1, $2, $3, 'analytics', 'immediate', $4, $5,
               date_trunc('minute', now()) - make_interval(mins => $6),
               date_trunc('minute', now()) - make_interval(mins => $7::int))
       returning id::text as id`,
      [
        seed.name,
        `${seed.name.toLowerCase()}@example.com`,
        seed.company,
        seed.message ?? 'A message long enough for the rules.',
        seed.status,
        seed.minutesAgo,
        seed.contactedMinutesAgo ?? null,
      ],
    );
    ids[seed.name] = rows[0]!.id;
  }
  ada = (await createAdmin(backend, 'ada@example.com')).client as AppSupabaseClient;
  grace = (await createAdmin(backend, 'grace@example.com')).client as AppSupabaseClient;
  adaAtAal1 = (await signedInClient(
    backend,
    'ada@example.com',
    'staff-password-1',
  )) as AppSupabaseClient;
  await createUser(backend, { email: 'member@example.com', password: 'member-password-1' });
  member = (await signedInClient(
    backend,
    'member@example.com',
    'member-password-1',
  )) as AppSupabaseClient;
});

afterAll(async () => {
  await backend?.stop();
});

describe('sorting', () => {
  const sorted = (key: SortKey, direction: 'asc' | 'desc') => names(ada, { key, direction });
  const idOrder = (a: string, b: string) => (ids[a]! < ids[b]! ? [a, b] : [b, a]);

  it('orders by received, newest first or oldest first, id breaking a tie', async () => {
    const [first, second] = idOrder('Alpha', 'Foxtrot');
    expect(await sorted('received', 'desc')).toEqual(['Charlie', 'delta', first, second, 'bravo']);
    expect(await sorted('received', 'asc')).toEqual(['bravo', first, second, 'delta', 'Charlie']);
  });

  it('orders names and companies without regard to letter case', async () => {
    expect(await sorted('name', 'asc')).toEqual(['Alpha', 'bravo', 'Charlie', 'delta', 'Foxtrot']);
    expect(await sorted('name', 'desc')).toEqual(['Foxtrot', 'delta', 'Charlie', 'bravo', 'Alpha']);
    expect(await sorted('company', 'asc')).toEqual([
      'delta',
      'Charlie',
      'Alpha',
      'bravo',
      'Foxtrot',
    ]);
  });

  it('orders statuses in the workflow order: new, in progress, won, lost, spam', async () => {
    const [firstNew, secondNew] = idOrder('bravo', 'Foxtrot');
    expect(await sorted('status', 'asc')).toEqual([
      firstNew,
      secondNew,
      'delta',
      'Alpha',
      'Charlie',
    ]);
    expect(await sorted('status', 'desc')).toEqual([
      'Charlie',
      'Alpha',
      'delta',
      firstNew,
      secondNew,
    ]);
  });

  it('orders by last contact with the never-contacted last in both directions', async () => {
    const never = ['Alpha', 'Charlie', 'Foxtrot'].sort((a, b) => (ids[a]! < ids[b]! ? -1 : 1));
    expect(await sorted('last_contact', 'desc')).toEqual(['bravo', 'delta', ...never]);
    expect(await sorted('last_contact', 'asc')).toEqual(['delta', 'bravo', ...never]);
  });
});

describe('spam', () => {
  it('"All" lists every status but spam; the spam filter lists spam alone, the export alike', async () => {
    const all = await listEnquiries(ada, filters(), { key: 'name', direction: 'asc' }, 0, 100);
    expect(all.total).toBe(5);
    expect(all.rows.map((row) => row.status)).not.toContain('spam');
    expect(
      await names(ada, { key: 'name', direction: 'asc' }, filters({ status: 'spam' })),
    ).toEqual(['Echo']);
    expect(
      (await listAllEnquiries(ada, filters(), defaultSort)).map((row) => row.Name),
    ).not.toContain('Echo');
    expect(
      (await listAllEnquiries(ada, filters({ status: 'spam' }), defaultSort)).map(
        (row) => row.Name,
      ),
    ).toEqual(['Echo']);
  });

  it('counts spam in its own status and leaves it out of the held and unread counts of "All"', async () => {
    await backend.sql(
      `update public.contact_submissions set held_at = now() where "Name" in ('Echo', 'Alpha')`,
    );
    try {
      const figures = await countEnquiryFigures(ada, filters());
      const counts = summariseCounts(figures, filters());
      expect(counts.statusCounts).toEqual({ new: 2, in_progress: 1, won: 1, lost: 1, spam: 1 });
      expect(counts.heldCount).toBe(1);
      expect(summariseCounts(figures, filters({ status: 'spam' })).heldCount).toBe(1);
    } finally {
      await backend.sql(`update public.contact_submissions set held_at = null`);
    }
  });
});

describe('counts in one query', () => {
  const awkward = [
    '%',
    '_',
    ',',
    '(',
    ')',
    'x%_,(y',
    '\\',
    '"',
    '*',
    'a*p',
    '  Alpha  ',
    'LTD',
    'example.com',
  ];

  it.each(awkward)('a search for %j counts what the list finds', async (search) => {
    await backend.sql(
      `update public.contact_submissions set "Message" = 'Discount 50%_off, (x%_,(y) "quoted" C:\\data star*' where "Name" = 'Charlie'`,
    );
    const picked = filters({ search });
    const listed = await listEnquiries(
      ada,
      { ...picked, status: 'spam' },
      { key: 'name', direction: 'asc' },
      0,
      100,
    );
    const counts = summariseCounts(await countEnquiryFigures(ada, picked), picked);
    const all = await listEnquiries(ada, picked, { key: 'name', direction: 'asc' }, 0, 100);
    const { spam, ...rest } = counts.statusCounts;
    expect(Object.values(rest).reduce((sum, each) => sum + each, 0)).toBe(all.total);
    expect(spam).toBe(listed.total);
  });

  it('finds the text itself, not a pattern: % and _ match only themselves', async () => {
    const percent = filters({ search: '50%_off' });
    expect(
      summariseCounts(await countEnquiryFigures(ada, percent), percent).statusCounts.lost,
    ).toBe(1);
    const pattern = filters({ search: 'A_pha' });
    expect(summariseCounts(await countEnquiryFigures(ada, pattern), pattern).statusCounts.won).toBe(
      0,
    );
  });

  it('is refused to a non-admin, to anon and to an admin at aal1', async () => {
    for (const client of [member, anonClient(backend) as AppSupabaseClient, adaAtAal1]) {
      await expect(countEnquiryFigures(client, filters())).rejects.toBeInstanceOf(
        EnquiriesQueryError,
      );
    }
  });
});

/** The enquiries the list shows `client` as opened by them (read_by_me on the list's rows). */
async function readIds(client: AppSupabaseClient): Promise<Set<string>> {
  const { data, error } = await client.from('enquiry_list').select('id').eq('read_by_me', true);
  expect(error).toBeNull();
  return new Set((data ?? []).map((row) => row.id!));
}

describe('read marks', () => {
  it("are each staff member's own: what Ada opens stays unread for Grace", async () => {
    expect(await readIds(ada)).toEqual(new Set());
    await markEnquiryRead(ada, ids.Alpha!, true);
    await markEnquiryRead(ada, ids.Alpha!, true);
    await markEnquiryRead(ada, ids.bravo!, true);
    expect(await readIds(ada)).toEqual(new Set([ids.Alpha, ids.bravo]));
    expect(await readIds(grace)).toEqual(new Set());
    await markEnquiryRead(grace, ids.delta!, true);
    expect(await readIds(grace)).toEqual(new Set([ids.delta]));

    const { data } = await ada.from('enquiry_reads').select('submission_id');
    expect(data?.map((row) => row.submission_id).sort()).toEqual([ids.Alpha, ids.bravo].sort());

    await markEnquiryRead(ada, ids.bravo!, false);
    expect(await readIds(ada)).toEqual(new Set([ids.Alpha]));
    await markEnquiryRead(ada, ids.Alpha!, false);
  });

  it('filter the list to what I have not opened, in the database, with counts to match', async () => {
    await markEnquiryRead(ada, ids.Alpha!, true);
    await markEnquiryRead(ada, ids.Echo!, true);
    const unread = filters({ unread: true });
    const sort: ListSort = { key: 'name', direction: 'asc' };
    expect(await names(ada, sort, unread)).toEqual(['bravo', 'Charlie', 'delta', 'Foxtrot']);
    expect(await names(grace, sort, unread)).toEqual(['Alpha', 'bravo', 'Charlie', 'Foxtrot']);
    const counts = summariseCounts(await countEnquiryFigures(ada, unread), unread);
    expect(counts.unreadCount).toBe(4);
    expect(counts.statusCounts).toEqual({ new: 2, in_progress: 1, won: 0, lost: 1, spam: 0 });
    const spam = filters({ status: 'spam' });
    expect(summariseCounts(await countEnquiryFigures(ada, spam), spam).unreadCount).toBe(0);
    expect(summariseCounts(await countEnquiryFigures(grace, spam), spam).unreadCount).toBe(1);
  });

  it('can be neither read nor set by a non-admin, anon or an admin at aal1', async () => {
    const anon = anonClient(backend) as AppSupabaseClient;
    for (const client of [member, anon, adaAtAal1]) {
      await expect(markEnquiryRead(client, ids.Charlie!, true)).rejects.toBeInstanceOf(
        EnquiriesQueryError,
      );
      // Refused (anon) or empty (RLS): nobody's marks either way.
      const { data } = await client.from('enquiry_list').select('id').eq('read_by_me', true);
      expect(data ?? []).toEqual([]);
    }
    const { data } = await adaAtAal1.from('enquiry_reads').select('submission_id');
    expect(data ?? []).toEqual([]);
    const marks = await backend.sql<{ n: number }>(
      `select count(*)::int as n from public.enquiry_reads where submission_id = $1`,
      [ids.Charlie],
    );
    expect(marks[0]!.n).toBe(0);
  });

  it('cannot be written through the Data API, even by an admin', async () => {
    const me = await backend.sql<{ id: string }>(
      `select id::text as id from auth.users where email = 'ada@example.com'`,
    );
    const { error } = await ada
      .from('enquiry_reads')
      .insert({ user_id: me[0]!.id, submission_id: ids.Charlie! });
    expect(error?.code).toBe('42501');
    const removed = await ada.from('enquiry_reads').delete().eq('submission_id', ids.Alpha!);
    expect(removed.error?.code).toBe('42501');
  });

  it('refuses an unknown enquiry with a clear message', async () => {
    await expect(
      markEnquiryRead(ada, '00000000-0000-4000-8000-000000000000', true),
    ).rejects.toThrow('No enquiry with this id.');
  });
});

describe('the list view', () => {
  it('carries every column of contact_submissions but the booking key', async () => {
    const columns = async (table: string) =>
      (
        await backend.sql<{ name: string }>(
          `select attname as name from pg_attribute
            where attrelid = ('public.' || $1)::regclass and attnum > 0 and not attisdropped`,
          [table],
        )
      ).map((row) => row.name);
    const listed = await columns('enquiry_list');
    // the hash of the browser's booking key proves a claim of the book token; staff never need it.
    const enquiry = (await columns('contact_submissions')).filter((name) => name !== 'booking_key');
    expect(listed).toEqual(expect.arrayContaining(enquiry));
    expect(listed).not.toContain('booking_key');
  });
});

describe('deleting an enquiry deletes its read marks', () => {
  const marksOf = async (id: string) =>
    (
      await backend.sql<{ n: number }>(
        `select count(*)::int as n from public.enquiry_reads where submission_id = $1`,
        [id],
      )
    )[0]!.n;

  it("on erasure of the sender's data", async () => {
    await markEnquiryRead(ada, ids.Charlie!, true);
    await markEnquiryRead(grace, ids.Charlie!, true);
    expect(await marksOf(ids.Charlie!)).toBe(2);
    const { error } = await ada.rpc('erase_subject_data', { _email: 'charlie@example.com' });
    expect(error).toBeNull();
    expect(await marksOf(ids.Charlie!)).toBe(0);
  });

  it('on retention', async () => {
    await markEnquiryRead(ada, ids.Foxtrot!, true);
    await backend.sql(
      `update public.contact_submissions set created_at = now() - interval '30 months', last_contacted_at = null where id = $1`,
      [ids.Foxtrot],
    );
    expect(await marksOf(ids.Foxtrot!)).toBe(1);
    await backend.sql('select private.apply_retention(now())');
    expect(await marksOf(ids.Foxtrot!)).toBe(0);
    expect(await marksOf(ids.Alpha!)).toBe(1);
  });
});
