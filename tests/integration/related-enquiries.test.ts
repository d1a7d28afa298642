// An enquiry's related enquiries (public.related_enquiries), through the real supabase-js against
// the embedded backend: the same address in any letter case or the same company in any case and
// spacing, the enquiry itself left out, newest first, the limit with the count of every match,
// refused to anyone but an admin at aal2, and each side served by its index.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listRelatedEnquiries } from '@/features/admin/record/related-enquiries';
import type { AppSupabaseClient } from '@/lib/supabase';
import { anonClient, createUser, signedInClient, startTestBackend } from './support/backend.ts';
import type { TestBackend } from './support/backend.ts';
import { createAdmin } from './support/admin.ts';

let backend: TestBackend;
let admin: AppSupabaseClient;
let adminAtAal1: AppSupabaseClient;
let member: AppSupabaseClient;
const ids: Record<string, string> = {};

type Seed = { key: string; email: string; company: string; status?: string; minutesAgo: number };

const seeds: Seed[] = [
  { key: 'self', email: 'Ada@Example.com', company: 'Acme Ltd', minutesAgo: 10 },
  // the same address in other letter cases, at other companies
  { key: 'sameEmail', email: 'ada@example.COM', company: 'Other Firm', minutesAgo: 30 },
  { key: 'spam', email: 'ADA@example.com', company: 'Spam Co', status: 'spam', minutesAgo: 5 },
  // the same company in other cases and spacing, from other addresses
  { key: 'sameCompany', email: 'grace@example.com', company: ' ACME  ltd', minutesAgo: 20 },
  { key: 'both', email: 'ada@example.com', company: 'acmeltd', minutesAgo: 40 },
  // neither: a company that only contains the name, and another address
  { key: 'neither', email: 'ada.l@example.com', company: 'Acme Ltd Group', minutesAgo: 1 },
];

beforeAll(async () => {
  backend = await startTestBackend({ retentionIntervalMs: 0 });
  for (const seed of seeds) {
    const rows = await backend.sql<{ id: string }>(
      `insert into public.contact_submissions
         ("Name", "Email", "Company", "Interest", "Timeline", "Message", status, created_at)
       values ($1, $2, $3, 'analytics', 'immediate', 'A message long enough for the rules.', $4,
               now() - make_interval(mins => $5))
       returning id::text as id`,
      [`Person ${seed.key}`, seed.email, seed.company, seed.status ?? 'new', seed.minutesAgo],
    );
    ids[seed.key] = rows[0]!.id;
  }
  admin = (await createAdmin(backend, 'staff@example.com')).client as AppSupabaseClient;
  adminAtAal1 = (await signedInClient(
    backend,
    'staff@example.com',
    'staff-password-1',
  )) as AppSupabaseClient;
  await createUser(backend, { email: 'member@example.com', password: 'member-password-1' });
  member = (await signedInClient(
    backend,
    'member@example.com',
    'member-password-1',
  )) as AppSupabaseClient;
}, 120_000);

afterAll(async () => {
  await backend?.stop();
});

const keyOf = (id: string) => Object.keys(ids).find((key) => ids[key] === id);

describe('related_enquiries', () => {
  it('lists the same address in any case and the same company in any case and spacing, newest first, without the enquiry itself', async () => {
    const { rows, total } = await listRelatedEnquiries(admin, ids.self!, 10);
    expect(rows.map((row) => keyOf(row.id))).toEqual(['spam', 'sameCompany', 'sameEmail', 'both']);
    expect(total).toBe(4);
    const byKey = Object.fromEntries(rows.map((row) => [keyOf(row.id), row]));
    expect(byKey.sameEmail).toMatchObject({ same_email: true, same_company: false });
    expect(byKey.sameCompany).toMatchObject({ same_email: false, same_company: true });
    expect(byKey.both).toMatchObject({ same_email: true, same_company: true });
    expect(byKey.spam).toMatchObject({ status: 'spam', name: 'Person spam', held: false });
  });

  it('gives at most the limit, newest first, with the count of every match', async () => {
    const { rows, total } = await listRelatedEnquiries(admin, ids.self!, 2);
    expect(rows.map((row) => keyOf(row.id))).toEqual(['spam', 'sameCompany']);
    expect(total).toBe(4);
  });

  it('gives nothing for an unknown enquiry', async () => {
    const unknown = '00000000-0000-4000-8000-000000000404';
    expect(await listRelatedEnquiries(admin, unknown)).toEqual({ rows: [], total: 0 });
  });

  it('is refused to a non-admin, to anon and to an admin at aal1', async () => {
    for (const client of [member, anonClient(backend) as AppSupabaseClient, adminAtAal1]) {
      const { data, error } = await client.rpc('related_enquiries', {
        _submission_id: ids.self!,
      });
      expect(data).toBeNull();
      expect(error?.code).toBe('42501');
    }
  });

  it('reads each side through an index', async () => {
    // The planner prefers a sequential scan of a handful of rows, so it is taken off the table:
    // a query written as the function writes it must then still find an index to use.
    await backend.sql(`
      create function public.test_plan(_query text) returns setof text
      language plpgsql as $$
      declare line text;
      begin
        set local enable_seqscan = off;
        for line in execute 'explain ' || _query loop return next line; end loop;
      end $$`);
    try {
      const plan = async (where: string) =>
        (
          await backend.sql<{ test_plan: string }>('select * from public.test_plan($1)', [
            `select id from public.contact_submissions as other where ${where}`,
          ])
        )
          .map((row) => row.test_plan)
          .join('\n');
      expect(await plan(`pg_catalog.lower(other."Email") = 'ada@example.com'`)).toContain(
        'contact_submissions_email_created_at_idx',
      );
      expect(
        await plan(
          `pg_catalog.lower(pg_catalog.regexp_replace(other."Company", '\\s', '', 'g')) = 'acmeltd'`,
        ),
      ).toContain('contact_submissions_company_key_idx');
    } finally {
      await backend.sql('drop function public.test_plan(text)');
    }
  });
});
