// The reply is no mail relay: past the hourly caps (per staff member and for the whole team, in
// private.reply_mail_limits) a reply is stored and audited but its mail is parked for review, not
// sent, and re-queuing a parked reply passes the same caps (a trigger on the outbox, whatever
// re-queues it). Through the real supabase-js client, as a stolen session would.

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startTestBackend } from './support/backend.ts';
import type { TestBackend } from './support/backend.ts';
import { createAdmin } from './support/admin.ts';

let backend: TestBackend;
let ada: SupabaseClient;
let ben: SupabaseClient;
let enquiryId: string;

type Job = { id: string; status: string; last_error: string | null; author: string };

async function replyJobs(): Promise<Job[]> {
  return backend.sql<Job>(
    `select job.id::text, job.status, job.last_error, reply.author_email as author
       from private.enquiry_mail_jobs as job
       join public.enquiry_replies as reply on reply.id::text = job.payload ->> 'reply_id'
      where job.kind = 'reply'
      order by job.created_at, job.id`,
  );
}

async function reply(client: SupabaseClient, body: string, submissionId = enquiryId) {
  const { data, error } = await client.rpc('send_enquiry_reply', {
    _submission_id: submissionId,
    _body: body,
  });
  expect(error).toBeNull();
  return data as { reply_id: string; held_for_review: boolean };
}

beforeAll(async () => {
  backend = await startTestBackend();
  ({ client: ada } = await createAdmin(backend, 'ada.cap@example.com'));
  ({ client: ben } = await createAdmin(backend, 'ben.cap@example.com'));
  const rows = await backend.sql<{ id: string }>(
    `insert into public.contact_submissions
       ("Name", "Email", "Company", "Interest", "Timeline", "Message")
     values ('Cap Visitor', 'visitor.cap@example.com', 'Cap Ltd', 'ai-ml', 'exploring', 'Hello, could we talk about data?')
     returning id::text as id`,
  );
  enquiryId = rows[0]!.id;
});

beforeEach(async () => {
  await backend.sql(`update private.reply_mail_limits set per_staff_per_hour = 2, per_hour = 3`);
  await backend.sql(`delete from private.reply_mail_releases`);
  await backend.sql(`delete from private.enquiry_mail_jobs where kind = 'reply'`);
});

afterAll(async () => {
  await backend?.stop();
});

describe('the hourly caps', () => {
  it('park a staff member’s reply past their cap, still stored and audited', async () => {
    expect((await reply(ada, 'One')).held_for_review).toBe(false);
    expect((await reply(ada, 'Two')).held_for_review).toBe(false);
    const third = await reply(ada, 'Three');
    expect(third.held_for_review).toBe(true);

    const jobs = await replyJobs();
    expect(jobs.map((job) => job.status)).toEqual(['pending', 'pending', 'failed']);
    expect(jobs[2]!.last_error).toBe(
      'Held for review: more than 2 replies from one staff member in an hour.',
    );
    const stored = await backend.sql<{ body: string }>(
      'select body from public.enquiry_replies where id = $1',
      [third.reply_id],
    );
    expect(stored).toEqual([{ body: 'Three' }]);
    const audit = await backend.sql<{ details: object }>(
      `select details from public.audit_log
        where action = 'admin_enquiry_reply_sent' and details ->> 'reply_id' = $1`,
      [third.reply_id],
    );
    expect(audit).toEqual([{ details: { reply_id: third.reply_id, held_for_review: true } }]);
  });

  it('a parked reply is no contact: the reply clock keeps running for its enquiry', async () => {
    await reply(ada, 'One');
    await reply(ada, 'Two');
    const [fresh] = await backend.sql<{ id: string }>(
      `insert into public.contact_submissions
         ("Name", "Email", "Company", "Interest", "Timeline", "Message")
       values ('Fresh Visitor', 'fresh.cap@example.com', 'Cap Ltd', 'ai-ml', 'exploring',
               'Hello, could we talk about data?')
       returning id::text as id`,
    );
    expect((await reply(ada, 'Held', fresh!.id)).held_for_review).toBe(true);
    const [clock] = await backend.sql<{ first: string | null; last: string | null }>(
      `select first_response_at::text as first, last_contacted_at::text as last
         from public.contact_submissions where id = $1`,
      [fresh!.id],
    );
    expect(clock).toEqual({ first: null, last: null });
  });

  it('park any reply past the team’s cap', async () => {
    await reply(ada, 'Ada one');
    await reply(ada, 'Ada two');
    expect((await reply(ben, 'Ben one')).held_for_review).toBe(false);
    const over = await reply(ben, 'Ben two');
    expect(over.held_for_review).toBe(true);
    const jobs = await replyJobs();
    expect(jobs.at(-1)).toMatchObject({
      status: 'failed',
      last_error: 'Held for review: more than 3 replies from the team in an hour.',
    });
  });

  it('re-queuing a parked reply passes the same caps', async () => {
    await reply(ada, 'One');
    await reply(ada, 'Two');
    await reply(ada, 'Three');
    const parked = (await replyJobs()).at(-1)!;

    const retried = await ben.rpc('retry_failed_enquiry_mail', { job_id: parked.id });
    expect(retried.error).toMatchObject({ code: 'P0001', hint: 'enquiry_reply_hourly_limit' });
    expect((await replyJobs()).at(-1)!.status).toBe('failed');

    // An hour on, the caps have room again and the review can send it.
    await backend.sql(
      `update private.reply_mail_releases set released_at = now() - interval '61 minutes'`,
    );
    const later = await ben.rpc('retry_failed_enquiry_mail', { job_id: parked.id });
    expect(later.error).toBeNull();
    expect(later.data).toBe(true);
    expect((await replyJobs()).at(-1)!.status).toBe('pending');
  });
});
