// Two of the dashboard's figures mean what staff read them as: "Closed" is won and lost (spam is
// neither open nor closed), and the share replied within the promise counts only enquiries whose
// reply was answered or already due, so a week of enquiries still inside their promise has no
// share ("none owed") instead of 0%. Through the real supabase-js client, on the dashboard's one
// request as well.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startTestBackend } from './support/backend.ts';
import type { TestBackend } from './support/backend.ts';
import { createAdmin } from './support/admin.ts';

let backend: TestBackend;
let admin: SupabaseClient;
let counter = 0;

async function seedEnquiry(status: string, createdAt?: string): Promise<string> {
  counter += 1;
  const rows = await backend.sql<{ id: string }>(
    `insert into public.contact_submissions
       ("Name", "Email", "Company", "Interest", "Timeline", "Message", created_at, status)
     values ($1, $2, 'Figures Ltd', 'analytics', 'immediate', 'Please call us.',
             coalesce($3::timestamptz, now()), $4)
     returning id::text as id`,
    [`Visitor ${counter}`, `figures-${counter}@example.com`, createdAt ?? null, status],
  );
  return rows[0]!.id;
}

beforeAll(async () => {
  backend = await startTestBackend();
  admin = (await createAdmin(backend, 'figures.admin@example.com')).client;
}, 120_000);

afterAll(async () => {
  await backend?.stop();
});

describe('the closed figure', () => {
  it('counts won and lost, not spam, in enquiry_overview and the dashboard figures', async () => {
    await backend.sql(`delete from public.contact_submissions`);
    await seedEnquiry('new');
    await seedEnquiry('in_progress');
    await seedEnquiry('won');
    await seedEnquiry('lost');
    await seedEnquiry('spam');
    await seedEnquiry('spam');

    const { data, error } = await admin.rpc('enquiry_overview');
    expect(error).toBeNull();
    const overview = data as { open: number; closed: number; total: number };
    expect(overview).toMatchObject({ open: 2, closed: 2, total: 6 });

    const figures = await admin.rpc('enquiry_dashboard_figures');
    expect(figures.error).toBeNull();
    expect((figures.data as { overview: { closed: number } }).overview.closed).toBe(2);
  });
});

describe('the share replied within the promise', () => {
  const now = '2026-11-25T12:00:00Z';
  type Week = { received: number; answered: number; share_within_promise: number | null };
  const thisWeek = async () => {
    const { data, error } = await admin.rpc('enquiry_response_overview', { _now: now });
    expect(error).toBeNull();
    return (data as { this_week: Week }).this_week;
  };

  it('is null ("none owed") while every enquiry is still inside its promise', async () => {
    await backend.sql(`delete from public.contact_submissions`);
    // Wednesday 25 Nov 2026, London = UTC: due on the 26th, not owed yet at noon on the 25th.
    await seedEnquiry('new', '2026-11-25T09:00:00Z');
    await seedEnquiry('new', '2026-11-25T10:00:00Z');
    expect(await thisWeek()).toMatchObject({
      received: 2,
      answered: 0,
      share_within_promise: null,
    });
  });

  it('counts an enquiry once its reply is due, answered or not', async () => {
    await backend.sql(`delete from public.contact_submissions`);
    await seedEnquiry('new', '2026-11-23T09:00:00Z'); // due on the 24th, missed
    await seedEnquiry('new', '2026-11-25T10:00:00Z'); // not due yet
    expect(await thisWeek()).toMatchObject({ received: 2, share_within_promise: 0 });
  });
});
