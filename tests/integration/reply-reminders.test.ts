// The reply clock's mail: reminders 4 hours before an enquiry's reply is due and escalations when
// it is due, each once; the weekly summary once a week from Monday 08:00 London time (GMT and
// BST); and the sender mailing a staff reply with the staff member's name and Reply-To, and the
// reminders to the right addresses with a link to the enquiry.

import { createServer } from 'node:http';
import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startTestBackend } from './support/backend.ts';
import type { CreatedUser, TestBackend } from './support/backend.ts';
import { createAdmin } from './support/admin.ts';

const SITE = 'https://site.kestrel.test';
const FROM = 'Kestrel Data <no-reply@kestrel-data.local>';
const STAFF = 'enquiries@kestrel-data.local';
const ASSIGNEE = 'sam.assignee@kestrel.test';

interface Received {
  headers: IncomingHttpHeaders;
  body: {
    from: string;
    to: string;
    subject: string;
    text: string;
    html?: string;
    reply_to?: string;
  };
}

/** A mail API on 127.0.0.1 that accepts everything and records what it got. */
async function startMailApi(): Promise<{
  url: string;
  received: Received[];
  close: () => Promise<void>;
}> {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({
        headers: req.headers,
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Received['body'],
      });
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ id: `msg-${received.length}` }));
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}

let backend: TestBackend;
let api: Awaited<ReturnType<typeof startMailApi>>;
let admin: SupabaseClient;
let assignee: CreatedUser;
let counter = 0;

async function seedEnquiry(createdAt: string, status = 'new', held = false): Promise<string> {
  counter += 1;
  const rows = await backend.sql<{ id: string }>(
    `insert into public.contact_submissions
       ("Name", "Email", "Company", "Interest", "Timeline", "Message", created_at, status)
     values ($1, $2, 'Clock Ltd', 'data-strategy', 'exploring', 'Please call us back.',
             $3::timestamptz, $4)
     returning id::text as id`,
    [`Visitor ${counter}`, `clock-${counter}@example.com`, createdAt, status],
  );
  const id = rows[0]!.id;
  // the insert trigger clears held_at; only the database holds an enquiry, as here.
  if (held) {
    await backend.sql(`update public.contact_submissions set held_at = created_at where id = $1`, [
      id,
    ]);
  }
  return id;
}

const remind = async (now: string) =>
  (
    await backend.sql<{ counts: { reminders: number; escalations: number } }>(
      `select private.send_reply_reminders($1::timestamptz) as counts`,
      [now],
    )
  )[0]!.counts;

interface JobRow {
  kind: string;
  submission_id: string;
  recipient: string | null;
}

const reminderJobs = () =>
  backend.sql<JobRow>(
    `select kind, submission_id::text, recipient from private.enquiry_mail_jobs
      where kind in ('reply_reminder', 'reply_escalation') order by created_at, kind`,
  );

const runSender = async () => {
  const response = await fetch(`${backend.url}/functions/v1/send-enquiry-mail`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${backend.serviceRoleKey}` },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { sent: number; errors: number };
};

beforeAll(async () => {
  api = await startMailApi();
  backend = await startTestBackend({
    enquiryMail: { apiUrl: api.url, apiKey: 'provider-key', from: FROM, notifyTo: STAFF },
    siteUrl: SITE,
  });
  const created = await createAdmin(backend, 'jane.doe@kestrel.test');
  admin = created.client;
  await backend.sql(
    `insert into public.staff_profiles (user_id, display_name) values ($1, 'Jane Doe')
     on conflict (user_id) do update set display_name = excluded.display_name`,
    [created.user.id],
  );
  assignee = (await createAdmin(backend, ASSIGNEE)).user;
}, 120_000);

afterAll(async () => {
  await backend?.stop();
  await api?.close();
});

beforeEach(async () => {
  await backend.sql(`delete from public.contact_submissions`);
  await backend.sql(`delete from private.enquiry_mail_jobs`);
  api.received.length = 0;
});

describe('reminders and escalations', () => {
  const arrived = '2026-11-20T09:00:00Z';

  it('nothing before 20 hours; one reminder at 20 hours; one escalation at 24 hours; never twice', async () => {
    const unassigned = await seedEnquiry(arrived);
    const assigned = await seedEnquiry(arrived);
    await backend.sql(`update public.contact_submissions set assigned_to = $1 where id = $2`, [
      assignee.id,
      assigned,
    ]);

    expect(await remind('2026-11-21T04:59:59Z')).toEqual({ reminders: 0, escalations: 0 });
    expect(await remind('2026-11-21T05:00:00Z')).toEqual({ reminders: 2, escalations: 0 });
    expect(await remind('2026-11-21T05:00:00Z')).toEqual({ reminders: 0, escalations: 0 });
    expect(await remind('2026-11-21T08:59:00Z')).toEqual({ reminders: 0, escalations: 0 });
    expect(await remind('2026-11-21T09:00:00Z')).toEqual({ reminders: 0, escalations: 2 });
    expect(await remind('2026-11-21T09:00:00Z')).toEqual({ reminders: 0, escalations: 0 });
    expect(await remind('2026-11-22T09:00:00Z')).toEqual({ reminders: 0, escalations: 0 });

    const jobs = await reminderJobs();
    const sorted = (rows: JobRow[]) =>
      [...rows].sort((a, b) =>
        `${a.kind}${a.submission_id}`.localeCompare(`${b.kind}${b.submission_id}`),
      );
    expect(sorted(jobs)).toEqual(
      sorted([
        { kind: 'reply_reminder', submission_id: unassigned, recipient: null },
        { kind: 'reply_reminder', submission_id: assigned, recipient: ASSIGNEE },
        { kind: 'reply_escalation', submission_id: unassigned, recipient: null },
        { kind: 'reply_escalation', submission_id: assigned, recipient: null },
      ]),
    );
  });

  it('none for spam, won, lost, held or answered enquiries', async () => {
    await seedEnquiry(arrived, 'spam');
    await seedEnquiry(arrived, 'won');
    await seedEnquiry(arrived, 'lost');
    await seedEnquiry(arrived, 'new', true);
    const answered = await seedEnquiry(arrived);
    const { error } = await admin.rpc('record_enquiry_contact', {
      _submission_id: answered,
      _channel: 'phone',
    });
    expect(error).toBeNull();
    expect(await remind('2026-11-21T05:00:00Z')).toEqual({ reminders: 0, escalations: 0 });
    expect(await remind('2026-11-21T09:00:00Z')).toEqual({ reminders: 0, escalations: 0 });
    expect(await reminderJobs()).toEqual([]);
  });

  it('a late run past the due time escalates without a reminder; a week-old backlog is not mailed', async () => {
    const late = await seedEnquiry(arrived);
    await seedEnquiry('2026-11-10T09:00:00Z');
    expect(await remind('2026-11-21T10:00:00Z')).toEqual({ reminders: 0, escalations: 1 });
    expect(await reminderJobs()).toEqual([
      { kind: 'reply_escalation', submission_id: late, recipient: null },
    ]);
  });

  it("erasing the assignee's address removes their reminder mail, and neither alert is queued again", async () => {
    const id = await seedEnquiry(arrived);
    await backend.sql(`update public.contact_submissions set assigned_to = $1 where id = $2`, [
      assignee.id,
      id,
    ]);
    expect(await remind('2026-11-21T05:00:00Z')).toEqual({ reminders: 1, escalations: 0 });
    expect(await remind('2026-11-21T09:00:00Z')).toEqual({ reminders: 0, escalations: 1 });

    const { error } = await admin.rpc('erase_subject_data', { _email: ASSIGNEE });
    expect(error).toBeNull();
    // the reminder went to the address and the escalation names it as the assignee.
    expect(await reminderJobs()).toEqual([]);

    for (const now of ['2026-11-21T05:00:00Z', '2026-11-21T09:00:00Z', '2026-11-22T09:00:00Z']) {
      expect(await remind(now)).toEqual({ reminders: 0, escalations: 0 });
    }
    expect(await reminderJobs()).toEqual([]);
  });

  it('a reminder whose job was erased before the due time still leads to one escalation, once', async () => {
    const id = await seedEnquiry(arrived);
    await backend.sql(`update public.contact_submissions set assigned_to = $1 where id = $2`, [
      assignee.id,
      id,
    ]);
    expect(await remind('2026-11-21T05:00:00Z')).toEqual({ reminders: 1, escalations: 0 });
    const { error } = await admin.rpc('erase_subject_data', { _email: ASSIGNEE });
    expect(error).toBeNull();
    expect(await remind('2026-11-21T06:00:00Z')).toEqual({ reminders: 0, escalations: 0 });
    expect(await remind('2026-11-21T09:00:00Z')).toEqual({ reminders: 0, escalations: 1 });
    expect(await remind('2026-11-21T09:05:00Z')).toEqual({ reminders: 0, escalations: 0 });
    expect((await reminderJobs()).map((job) => job.kind)).toEqual(['reply_escalation']);
  });

  it('the sender mails the reminder to the assignee and the escalation to the staff address, each naming the enquirer and linking to it', async () => {
    const id = await seedEnquiry(arrived);
    await backend.sql(`update public.contact_submissions set assigned_to = $1 where id = $2`, [
      assignee.id,
      id,
    ]);
    await backend.sql(`delete from private.enquiry_mail_jobs`);
    await remind('2026-11-21T05:00:00Z');
    await remind('2026-11-21T09:00:00Z');
    expect(await runSender()).toMatchObject({ sent: 2, errors: 0 });

    const link = `${SITE}/admin/needs-reply?enquiry=${id}`;
    const reminder = api.received.find((mail) => mail.body.to === ASSIGNEE)!;
    expect(reminder.body.subject).toBe(
      `Reply due by Sat 21 Nov, 09:00: Visitor ${counter} (Clock Ltd)`,
    );
    expect(reminder.body.text).toContain(link);
    const escalation = api.received.find((mail) => mail.body.to === STAFF)!;
    expect(escalation.body.subject).toBe(
      `Overdue: no reply to Visitor ${counter} (Clock Ltd) within 24 hours`,
    );
    expect(escalation.body.text).toContain(`Assigned to: sam.assignee <${ASSIGNEE}>`);
    expect(escalation.body.text).toContain(link);
  });
});

describe("reminders and escalations of the enquirer's answers by mail", () => {
  const arrived = '2026-11-20T09:00:00Z';
  const hours = (iso: string, count: number) =>
    new Date(Date.parse(iso) + count * 3_600_000).toISOString();
  let answers = 0;

  /** Records a phone call (the first response, the first time) as of the database clock. */
  async function contact(id: string) {
    const [seen] = await backend.sql<{ last_contacted_at: string | null }>(
      'select last_contacted_at from public.contact_submissions where id = $1',
      [id],
    );
    const { error } = await admin.rpc('record_enquiry_contact', {
      _submission_id: id,
      _channel: 'phone',
      _seen_last_contacted: seen!.last_contacted_at,
    });
    expect(error).toBeNull();
  }

  /**
   * The enquirer answers by mail (from their own address, or another) through the function the
   * mail-events receiver calls, just after the database clock (or `hoursAgo` before it, as a late
   * webhook delivers it); resolves with that time once the clock has passed it, so that whatever
   * happens next is later.
   */
  async function answerByMail(id: string, from?: string, hoursAgo = 0): Promise<string> {
    answers += 1;
    const [row] = await backend.sql<{ result: string; received_at: string }>(
      `with token as (
         insert into private.enquiry_reply_tokens (submission_id) values ($1)
         on conflict do nothing returning token
       ), at as (
         -- to the next whole millisecond, so that the times JavaScript adds hours to are exact.
         select date_trunc('milliseconds', now()) + interval '1 millisecond'
                - make_interval(hours => $4) as received_at
       )
       select public.receive_enquiry_answer(
                $2, coalesce((select token from token),
                             (select token from private.enquiry_reply_tokens where submission_id = $1)),
                coalesce($3, enquiry."Email"), 'Re: Your enquiry', 'Thursday suits us.', false,
                '[]'::jsonb, null, at.received_at) as result,
              at.received_at
         from public.contact_submissions as enquiry, at
        where enquiry.id = $1`,
      [id, `received-${answers}`, from ?? null, hoursAgo],
    );
    expect(row!.result).toBe(from ? 'held' : 'attached');
    await sleep(5);
    return new Date(row!.received_at).toISOString();
  }

  it('an answer after the first response is reminded at 20 hours and escalated at 24, once each', async () => {
    const id = await seedEnquiry(arrived);
    await backend.sql(`update public.contact_submissions set assigned_to = $1 where id = $2`, [
      assignee.id,
      id,
    ]);
    await contact(id);
    const answered = await answerByMail(id);

    expect(await remind(hours(answered, 19.99))).toEqual({ reminders: 0, escalations: 0 });
    expect(await remind(hours(answered, 20))).toEqual({ reminders: 1, escalations: 0 });
    expect(await remind(hours(answered, 20))).toEqual({ reminders: 0, escalations: 0 });
    expect(await remind(hours(answered, 24))).toEqual({ reminders: 0, escalations: 1 });
    expect(await remind(hours(answered, 30))).toEqual({ reminders: 0, escalations: 0 });
    expect(await reminderJobs()).toEqual([
      { kind: 'reply_reminder', submission_id: id, recipient: ASSIGNEE },
      { kind: 'reply_escalation', submission_id: id, recipient: null },
    ]);
    const payloads = await backend.sql<{ answered_at: string; due_at: string }>(
      `select payload ->> 'answered_at' as answered_at, payload ->> 'due_at' as due_at
         from private.enquiry_mail_jobs where kind in ('reply_reminder', 'reply_escalation')`,
    );
    for (const payload of payloads) {
      expect(new Date(payload.answered_at).toISOString()).toBe(answered);
      expect(new Date(payload.due_at).toISOString()).toBe(hours(answered, 24));
    }

    expect(await runSender()).toMatchObject({ errors: 0 });
    const reminder = api.received.find(
      (mail) => mail.body.to === ASSIGNEE && mail.body.subject.startsWith('Reply due'),
    );
    expect(reminder?.body.subject).toMatch(/: Visitor \d+ \(Clock Ltd\)'s answer by mail$/);
    const escalation = api.received.find((mail) => mail.body.subject.startsWith('Overdue'));
    expect(escalation?.body.subject).toMatch(/'s answer by mail within 24 hours$/);
  });

  it('a reply ends the wait; a later answer starts a new one with its own reminder', async () => {
    const id = await seedEnquiry(arrived);
    await contact(id);
    const first = await answerByMail(id);
    expect(await remind(hours(first, 20))).toEqual({ reminders: 1, escalations: 0 });
    await contact(id);
    // the first answer is replied to: its escalation never comes.
    expect(await remind(hours(first, 24))).toEqual({ reminders: 0, escalations: 0 });

    const second = await answerByMail(id);
    expect(await remind(hours(second, 20))).toEqual({ reminders: 1, escalations: 0 });
    expect(await remind(hours(second, 24))).toEqual({ reminders: 0, escalations: 1 });
    expect((await reminderJobs()).map((job) => job.kind)).toEqual([
      'reply_reminder',
      'reply_reminder',
      'reply_escalation',
    ]);
  });

  it('an older answer attached later brings the due time forward but alerts the wait once', async () => {
    const id = await seedEnquiry(arrived);
    await contact(id);
    // from another sender, held for review meanwhile; their own answer two hours later.
    const held = await answerByMail(id, 'colleague@example.com');
    const own = await answerByMail(id, undefined, -2);
    expect(await remind(hours(own, 21))).toEqual({ reminders: 1, escalations: 0 });
    const [heldRow] = await backend.sql<{ id: string }>(
      "select id from private.enquiry_answers where submission_id = $1 and state = 'held'",
      [id],
    );
    const { error } = await admin.rpc('review_enquiry_answer', {
      _answer_id: heldRow!.id,
      _action: 'attach',
    });
    expect(error).toBeNull();
    // the wait now runs from the older answer, due an hour from now: the same wait, so no second
    // reminder; its escalation once, at the earlier due time.
    expect(await remind(hours(own, 21))).toEqual({ reminders: 0, escalations: 0 });
    expect(await remind(hours(held, 24))).toEqual({ reminders: 0, escalations: 1 });
    expect(await remind(hours(own, 24))).toEqual({ reminders: 0, escalations: 0 });
    expect((await reminderJobs()).map((job) => job.kind)).toEqual([
      'reply_reminder',
      'reply_escalation',
    ]);
  });

  it('keys the outbox guard by the wait in UTC, whatever the session time zone', async () => {
    const id = await seedEnquiry(arrived);
    await backend.sql(
      `set timezone = 'America/New_York'; select private.send_reply_reminders('2026-11-21T05:00:00Z');
       reset timezone;`,
    );
    const [job] = await backend.sql<{ opened_at: string }>(
      `select payload ->> 'opened_at' as opened_at from private.enquiry_mail_jobs
        where submission_id = $1 and kind = 'reply_reminder'`,
      [id],
    );
    expect(job!.opened_at).toBe('2026-11-20T09:00:00.000000Z');
  });

  it('none for an answer held for review, or on a spam enquiry', async () => {
    const held = await seedEnquiry(arrived);
    await contact(held);
    const heldAt = await answerByMail(held, 'someone.else@example.org');
    const spam = await seedEnquiry(arrived);
    await contact(spam);
    const spamAt = await answerByMail(spam);
    await backend.sql(`update public.contact_submissions set status = 'spam' where id = $1`, [
      spam,
    ]);
    for (const at of [heldAt, spamAt]) {
      expect(await remind(hours(at, 20))).toEqual({ reminders: 0, escalations: 0 });
      expect(await remind(hours(at, 24))).toEqual({ reminders: 0, escalations: 0 });
    }
    expect(await reminderJobs()).toEqual([]);
  });
});

describe('a staff reply through the sender', () => {
  it('goes to the enquirer from the site sender with the staff name, Reply-To the enquiry, plain text, once', async () => {
    const id = await seedEnquiry(new Date().toISOString());
    await backend.sql(`delete from private.enquiry_mail_jobs`);
    const { error } = await admin.rpc('send_enquiry_reply', {
      _submission_id: id,
      _body: 'Hello,\n\nThanks for writing. Shall we talk on Friday?\n\nJane',
    });
    expect(error).toBeNull();
    expect(await runSender()).toMatchObject({ sent: 1, errors: 0 });
    expect(await runSender()).toMatchObject({ sent: 0 });

    expect(api.received).toHaveLength(1);
    const [mail] = api.received;
    const job = await backend.sql<{ id: string; status: string }>(
      `select id::text, status from private.enquiry_mail_jobs where kind = 'reply'`,
    );
    expect(job[0]!.status).toBe('sent');
    expect(mail!.headers['idempotency-key']).toBe(job[0]!.id);
    const [token] = await backend.sql<{ token: string }>(
      'select token from private.enquiry_reply_tokens where submission_id = $1',
      [id],
    );
    // the answer goes back to the record, not to Jane's own inbox; the reply joins the thread
    // the acknowledgement opened.
    expect(mail!.body).toEqual({
      from: '"Jane Doe via Kestrel Data" <no-reply@kestrel-data.local>',
      to: `clock-${counter}@example.com`,
      reply_to: `reply+${token!.token}@inbound.kestrel-data.local`,
      subject: 'Re: Your enquiry to Kestrel Data',
      text: 'Hello,\n\nThanks for writing. Shall we talk on Friday?\n\nJane\n\n-- \nJane Doe, Kestrel Data',
      headers: {
        'Message-ID': `<${job[0]!.id}@inbound.kestrel-data.local>`,
        'In-Reply-To': `<enquiry-${id}@inbound.kestrel-data.local>`,
        References: `<enquiry-${id}@inbound.kestrel-data.local>`,
      },
    });
  });

  it('once sent, its job keeps only the reply id; the timeline still shows the reply from the enquiry', async () => {
    const id = await seedEnquiry(new Date().toISOString());
    await backend.sql(`delete from private.enquiry_mail_jobs`);
    const body = 'Thanks, Visitor. Call me on 020 7946 0000.';
    const { data: sent, error } = await admin.rpc('send_enquiry_reply', {
      _submission_id: id,
      _body: body,
    });
    expect(error).toBeNull();
    expect(sent).toMatchObject({ held_for_review: false });
    const replyId = (sent as { reply_id: string }).reply_id;
    const replyJob = () =>
      backend.sql<{ id: string; status: string; recipient: string; payload: object }>(
        `select id::text, status, recipient, payload from private.enquiry_mail_jobs where kind = 'reply'`,
      );
    // until it is sent the job carries what the sender mails.
    expect((await replyJob())[0]!.payload).toMatchObject({
      body,
      staff_email: 'jane.doe@kestrel.test',
    });

    expect(await runSender()).toMatchObject({ sent: 1, errors: 0 });
    const [job] = await replyJob();
    expect(job).toMatchObject({ status: 'sent', recipient: `clock-${counter}@example.com` });
    expect(job!.payload).toEqual({ reply_id: replyId });

    const { data: timeline, error: timelineError } = await admin.rpc('enquiry_timeline', {
      _submission_id: id,
    });
    expect(timelineError).toBeNull();
    const events = timeline as { event: string; details: Record<string, unknown> }[];
    expect(events.find((row) => row.event === 'reply_sent')?.details).toMatchObject({
      reply_id: replyId,
      author_name: 'Jane Doe',
      body,
    });
    expect(events.find((row) => row.event === 'mail_reply_sent')?.details).toEqual({
      job_id: job!.id,
      reply_id: replyId,
    });
  });
});

describe('the weekly summary', () => {
  const summaries = () =>
    backend.sql<{ payload: Record<string, unknown> }>(
      `select payload from private.enquiry_mail_jobs where kind = 'weekly_summary' order by created_at`,
    );
  const queue = async (now: string) =>
    (
      await backend.sql<{ queued: boolean }>(
        `select private.queue_weekly_summary($1::timestamptz) as queued`,
        [now],
      )
    )[0]!.queued;

  it('in GMT: not before Monday 08:00 UTC, then once for the week', async () => {
    expect(await queue('2026-11-30T07:59:00Z')).toBe(false);
    expect(await queue('2026-11-30T08:00:00Z')).toBe(true);
    expect(await queue('2026-11-30T09:00:00Z')).toBe(false);
    expect(await queue('2026-12-06T23:00:00Z')).toBe(false);
    expect((await summaries()).map((row) => row.payload.week_start)).toEqual(['2026-11-23']);
  });

  it('in BST: Monday 08:00 London is 07:00 UTC', async () => {
    expect(await queue('2026-06-01T06:59:00Z')).toBe(false);
    expect(await queue('2026-06-01T07:00:00Z')).toBe(true);
    expect(await queue('2026-06-01T08:00:00Z')).toBe(false);
    expect((await summaries()).map((row) => row.payload.week_start)).toEqual(['2026-05-25']);
  });

  /** Sets an enquiry's status as staff do, with its audit entry dated `at`. */
  const setStatus = async (id: string, status: string, at: string) => {
    const changed = await backend.sql<{ id: string }>(
      `with changed as (
         update public.contact_submissions set status = $2 where id = $1 returning id
       )
       select id::text from changed`,
      [id, status],
    );
    expect(changed).toHaveLength(1);
    await backend.sql(
      `update public.audit_log set created_at = $3::timestamptz
        where id = (select id from public.audit_log
                     where action = 'admin_enquiry_status_changed' and resource_id = $1
                       and details ->> 'to' = $2
                     order by created_at desc limit 1)`,
      [id, status, at],
    );
  };

  it('counts last week by interest and source, the first responses and overdue; the sender mails it to staff', async () => {
    const answeredFast = await seedEnquiry('2026-11-23T10:00:00Z');
    // arrived won and lost, with no status change in the week: the mail's won and lost count
    // changes (see the next test), not arrivals.
    await seedEnquiry('2026-11-24T10:00:00Z', 'won');
    await seedEnquiry('2026-11-25T10:00:00Z', 'lost');
    await seedEnquiry('2026-11-26T10:00:00Z', 'spam');
    await seedEnquiry('2026-11-30T06:00:00Z');
    await backend.sql(
      `update public.contact_submissions set utm_source = 'linkedin' where id = $1`,
      [answeredFast],
    );
    await backend.sql(
      `alter table public.contact_submissions disable trigger contact_submissions_guard_first_response;
       update public.contact_submissions set first_response_at = created_at + interval '3 hours' where id = '${answeredFast}';
       alter table public.contact_submissions enable trigger contact_submissions_guard_first_response;`,
    );
    await backend.sql(`delete from private.enquiry_mail_jobs`);
    expect(await queue('2026-11-30T08:30:00Z')).toBe(true);
    const [summary] = await summaries();
    expect(summary!.payload).toEqual({
      week_start: '2026-11-23',
      received: 3,
      by_interest: { 'data-strategy': 3 },
      by_source: { linkedin: 1, '(direct)': 2 },
      median_first_response_seconds: 3 * 3600,
      answered_within_promise: 1,
      overdue_now: 0,
      won: 0,
      lost: 0,
      promise_hours: 24,
    });
    await backend.sql(`update private.enquiry_mail_jobs set next_attempt_at = now()`);
    expect(await runSender()).toMatchObject({ sent: 1, errors: 0 });
    const [mail] = api.received;
    expect(mail!.body.to).toBe(STAFF);
    expect(mail!.body.subject).toBe('Enquiries: week of 2026-11-23');
    expect(mail!.body.text).toContain('Data Strategy: 3');
    expect(mail!.body.text).toContain('Median first response: 3.0 h');
  });

  it('counts as won and lost the enquiries whose last status change in the week set them so and still does, whenever they arrived', async () => {
    // London week of Monday 23 November 2026 (GMT): 2026-11-23T00:00Z to 2026-11-30T00:00Z.
    const wonFromOctober = await seedEnquiry('2026-10-05T10:00:00Z');
    await setStatus(wonFromOctober, 'won', '2026-11-24T12:00:00Z');
    const lostInWeek = await seedEnquiry('2026-11-24T10:00:00Z');
    await setStatus(lostInWeek, 'lost', '2026-11-29T23:59:00Z');
    const wonThenLost = await seedEnquiry('2026-11-02T10:00:00Z');
    await setStatus(wonThenLost, 'won', '2026-11-25T09:00:00Z');
    await setStatus(wonThenLost, 'lost', '2026-11-27T09:00:00Z');
    // arrived in the week, won only after it, before the summary: not last week's outcome.
    const wonAfterWeek = await seedEnquiry('2026-11-25T10:00:00Z');
    await setStatus(wonAfterWeek, 'won', '2026-11-30T00:00:00Z');
    // won in the week before, lost in the week after: neither counts for this week.
    const wonBefore = await seedEnquiry('2026-11-10T10:00:00Z');
    await setStatus(wonBefore, 'won', '2026-11-22T23:59:00Z');
    // won in the week, then moved back before the summary, or marked spam in bulk (which writes
    // no per-enquiry change): no longer won.
    const reopened = await seedEnquiry('2026-11-20T10:00:00Z');
    await setStatus(reopened, 'won', '2026-11-26T09:00:00Z');
    await setStatus(reopened, 'in_progress', '2026-11-30T07:00:00Z');
    const spammed = await seedEnquiry('2026-11-20T10:00:00Z');
    await setStatus(spammed, 'won', '2026-11-26T10:00:00Z');
    const { error } = await admin.rpc('bulk_enquiry_action', { _ids: [spammed], _action: 'spam' });
    expect(error).toBeNull();
    // won in bulk in the week: the action's one entry counts for each enquiry it changed.
    const wonInBulk = await seedEnquiry('2026-11-20T10:00:00Z');
    const bulk = await admin.rpc('bulk_enquiry_action', {
      _ids: [wonInBulk],
      _action: 'status',
      _value: 'won',
    });
    expect(bulk.error).toBeNull();
    await backend.sql(
      `update public.audit_log set created_at = '2026-11-26T12:00:00Z'
        where action = 'admin_enquiries_status_set'`,
    );
    // won in the week, then deleted.
    const deleted = await seedEnquiry('2026-11-20T10:00:00Z');
    await setStatus(deleted, 'won', '2026-11-26T11:00:00Z');
    await backend.sql(`delete from public.contact_submissions where id = $1`, [deleted]);

    await backend.sql(`delete from private.enquiry_mail_jobs`);
    expect(await queue('2026-11-30T08:00:00Z')).toBe(true);
    const [summary] = await summaries();
    expect(summary!.payload).toMatchObject({
      week_start: '2026-11-23',
      received: 2,
      won: 2,
      lost: 2,
    });

    await backend.sql(`update private.enquiry_mail_jobs set next_attempt_at = now()`);
    expect(await runSender()).toMatchObject({ sent: 1, errors: 0 });
    expect(api.received[0]!.body.text).toContain(
      'Status set during the week, whenever the enquiry arrived, and still so now:\n  Won: 2\n  Lost: 2',
    );
  });
});
