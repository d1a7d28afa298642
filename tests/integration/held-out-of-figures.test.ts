// Held enquiries (parked by the flood limits until staff release them) are out of every figure:
// the dashboard's overview, the sources overview and the weekly summary mail. And where leads
// came from is bounded however many distinct values a flood brings: the top 20 of each, the rest
// added up as "(other)". Through the real supabase-js client, as an admin at aal2.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startTestBackend } from './support/backend.ts';
import type { TestBackend } from './support/backend.ts';
import { createAdmin } from './support/admin.ts';

let backend: TestBackend;
let admin: SupabaseClient;
let counter = 0;

interface Seed {
  createdAt?: string;
  held?: boolean;
  source?: string | null;
  landingPage?: string | null;
  status?: string;
}

/** Inserts `count` enquiries alike in one statement, held_at as the insert trigger would set it. */
async function seed(count: number, options: Seed = {}): Promise<string[]> {
  const first = counter + 1;
  counter += count;
  const rows = await backend.sql<{ id: string }>(
    `insert into public.contact_submissions
       ("Name", "Email", "Company", "Interest", "Timeline", "Message", created_at, status,
        utm_source, landing_page)
     select 'Visitor ' || n, 'figures-' || n || '@example.com', 'Figures Ltd', 'analytics',
            'immediate', 'We would like to talk soon.', coalesce($3::timestamptz, now()), $4, $5, $6
       from generate_series($1::integer, $2::integer) as n
     returning id::text as id`,
    [
      first,
      counter,
      options.createdAt ?? null,
      options.status ?? 'new',
      options.source ?? null,
      options.landingPage ?? null,
    ],
  );
  const ids = rows.map((row) => row.id);
  if (options.held) {
    await backend.sql(
      `update public.contact_submissions set held_at = created_at where id = any($1::uuid[])`,
      [ids],
    );
  }
  return ids;
}

const release = (ids: string[]) =>
  backend.sql(`update public.contact_submissions set held_at = null where id = any($1::uuid[])`, [
    ids,
  ]);

interface SourceRow {
  dimension: 'source' | 'landing_page';
  value: string;
  enquiries: number;
  won: number;
}

async function sourceRows(dimension: SourceRow['dimension']): Promise<SourceRow[]> {
  const { data, error } = await admin.rpc('enquiry_source_overview');
  expect(error).toBeNull();
  return (data as SourceRow[]).filter((row) => row.dimension === dimension);
}

async function overview(): Promise<{ total: number; this_week: number; by_status: object }> {
  const { data, error } = await admin.rpc('enquiry_overview');
  expect(error).toBeNull();
  return data as { total: number; this_week: number; by_status: object };
}

beforeAll(async () => {
  backend = await startTestBackend();
  admin = (await createAdmin(backend, 'figures.admin@kestrel.test')).client;
}, 120_000);

afterAll(async () => {
  await backend?.stop();
});

describe('held enquiries', () => {
  it('count in no figure until staff release them, then count as any other', async () => {
    await seed(2, { source: 'newsletter', landingPage: '/services' });
    const before = await overview();
    const sourcesBefore = await sourceRows('source');

    const held = await seed(3, { held: true, source: 'flood-tag', landingPage: '/flood' });
    expect(await overview()).toEqual(before);
    expect(await sourceRows('source')).toEqual(sourcesBefore);
    expect((await sourceRows('landing_page')).map((row) => row.value)).not.toContain('/flood');

    await release(held.slice(0, 1));
    const after = await overview();
    expect(after.total).toBe(before.total + 1);
    expect(after.this_week).toBe(before.this_week + 1);
    expect((await sourceRows('source')).find((row) => row.value === 'flood-tag')).toMatchObject({
      enquiries: 1,
    });
  });
});

describe('where leads came from', () => {
  it('lists the top 20 sources and landing pages, most first, and adds up the rest as (other)', async () => {
    // 25 sources with 30, 29, ... 6 enquiries each (on top of what the first test left).
    for (let place = 0; place < 25; place += 1) {
      await seed(30 - place, {
        source: `source-${String(place).padStart(2, '0')}`,
        landingPage: `/page-${String(place).padStart(2, '0')}`,
      });
    }
    const sources = await sourceRows('source');
    const pages = await sourceRows('landing_page');
    for (const rows of [sources, pages]) {
      expect(rows).toHaveLength(21);
      expect(rows.at(-1)!.value).toBe('(other)');
      const named = rows.slice(0, 20).map((row) => row.enquiries);
      expect(named).toEqual([...named].sort((a, b) => b - a));
    }
    expect(sources[0]).toMatchObject({ value: 'source-00', enquiries: 30 });
    expect(sources[19]).toMatchObject({ value: 'source-19', enquiries: 11 });
    // the five smallest (10 + 9 + 8 + 7 + 6) and the first test's newsletter (2) and flood-tag (1)
    expect(sources.at(-1)).toMatchObject({ enquiries: 43, won: 0 });

    const { data } = await admin.rpc('enquiry_overview');
    const total = (rows: SourceRow[]) => rows.reduce((sum, row) => sum + row.enquiries, 0);
    expect(total(sources)).toBe((data as { total: number }).total);
    expect(total(pages)).toBe((data as { total: number }).total);
  });
});

describe('the weekly summary', () => {
  it('counts only enquiries that are not held, with the top 20 sources and the rest as (other)', async () => {
    const week = '2026-10-14T10:00:00Z'; // a Wednesday; its summary is queued on 19 October
    for (let place = 0; place < 22; place += 1) {
      await seed(place < 20 ? 2 : 1, { createdAt: week, source: `week-${place}` });
    }
    await seed(40, { createdAt: week, held: true, source: 'held-flood' });

    const [queued] = await backend.sql<{ queued: boolean }>(
      `select private.queue_weekly_summary('2026-10-19T09:00:00Z') as queued`,
    );
    expect(queued!.queued).toBe(true);
    const [job] = await backend.sql<{ payload: Record<string, unknown> }>(
      `select payload from private.enquiry_mail_jobs
        where kind = 'weekly_summary' and payload ->> 'week_start' = '2026-10-12'`,
    );
    const payload = job!.payload as {
      received: number;
      by_interest: Record<string, number>;
      by_source: Record<string, number>;
    };
    expect(payload.received).toBe(42);
    expect(payload.by_interest).toEqual({ analytics: 42 });
    expect(Object.keys(payload.by_source)).toHaveLength(21);
    expect(payload.by_source).not.toHaveProperty('held-flood');
    expect(payload.by_source['week-0']).toBe(2);
    expect(payload.by_source['(other)']).toBe(2);
  });
});
