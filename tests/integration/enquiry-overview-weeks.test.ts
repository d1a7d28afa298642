// The overview's weekly chart puts each arrival in its London week (Monday 00:00 to the next
// Monday 00:00, summer time or not), found by a binary search of the week starts: checked here
// against converting every arrival to London time, with arrivals a second either side of every
// week start of the last 12 weeks and one after the end of this week.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startTestBackend } from './support/backend.ts';
import type { TestBackend } from './support/backend.ts';
import { createAdmin } from './support/admin.ts';

type Week = { week_start: string; total: number; by_interest: Record<string, number> };

let backend: TestBackend;
let admin: SupabaseClient;

beforeAll(async () => {
  backend = await startTestBackend();
  ({ client: admin } = await createAdmin(backend, 'weeks.admin@example.com'));
  await backend.sql('alter table public.contact_submissions disable trigger user');
  await backend.sql(
    `insert into public.contact_submissions
       ("Name", "Email", "Company", "Interest", "Timeline", "Message", created_at)
     select 'Week Edge', 'edge' || n || '@example.com', 'Edge Ltd',
            (array['analytics', 'ai-ml', 'other'])[1 + n % 3], 'immediate', 'At a week edge.',
            monday.at + make_interval(secs => (array[-1, 0, 1])[1 + n % 3])
       from (select (week at time zone 'Europe/London') as at, row_number() over () as w
               from generate_series(
                      date_trunc('week', now() at time zone 'Europe/London') - interval '12 weeks',
                      date_trunc('week', now() at time zone 'Europe/London') + interval '1 week',
                      interval '1 week'
                    ) as week) as monday,
            generate_series(1, 3) as n
      where monday.at + make_interval(secs => (array[-1, 0, 1])[1 + n % 3]) <> now()`,
  );
  await backend.sql('alter table public.contact_submissions enable trigger user');
}, 120_000);

afterAll(async () => {
  await backend?.stop();
});

describe('enquiry_overview weekly', () => {
  it('counts each arrival in the London week it fell in, by interest, as converting it would', async () => {
    const { data, error } = await admin.rpc('enquiry_overview');
    expect(error).toBeNull();
    const weekly = (data as { weekly: Week[] }).weekly;
    const expected = await backend.sql<{ week_start: string; interest: string; n: number }>(
      `select to_char(date_trunc('week', created_at at time zone 'Europe/London'), 'YYYY-MM-DD')
                as week_start, "Interest" as interest, count(*)::int as n
         from public.contact_submissions
        where created_at >= (date_trunc('week', now() at time zone 'Europe/London')
                             - interval '11 weeks') at time zone 'Europe/London'
          and created_at < (date_trunc('week', now() at time zone 'Europe/London')
                            + interval '1 week') at time zone 'Europe/London'
        group by 1, 2`,
    );
    const byWeek = new Map<string, Record<string, number>>();
    for (const row of expected) {
      byWeek.set(row.week_start, { ...byWeek.get(row.week_start), [row.interest]: row.n });
    }
    expect(weekly).toHaveLength(12);
    expect(expected.length).toBeGreaterThan(12);
    for (const week of weekly) {
      const interests = byWeek.get(week.week_start) ?? {};
      expect(week.by_interest).toEqual(interests);
      expect(week.total).toBe(Object.values(interests).reduce((sum, n) => sum + n, 0));
    }
    expect(weekly.reduce((sum, week) => sum + week.total, 0)).toBe(
      expected.reduce((sum, row) => sum + row.n, 0),
    );
  });
});
