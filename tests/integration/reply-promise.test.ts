// The reply promise in the database: replies and recorded contacts stamp the first response, no
// client can set it, the due list, the response and source figures, the timeline, the source
// fields' checks, and subject rights over replies. Through the real supabase-js client.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { limits } from '../../src/config/site.ts';
import {
  anonClient,
  createUser,
  serviceClient,
  signedInClient,
  startTestBackend,
} from './support/backend.ts';
import type { CreatedUser, TestBackend } from './support/backend.ts';
import { createAdmin } from './support/admin.ts';
import { saveWorkflow } from './support/workflow.ts';

let backend: TestBackend;
let anon: SupabaseClient;
let member: SupabaseClient;
let admin: SupabaseClient;
let adminUser: CreatedUser;
let counter = 0;

const ADMIN_EMAIL = 'jane.doe@kestrel.test';

async function seedEnquiry(
  options: { createdAt?: string; status?: string; held?: boolean; email?: string } = {},
): Promise<string> {
  counter += 1;
  const rows = await backend.sql<{ id: string }>(
    `insert into public.contact_submissions
       ("Name", "Email", "Company", "Interest", "Timeline", "Message", created_at, status)
     values ($1, $2, 'Promise Ltd', 'analytics', 'immediate', 'We would like to talk soon.',
             coalesce($3::timestamptz, now()), $4)
     returning id::text as id`,
    [
      `Visitor ${counter}`,
      options.email ?? `promise-${counter}@example.com`,
      options.createdAt ?? null,
      options.status ?? 'new',
    ],
  );
  const id = rows[0]!.id;
  if (options.held) {
    await backend.sql(`update public.contact_submissions set held_at = created_at where id = $1`, [
      id,
    ]);
  }
  return id;
}

const clockOf = async (id: string) =>
  (
    await backend.sql<{ first_response_at: string | null; last_contacted_at: string | null }>(
      `select first_response_at::text, last_contacted_at::text
         from public.contact_submissions where id = $1`,
      [id],
    )
  )[0]!;

beforeAll(async () => {
  backend = await startTestBackend();
  anon = anonClient(backend);
  await createUser(backend, { email: 'member@example.com', password: 'member-password-1' });
  member = await signedInClient(backend, 'member@example.com', 'member-password-1');
  const created = await createAdmin(backend, ADMIN_EMAIL);
  admin = created.client;
  adminUser = created.user;
  // user_metadata is the account's own to write; the name on a reply is the staff profile's.
  await backend.sql(
    `update auth.users set raw_user_meta_data = '{"full_name": "Not This Name"}' where id = $1`,
    [adminUser.id],
  );
  await backend.sql(
    `insert into public.staff_profiles (user_id, display_name) values ($1, 'Jane "JD" <Doe>')
     on conflict (user_id) do update set display_name = excluded.display_name`,
    [adminUser.id],
  );
}, 120_000);

afterAll(async () => {
  await backend?.stop();
});

describe('one setting for the promise', () => {
  it('the database promises the hours the site states (limits.enquiryReplyHours)', async () => {
    const rows = await backend.sql<{ hours: number }>(
      `select (extract(epoch from private.reply_promise()) / 3600)::int as hours`,
    );
    expect(rows[0]!.hours).toBe(limits.enquiryReplyHours);
  });
});

describe('a reply', () => {
  it('is stored, queued to the enquirer with the staff name and address, and stamps the first response once', async () => {
    const id = await seedEnquiry({ email: 'ada@example.com' });
    expect((await clockOf(id)).first_response_at).toBeNull();

    const { data: sent, error } = await admin.rpc('send_enquiry_reply', {
      _submission_id: id,
      _body: '  Thanks Ada, can we talk on Friday?\n',
    });
    expect(error).toBeNull();
    expect(sent).toMatchObject({ held_for_review: false });
    const replyId = (sent as { reply_id: string }).reply_id;
    const first = await clockOf(id);
    expect(first.first_response_at).not.toBeNull();
    expect(first.last_contacted_at).toBe(first.first_response_at);

    const replies = await backend.sql<Record<string, unknown>>(
      `select id::text, channel, author_id::text, author_name, author_email, body
         from public.enquiry_replies where submission_id = $1`,
      [id],
    );
    expect(replies).toEqual([
      {
        id: replyId,
        channel: 'reply',
        author_id: adminUser.id,
        author_name: 'Jane JD Doe',
        author_email: ADMIN_EMAIL,
        body: 'Thanks Ada, can we talk on Friday?',
      },
    ]);
    const jobs = await backend.sql<{
      kind: string;
      recipient: string;
      payload: Record<string, unknown>;
    }>(
      `select kind, recipient, payload from private.enquiry_mail_jobs
        where submission_id = $1 and kind = 'reply'`,
      [id],
    );
    expect(jobs).toEqual([
      {
        kind: 'reply',
        recipient: 'ada@example.com',
        payload: {
          reply_id: replyId,
          staff_name: 'Jane JD Doe',
          staff_email: ADMIN_EMAIL,
          body: 'Thanks Ada, can we talk on Friday?',
        },
      },
    ]);

    // a later contact moves the last-contacted date, never the first response.
    await new Promise((done) => setTimeout(done, 20));
    const { error: callError } = await admin.rpc('record_enquiry_contact', {
      _submission_id: id,
      _channel: 'phone',
      _seen_last_contacted: first.last_contacted_at!,
    });
    expect(callError).toBeNull();
    const later = await clockOf(id);
    expect(later.first_response_at).toBe(first.first_response_at);
    expect(later.last_contacted_at! > first.last_contacted_at!).toBe(true);

    const audit = await backend.sql<{ action: string; details: Record<string, unknown> }>(
      `select action, details from public.audit_log
        where resource_id = $1 and action in ('admin_enquiry_reply_sent', 'admin_enquiry_contact_recorded')
        order by created_at`,
      [id],
    );
    expect(audit.map((entry) => entry.action)).toEqual([
      'admin_enquiry_reply_sent',
      'admin_enquiry_contact_recorded',
    ]);
    expect(JSON.stringify(audit)).not.toContain('Friday');
  });

  it('refuses a blank or over-long text and an unknown enquiry', async () => {
    const id = await seedEnquiry();
    for (const body of ['', ' \n\t ', 'x'.repeat(10_001)]) {
      const { error } = await admin.rpc('send_enquiry_reply', { _submission_id: id, _body: body });
      expect(error?.code).toBe('22023');
      expect(error?.message).toMatch(/1 to 10,000 characters/);
    }
    const { error } = await admin.rpc('send_enquiry_reply', {
      _submission_id: '00000000-0000-4000-8000-000000000000',
      _body: 'Hello',
    });
    expect(error?.code).toBe('P0002');
    expect((await clockOf(id)).first_response_at).toBeNull();
  });
});

describe('a recorded contact', () => {
  it('a logged call and a reply from the own mailbox each stamp the first response', async () => {
    for (const channel of ['phone', 'email']) {
      const id = await seedEnquiry();
      const { error } = await admin.rpc('record_enquiry_contact', {
        _submission_id: id,
        _channel: channel,
      });
      expect(error).toBeNull();
      expect((await clockOf(id)).first_response_at).not.toBeNull();
      const rows = await backend.sql<{ channel: string; body: string | null }>(
        `select channel, body from public.enquiry_replies where submission_id = $1`,
        [id],
      );
      expect(rows).toEqual([{ channel, body: null }]);
    }
  });

  it('refuses another channel', async () => {
    const id = await seedEnquiry();
    const { error } = await admin.rpc('record_enquiry_contact', {
      _submission_id: id,
      _channel: 'fax',
    });
    expect(error?.code).toBe('22023');
    expect((await clockOf(id)).first_response_at).toBeNull();
  });

  it('an admin setting the last-contacted date stamps the first response with the database clock', async () => {
    const id = await seedEnquiry();
    const before = Date.now();
    const { error } = await saveWorkflow(admin, id, { last_contacted_at: '2020-01-01T00:00:00Z' });
    expect(error).toBeNull();
    const clock = await clockOf(id);
    expect(Date.parse(clock.first_response_at!)).toBeGreaterThanOrEqual(before - 5_000);
  });
});

describe('no client sets the first response', () => {
  it('an admin, the service role and a visitor cannot write it', async () => {
    const id = await seedEnquiry();
    const at = '2026-01-01T00:00:00Z';
    const fromAdmin = await admin
      .from('contact_submissions')
      .update({ first_response_at: at } as never)
      .eq('id', id);
    expect(fromAdmin.error).not.toBeNull();
    const fromService = await serviceClient(backend)
      .from('contact_submissions')
      .update({ first_response_at: at } as never)
      .eq('id', id);
    expect(fromService.error).not.toBeNull();
    const fromVisitor = await anon.from('contact_submissions').insert({
      Name: 'Sneaky Visitor',
      Email: 'sneaky@example.com',
      Company: 'Sneaky Ltd',
      Interest: 'analytics',
      Timeline: 'immediate',
      Message: 'Pretend I was answered already.',
      first_response_at: at,
    } as never);
    expect(fromVisitor.error).not.toBeNull();
    expect((await clockOf(id)).first_response_at).toBeNull();
  });

  it('the trigger refuses a change from any role, the table owner included', async () => {
    const id = await seedEnquiry();
    await expect(
      backend.sql(`update public.contact_submissions set first_response_at = now() where id = $1`, [
        id,
      ]),
    ).rejects.toThrow(/set by the database/);
  });
});

describe('visitors and members', () => {
  it('cannot reply, record, list, read replies or see the figures', async () => {
    const id = await seedEnquiry();
    for (const client of [anon, member]) {
      const calls = [
        client.rpc('send_enquiry_reply', { _submission_id: id, _body: 'Hi' }),
        client.rpc('record_enquiry_contact', { _submission_id: id, _channel: 'phone' }),
        client.rpc('enquiries_needing_reply'),
        client.rpc('enquiry_response_overview'),
        client.rpc('enquiry_source_overview'),
        client.rpc('enquiry_dashboard_figures'),
        client.rpc('enquiry_timeline', { _submission_id: id }),
      ];
      for (const { error } of await Promise.all(calls)) {
        expect(error?.code).toMatch(/^(42501|PGRST202)$/);
      }
      const { data } = await client.from('enquiry_replies').select('*');
      expect(data ?? []).toEqual([]);
    }
    expect((await clockOf(id)).first_response_at).toBeNull();
  });

  it('nobody writes enquiry_replies directly, an admin included', async () => {
    const id = await seedEnquiry();
    const { error } = await admin
      .from('enquiry_replies')
      .insert({ submission_id: id, channel: 'phone' } as never);
    expect(error).not.toBeNull();
  });
});

describe('where leads come from', () => {
  const form = {
    Name: 'Source Visitor',
    Email: 'source@example.com',
    Company: 'Source Ltd',
    Interest: 'analytics',
    Timeline: 'immediate',
    Message: 'Found you through a search.',
  };

  it('a visitor may send the landing page, referrer host and utm fields', async () => {
    const { error } = await anon.from('contact_submissions').insert({
      ...form,
      landing_page: '/services?utm_source=news',
      referrer_host: 'www.google.co.uk',
      utm_source: 'newsletter',
      utm_medium: 'email',
      utm_campaign: 'autumn_2026',
    } as never);
    expect(error).toBeNull();
  });

  it.each([
    ['landing_page', 'services', 'contact_submissions_landing_page_format'],
    ['landing_page', `/${'a'.repeat(300)}`, 'contact_submissions_landing_page_format'],
    ['landing_page', '/a b', 'contact_submissions_landing_page_format'],
    ['referrer_host', 'https://google.com/', 'contact_submissions_referrer_host_format'],
    ['referrer_host', 'Google.com', 'contact_submissions_referrer_host_format'],
    ['utm_source', 'x'.repeat(101), 'contact_submissions_utm_source_format'],
    ['utm_medium', 'a\nb', 'contact_submissions_utm_medium_format'],
    ['utm_campaign', '', 'contact_submissions_utm_campaign_format'],
    ['utm_campaign', 'autumn 2026', 'contact_submissions_utm_campaign_format'],
    [
      'utm_source',
      'Reset your password at https://evil.example',
      'contact_submissions_utm_source_format',
    ],
  ])('refuses %s %j (%s)', async (column, value, constraint) => {
    const { error } = await anon
      .from('contact_submissions')
      .insert({ ...form, [column]: value } as never);
    expect(error?.code).toBe('23514');
    expect(error?.message).toContain(constraint);
  });

  it('counts enquiries and won enquiries by source and landing page for 12 weeks', async () => {
    await backend.sql(
      `insert into public.contact_submissions
         ("Name", "Email", "Company", "Interest", "Timeline", "Message", status, utm_source, referrer_host, landing_page, created_at)
       values
         ('Won Lead', 'w@example.com', 'Won Ltd', 'analytics', 'immediate', 'A lead that was won.', 'won', 'linkedin', null, '/about', now()),
         ('Open Lead', 'o@example.com', 'Open Ltd', 'analytics', 'immediate', 'A lead that is open.', 'new', 'linkedin', null, '/about', now()),
         ('Ref Lead', 'r@example.com', 'Ref Ltd', 'analytics', 'immediate', 'A lead from a referrer.', 'new', null, 'news.example', '/', now()),
         ('Old Lead', 'old@example.com', 'Old Ltd', 'analytics', 'immediate', 'Thirteen weeks ago.', 'won', 'linkedin', null, '/about', now() - interval '13 weeks'),
         ('Spam Lead', 's@example.com', 'Spam Ltd', 'analytics', 'immediate', 'This one is spam.', 'spam', 'linkedin', null, '/about', now())`,
    );
    const { data, error } = await admin.rpc('enquiry_source_overview');
    expect(error).toBeNull();
    const rows = data as { dimension: string; value: string; enquiries: number; won: number }[];
    expect(rows.find((row) => row.dimension === 'source' && row.value === 'linkedin')).toEqual({
      dimension: 'source',
      value: 'linkedin',
      enquiries: 2,
      won: 1,
    });
    expect(
      rows.find((row) => row.dimension === 'source' && row.value === 'news.example')?.enquiries,
    ).toBe(1);
    expect(rows.find((row) => row.dimension === 'landing_page' && row.value === '/about')).toEqual({
      dimension: 'landing_page',
      value: '/about',
      enquiries: 2,
      won: 1,
    });
  });

  it("answers the dashboard's figures in one request, each part as its own function does", async () => {
    const since = '2026-11-01T00:00:00Z';
    const [combined, overview, response, sources] = await Promise.all([
      admin.rpc('enquiry_dashboard_figures', { _since: since }),
      admin.rpc('enquiry_overview', { _since: since }),
      admin.rpc('enquiry_response_overview'),
      admin.rpc('enquiry_source_overview'),
    ]);
    for (const { error } of [combined, overview, response, sources]) expect(error).toBeNull();
    const figures = combined.data as { overview: unknown; response: unknown; sources: unknown[] };
    expect(figures.overview).toEqual(overview.data);
    expect(figures.response).toEqual(response.data);
    expect(figures.sources).toEqual(sources.data);
    expect(figures.sources.length).toBeGreaterThan(0);
  });
});

describe('due times', () => {
  it('lists open unanswered enquiries oldest due first, due 24 hours after arrival, with the assignee', async () => {
    await backend.sql(
      `update public.contact_submissions set status = 'lost' where status in ('new', 'in_progress')`,
    );
    const older = await seedEnquiry({ createdAt: '2026-11-20T09:00:00Z' });
    const newer = await seedEnquiry({ createdAt: '2026-11-21T09:00:00Z', status: 'in_progress' });
    await backend.sql(`update public.contact_submissions set assigned_to = $1 where id = $2`, [
      adminUser.id,
      newer,
    ]);
    await seedEnquiry({ createdAt: '2026-11-19T09:00:00Z', status: 'spam' });
    await seedEnquiry({ createdAt: '2026-11-19T09:00:00Z', status: 'won' });
    await seedEnquiry({ createdAt: '2026-11-19T09:00:00Z', held: true });
    const answered = await seedEnquiry({ createdAt: '2026-11-19T09:00:00Z' });
    await admin.rpc('record_enquiry_contact', { _submission_id: answered, _channel: 'email' });

    const { data, error } = await admin.rpc('enquiries_needing_reply');
    expect(error).toBeNull();
    const rows = data as {
      id: string;
      due_at: string;
      overdue: boolean;
      assignee_email: string | null;
    }[];
    expect(rows.map((row) => row.id)).toEqual([older, newer]);
    expect(Date.parse(rows[0]!.due_at)).toBe(Date.parse('2026-11-21T09:00:00Z'));
    expect(rows[0]!.overdue).toBe(true);
    expect(rows[0]!.assignee_email).toBeNull();
    expect(rows[1]!.assignee_email).toBe(ADMIN_EMAIL);
  });
});

describe('response figures', () => {
  it('median first response and share within the promise per week, this week against last', async () => {
    await backend.sql(`delete from public.contact_submissions`);
    // Monday 16 Nov 2026 (last week) and Monday 23 Nov (this week), London = UTC in November.
    const rows = [
      ['2026-11-16T10:00:00Z', '2 hours'],
      ['2026-11-17T10:00:00Z', '30 hours'],
      ['2026-11-18T10:00:00Z', null],
      ['2026-11-23T10:00:00Z', '1 hour'],
    ];
    for (const [createdAt, after] of rows) {
      const id = await seedEnquiry({ createdAt: createdAt! });
      if (after) {
        await backend.sql(
          `alter table public.contact_submissions disable trigger contact_submissions_guard_first_response;
           update public.contact_submissions set first_response_at = created_at + interval '${after}' where id = '${id}';
           alter table public.contact_submissions enable trigger contact_submissions_guard_first_response;`,
        );
      }
    }
    await seedEnquiry({ createdAt: '2026-11-23T11:00:00Z', status: 'spam' });
    const { data, error } = await admin.rpc('enquiry_response_overview', {
      _now: '2026-11-25T12:00:00Z',
    });
    expect(error).toBeNull();
    const overview = data as {
      promise_seconds: number;
      this_week: Record<string, unknown>;
      last_week: Record<string, unknown>;
      weeks: unknown[];
    };
    expect(overview.promise_seconds).toBe(86_400);
    expect(overview.weeks).toHaveLength(12);
    expect(overview.last_week).toEqual({
      week_start: '2026-11-16',
      received: 3,
      answered: 2,
      answered_within_promise: 1,
      median_first_response_seconds: 16 * 3600,
      share_within_promise: 0.3333,
    });
    expect(overview.this_week).toEqual({
      week_start: '2026-11-23',
      received: 1,
      answered: 1,
      answered_within_promise: 1,
      median_first_response_seconds: 3600,
      share_within_promise: 1,
    });
  });
});

describe('what is owed now', () => {
  it('counts the open enquiries awaiting a first reply and those past their due time', async () => {
    await backend.sql(`delete from public.contact_submissions`);
    // due 24 hours after arrival: 2026-11-24T11:00Z is past at _now, 2026-11-25T10:00Z is not.
    await seedEnquiry({ createdAt: '2026-11-23T11:00:00Z' });
    await seedEnquiry({ createdAt: '2026-11-24T10:00:00Z', status: 'in_progress' });
    await seedEnquiry({ createdAt: '2026-11-23T11:00:00Z', status: 'spam' });
    await seedEnquiry({ createdAt: '2026-11-23T11:00:00Z', status: 'won' });
    await seedEnquiry({ createdAt: '2026-11-23T11:00:00Z', held: true });
    const answered = await seedEnquiry({ createdAt: '2026-11-23T11:00:00Z' });
    await admin.rpc('record_enquiry_contact', { _submission_id: answered, _channel: 'phone' });

    const { data, error } = await admin.rpc('enquiry_response_overview', {
      _now: '2026-11-25T09:00:00Z',
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({ awaiting_reply: 2, overdue: 1 });
    const { data: listed } = await admin.rpc('enquiries_needing_reply');
    expect(listed).toHaveLength(2);
  });
});

describe('the timeline', () => {
  it('lists what happened to one enquiry in order, each event once', async () => {
    const id = await seedEnquiry({ email: 'timeline@example.com' });
    const step = () => new Promise((done) => setTimeout(done, 15));
    await step();
    await saveWorkflow(admin, id, { status: 'in_progress' });
    await step();
    await admin.from('enquiry_notes').insert({ submission_id: id, body: 'Looks promising.' });
    await step();
    await admin.rpc('send_enquiry_reply', { _submission_id: id, _body: 'Hello from Jane.' });
    await step();
    await admin.rpc('record_enquiry_contact', {
      _submission_id: id,
      _channel: 'phone',
      // the date the reply just set, as the record on screen shows it.
      _seen_last_contacted: (await clockOf(id)).last_contacted_at!,
    });
    await backend.sql(
      `update private.enquiry_mail_jobs set status = 'sent', sent_at = now() where submission_id = $1 and kind = 'acknowledgement'`,
      [id],
    );

    const { data, error } = await admin.rpc('enquiry_timeline', { _submission_id: id });
    expect(error).toBeNull();
    const events = (data as { occurred_at: string; event: string; actor: string | null }[]).map(
      (row) => row.event,
    );
    expect(events).toEqual([
      'received',
      'mail_staff_alert_pending',
      'status_changed',
      'note_added',
      'reply_sent',
      'mail_reply_pending',
      'contact_recorded',
      'mail_acknowledgement_sent',
    ]);
    const times = (data as { occurred_at: string }[]).map((row) => Date.parse(row.occurred_at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it('is empty for an unknown enquiry', async () => {
    const { data, error } = await admin.rpc('enquiry_timeline', {
      _submission_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(error).toBeNull();
    expect(data).toEqual([]);
  });
});

describe('subject rights over replies', () => {
  it("access lists replies on the address's enquiries; erasure removes them and a staff author's address", async () => {
    const id = await seedEnquiry({ email: 'subject@example.com' });
    await admin.rpc('send_enquiry_reply', { _submission_id: id, _body: 'Dear subject, thanks.' });
    const { data: doc, error } = await admin.rpc('subject_access', {
      _email: 'subject@example.com',
    });
    expect(error).toBeNull();
    expect(
      (doc as { enquiry_replies: { body: string }[] }).enquiry_replies.map((r) => r.body),
    ).toEqual(['Dear subject, thanks.']);
    expect(
      (doc as { enquiry_mail_jobs: { kind: string }[] }).enquiry_mail_jobs.some(
        (job) => job.kind === 'reply',
      ),
    ).toBe(true);

    const { data: erased, error: eraseError } = await admin.rpc('erase_subject_data', {
      _email: 'subject@example.com',
    });
    expect(eraseError).toBeNull();
    expect(erased).toMatchObject({ contact_submissions: 1, enquiry_replies: 1 });
    const left = await backend.sql(
      `select 1 from private.enquiry_mail_jobs where recipient = 'subject@example.com'
       union all select 1 from public.enquiry_replies where submission_id = $1`,
      [id],
    );
    expect(left).toEqual([]);

    const other = await seedEnquiry();
    await admin.rpc('record_enquiry_contact', { _submission_id: other, _channel: 'phone' });
    const { data: staffErased } = await admin.rpc('erase_subject_data', { _email: ADMIN_EMAIL });
    expect((staffErased as Record<string, number>).enquiry_replies_author_removed).toBeGreaterThan(
      0,
    );
    const authors = await backend.sql(
      `select author_email, author_name from public.enquiry_replies where submission_id = $1`,
      [other],
    );
    expect(authors).toEqual([{ author_email: null, author_name: null }]);
  });
});
