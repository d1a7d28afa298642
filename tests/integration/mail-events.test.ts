// Delivery on the record: the mail API's signed delivery events (the mail-events function and
// public.apply_mail_event) applied once and in order, suppression of an address that bounced for
// good or complained, clearing it (admins only, audited), and the local mail API reporting
// Resend's test addresses end to end.

import type { SupabaseClient } from '@supabase/supabase-js';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_MAIL_WEBHOOK_SECRET } from '../../supabase/local/local-keys.ts';
import { createAdmin } from './support/admin.ts';
import {
  anonClient,
  createUser,
  serviceClient,
  signedInClient,
  startTestBackend,
} from './support/backend.ts';
import type { TestBackend } from './support/backend.ts';
import { mailTo } from './support/mail.ts';

let backend: TestBackend;
let anon: SupabaseClient;
let service: SupabaseClient;
let member: SupabaseClient;
let admin: SupabaseClient;
let sequence = 0;

interface Job {
  id: string;
  kind: string;
  status: string;
  skip_reason: string | null;
  attempts: number;
  provider_message_id: string | null;
  delivery_state: string | null;
  delivery_detail: string | null;
}

beforeAll(async () => {
  backend = await startTestBackend();
  anon = anonClient(backend);
  service = serviceClient(backend);
  await createUser(backend, { email: 'member@kestrel.test', password: 'member-password-1' });
  member = await signedInClient(backend, 'member@kestrel.test', 'member-password-1');
  ({ client: admin } = await createAdmin(backend, 'mail-admin@kestrel.test'));
});

afterAll(async () => {
  await backend?.stop();
});

async function insertEnquiry(email: string): Promise<string> {
  sequence += 1;
  const { error } = await anon.from('contact_submissions').insert({
    Name: 'Ada Lovelace',
    Email: email,
    Company: 'Analytical Engines Ltd',
    Interest: 'data-strategy',
    Timeline: '1-3-months',
    Message: `We would like help with our data strategy (${sequence}).`,
  });
  expect(error).toBeNull();
  const [stored] = await backend.sql<{ id: string }>(
    'select id from public.contact_submissions where "Email" = $1 order by created_at desc limit 1',
    [email],
  );
  return stored!.id;
}

/** A sent reply mail of an enquiry, with its message id, as the sender leaves one. */
async function sentJob(submissionId: string, recipient: string, messageId: string) {
  const [job] = await backend.sql<{ id: string }>(
    `insert into private.enquiry_mail_jobs (kind, submission_id, recipient, status, provider_message_id, sent_at)
     values ('reply', $1, $2, 'sent', $3, now()) returning id`,
    [submissionId, recipient, messageId],
  );
  return job!.id;
}

const jobById = async (id: string) =>
  (await backend.sql<Job>('select * from private.enquiry_mail_jobs where id = $1', [id]))[0]!;

const acknowledgementOf = async (submissionId: string) =>
  (
    await backend.sql<Job>(
      "select * from private.enquiry_mail_jobs where submission_id = $1 and kind = 'acknowledgement'",
      [submissionId],
    )
  )[0]!;

let eventSequence = 0;
async function apply(
  type: string,
  messageId: string | null,
  options: { id?: string; at?: string; bounce?: 'hard' | 'soft'; detail?: string } = {},
) {
  eventSequence += 1;
  const { data, error } = await service.rpc('apply_mail_event', {
    event_id: options.id ?? `evt-${eventSequence}`,
    event_type: type,
    occurred_at: options.at ?? new Date(Date.UTC(2026, 11, 6, 10, 0, eventSequence)).toISOString(),
    message_id: messageId,
    bounce_type: options.bounce,
    detail: options.detail,
  });
  expect(error).toBeNull();
  return data as string;
}

const runSender = () =>
  fetch(`${backend.url}/functions/v1/send-enquiry-mail`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${backend.serviceRoleKey}`, apikey: backend.anonKey },
  });

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('public.apply_mail_event', () => {
  it('applies an event once per event id', async () => {
    const enquiry = await insertEnquiry('once@example.com');
    const job = await sentJob(enquiry, 'once@example.com', 'msg-once');
    expect(await apply('email.delivered', 'msg-once', { id: 'evt-once' })).toBe('applied');
    expect(await apply('email.delivered', 'msg-once', { id: 'evt-once' })).toBe('duplicate');
    expect((await jobById(job)).delivery_state).toBe('delivered');
    const [count] = await backend.sql<{ n: number }>(
      "select count(*)::int as n from private.mail_events where event_id = 'evt-once'",
    );
    expect(count!.n).toBe(1);
  });

  it('never lets an earlier state overwrite a later one, whatever the order', async () => {
    const enquiry = await insertEnquiry('order@example.com');
    const job = await sentJob(enquiry, 'order@example.com', 'msg-order');
    await apply('email.delivered', 'msg-order');
    await apply('email.sent', 'msg-order');
    await apply('email.delivery_delayed', 'msg-order');
    expect((await jobById(job)).delivery_state).toBe('delivered');
    await apply('email.complained', 'msg-order');
    expect((await jobById(job)).delivery_state).toBe('complained');

    const bouncedEnquiry = await insertEnquiry('late-delivery@example.com');
    const bounced = await sentJob(bouncedEnquiry, 'late-delivery@example.com', 'msg-late');
    await apply('email.bounced', 'msg-late', { bounce: 'soft', detail: 'Transient: MailboxFull' });
    await apply('email.delivered', 'msg-late');
    expect(await jobById(bounced)).toMatchObject({
      delivery_state: 'bounced',
      delivery_detail: 'Transient: MailboxFull',
    });
  });

  it('a delayed message reads delayed until it is delivered', async () => {
    const enquiry = await insertEnquiry('slow@example.com');
    const job = await sentJob(enquiry, 'slow@example.com', 'msg-slow');
    await apply('email.sent', 'msg-slow');
    await apply('email.delivery_delayed', 'msg-slow');
    expect((await jobById(job)).delivery_state).toBe('delayed');
    await apply('email.delivered', 'msg-slow');
    expect((await jobById(job)).delivery_state).toBe('delivered');
  });

  it('keeps an event for an unknown message, and applies it once the message id is recorded', async () => {
    expect(await apply('email.delivered', 'msg-not-yet')).toBe('unknown_message');
    const enquiry = await insertEnquiry('early-event@example.com');
    const job = await sentJob(enquiry, 'early-event@example.com', 'msg-other');
    await backend.sql(
      "update private.enquiry_mail_jobs set provider_message_id = 'msg-not-yet' where id = $1",
      [job],
    );
    expect((await jobById(job)).delivery_state).toBe('delivered');
    expect(await apply('email.opened', 'msg-not-yet')).toBe('ignored');
  });

  it('is the service role’s only', async () => {
    for (const client of [anon, member, admin]) {
      const { error } = await client.rpc('apply_mail_event', {
        event_id: 'evt-forged',
        event_type: 'email.complained',
        occurred_at: new Date().toISOString(),
        message_id: 'msg-once',
      });
      expect(error?.code).toBe('42501');
    }
  });

  it('refuses a malformed event with a clear message', async () => {
    const { error } = await service.rpc('apply_mail_event', {
      event_id: '',
      event_type: 'email.sent',
      occurred_at: new Date().toISOString(),
      message_id: 'm',
    });
    expect(error?.message).toMatch(/needs its id/);
  });
});

describe('suppression', () => {
  it('a soft bounce only records the state: the job and later mail go on as before', async () => {
    const enquiry = await insertEnquiry('soft@example.com');
    const job = await sentJob(enquiry, 'soft@example.com', 'msg-soft');
    const before = await jobById(job);
    await apply('email.bounced', 'msg-soft', { bounce: 'soft' });
    const { data } = await admin.rpc('enquiry_mail_problem', { _submission_id: enquiry });
    expect(data).toBeNull();
    expect(await jobById(job)).toMatchObject({
      status: before.status,
      attempts: before.attempts,
      delivery_state: 'bounced',
    });
    // the next mail to the address is sent, not parked.
    const again = await insertEnquiry('soft@example.com');
    expect((await runSender()).status).toBe(200);
    expect(await acknowledgementOf(again)).toMatchObject({ status: 'sent', skip_reason: null });
  });

  it('a hard bounce parks later mail to the mailbox, skipped with its reason', async () => {
    const enquiry = await insertEnquiry('gone@example.com');
    await sentJob(enquiry, 'gone@example.com', 'msg-gone');
    await apply('email.bounced', 'msg-gone', { bounce: 'hard', detail: 'Permanent: General' });
    const { data: problem } = await admin.rpc('enquiry_mail_problem', {
      _submission_id: enquiry,
    });
    expect(problem).toBe('bounced');

    // another enquiry from the same mailbox, spelt otherwise: its acknowledgement is not sent
    const again = await insertEnquiry('Gone+again@example.com');
    expect((await runSender()).status).toBe(200);
    expect(await acknowledgementOf(again)).toMatchObject({
      status: 'skipped',
      skip_reason: 'suppressed_bounced',
    });
    expect(await mailTo(backend, 'Gone+again@example.com')).toEqual([]);

    const { data: timeline } = await admin.rpc('enquiry_timeline', { _submission_id: enquiry });
    const bounced = (timeline as { event: string; details: Record<string, unknown> }[]).find(
      (event) => event.event === 'mail_reply_bounced',
    );
    expect(bounced?.details.delivery_detail).toBe('Permanent: General');
  });

  it('a complaint suppresses the mailbox; staff mail is never suppressed', async () => {
    const enquiry = await insertEnquiry('angry@example.com');
    await sentJob(enquiry, 'angry@example.com', 'msg-angry');
    await apply('email.complained', 'msg-angry');
    const { data } = await admin.rpc('enquiry_mail_problem', { _submission_id: enquiry });
    expect(data).toBe('complained');

    const [staff] = await backend.sql<{ id: string }>(
      "insert into private.enquiry_mail_jobs (kind, status, provider_message_id, sent_at) values ('staff_alert', 'sent', 'msg-staff', now()) returning id",
    );
    await apply('email.bounced', 'msg-staff', { bounce: 'hard' });
    expect((await jobById(staff!.id)).delivery_state).toBe('bounced');
    const [count] = await backend.sql<{ n: number }>(
      "select count(*)::int as n from private.mail_suppressions where event_id in (select event_id from private.mail_events where message_id = 'msg-staff')",
    );
    expect(count!.n).toBe(0);

    // staff mail to a blocked mailbox (a colleague who tried the form with their own address,
    // then marked our mail as spam) is still sent: only mail to the enquirer is parked.
    const [alert] = await backend.sql<{ id: string }>(
      "insert into private.enquiry_mail_jobs (kind, recipient, payload) values ('answer_alert', 'Angry@example.com', '{}') returning id",
    );
    expect((await runSender()).status).toBe(200);
    expect(await jobById(alert!.id)).toMatchObject({ skip_reason: null, attempts: 1 });
    await backend.sql('delete from private.enquiry_mail_jobs where id = $1', [alert!.id]);
  });

  it('an admin clears it from the enquiry, audited; no one else may', async () => {
    const enquiry = await insertEnquiry('cleared@example.com');
    await sentJob(enquiry, 'cleared@example.com', 'msg-cleared');
    await apply('email.bounced', 'msg-cleared', { bounce: 'hard' });

    for (const client of [anon, member]) {
      const { error } = await client.rpc('clear_mail_suppression', { _submission_id: enquiry });
      expect(error?.code).toBe('42501');
    }
    const { error: readError } = await member.rpc('enquiry_mail_problem', {
      _submission_id: enquiry,
    });
    expect(readError?.code).toBe('42501');

    const first = await admin.rpc('clear_mail_suppression', { _submission_id: enquiry });
    expect(first).toMatchObject({ data: true, error: null });
    const second = await admin.rpc('clear_mail_suppression', { _submission_id: enquiry });
    expect(second.data).toBe(false);
    const { data: problem } = await admin.rpc('enquiry_mail_problem', { _submission_id: enquiry });
    expect(problem).toBeNull();

    const audit = await backend.sql<{ action: string; user_email: string; details: unknown }>(
      "select action, user_email, details from public.audit_log where resource_id = $1 and action like 'admin_enquiry_mail%'",
      [enquiry],
    );
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'admin_enquiry_mail_suppression_cleared',
        user_email: 'mail-admin@kestrel.test',
        details: expect.objectContaining({ reason: 'bounced' }),
      }),
    ]);
    const { data: timeline } = await admin.rpc('enquiry_timeline', { _submission_id: enquiry });
    expect((timeline as { event: string }[]).map((event) => event.event)).toContain(
      'mail_suppression_cleared',
    );

    // the same event again does not suppress the address anew
    await apply('email.bounced', 'msg-cleared', { id: 'evt-cleared-again', bounce: 'hard' });
    const { data: after } = await admin.rpc('enquiry_mail_problem', { _submission_id: enquiry });
    expect(after).toBe('bounced');
  });
});

describe('the lists staff work from', () => {
  it('mark an enquiry whose address bounced, in the list and in Needs a reply', async () => {
    const enquiry = await insertEnquiry('listed-gone@example.com');
    const other = await insertEnquiry('listed-fine@example.com');
    await sentJob(enquiry, 'listed-gone@example.com', 'msg-listed-gone');
    await apply('email.bounced', 'msg-listed-gone', { bounce: 'hard', detail: 'Permanent' });

    const { data: rows, error } = await admin
      .from('enquiry_list')
      .select('id, mail_problem')
      .in('id', [enquiry, other]);
    expect(error).toBeNull();
    expect(Object.fromEntries((rows ?? []).map((row) => [row.id, row.mail_problem]))).toEqual({
      [enquiry]: 'bounced',
      [other]: null,
    });

    const { data: waiting } = await admin.rpc('enquiries_needing_reply');
    const problems = Object.fromEntries(
      (waiting as { id: string; mail_problem: string | null }[]).map((row) => [
        row.id,
        row.mail_problem,
      ]),
    );
    expect(problems[enquiry]).toBe('bounced');
    expect(problems[other]).toBeNull();

    // the list stays the admins': a signed-in account without the role sees no row
    const { data: none } = await member.from('enquiry_list').select('id, mail_problem');
    expect(none).toEqual([]);
  });

  it("say so when the enquiry's own acknowledgement bounced, and only on that enquiry", async () => {
    const enquiry = await insertEnquiry('typo@exmaple.com');
    const [acknowledgement] = await backend.sql<{ id: string }>(
      `update private.enquiry_mail_jobs
          set status = 'sent', provider_message_id = 'msg-typo-ack', sent_at = now()
        where submission_id = $1 and kind = 'acknowledgement'
        returning id`,
      [enquiry],
    );
    expect(acknowledgement).toBeDefined();
    await apply('email.bounced', 'msg-typo-ack', { bounce: 'hard' });
    // a later enquiry from the same mailbox: blocked too, but it was not its acknowledgement.
    const later = await insertEnquiry('typo@exmaple.com');

    const { data: problem } = await admin.rpc('enquiry_mail_problem', {
      _submission_id: enquiry,
    });
    expect(problem).toBe('acknowledgement_bounced');
    const { data: rows } = await admin
      .from('enquiry_list')
      .select('id, mail_problem')
      .in('id', [enquiry, later]);
    expect(Object.fromEntries((rows ?? []).map((row) => [row.id, row.mail_problem]))).toEqual({
      [enquiry]: 'acknowledgement_bounced',
      [later]: 'bounced',
    });
    const { data: waiting } = await admin.rpc('enquiries_needing_reply');
    expect(
      (waiting as { id: string; mail_problem: string | null }[]).find((row) => row.id === enquiry)
        ?.mail_problem,
    ).toBe('acknowledgement_bounced');
    // the outbox purges sent mail after a while; the block still knows what bounced.
    await backend.sql('delete from private.enquiry_mail_jobs where id = $1', [acknowledgement!.id]);
    const { data: afterPurge } = await admin.rpc('enquiry_mail_problem', {
      _submission_id: enquiry,
    });
    expect(afterPurge).toBe('acknowledgement_bounced');
  });
});

describe('the mail-events function', () => {
  const post = (body: string, headers: Record<string, string>) =>
    fetch(`${backend.url}/functions/v1/mail-events`, { method: 'POST', headers, body });

  it('is reached without a JWT and refuses an unsigned event', async () => {
    const response = await post('{}', { 'Content-Type': 'application/json' });
    expect(response.status).toBe(401);
  });

  it('applies an event signed with the local secret', async () => {
    const enquiry = await insertEnquiry('signed@example.com');
    const job = await sentJob(enquiry, 'signed@example.com', 'msg-signed');
    const body = JSON.stringify({
      type: 'email.delivered',
      created_at: new Date().toISOString(),
      data: { email_id: 'msg-signed', to: ['signed@example.com'] },
    });
    const now = new Date();
    const headers = {
      'svix-id': 'msg_signed_1',
      'svix-timestamp': String(Math.floor(now.getTime() / 1000)),
      'svix-signature': new Webhook(LOCAL_MAIL_WEBHOOK_SECRET).sign('msg_signed_1', now, body),
    };
    const response = await post(body, headers);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ result: 'applied' });
    expect((await jobById(job)).delivery_state).toBe('delivered');
    expect(await (await post(body, headers)).json()).toEqual({ result: 'duplicate' });
  });
});

describe('the local mail API reports Resend’s test addresses', () => {
  it('an acknowledgement to bounced@resend.dev ends bounced, and the address suppressed', async () => {
    const enquiry = await insertEnquiry('bounced@resend.dev');
    expect((await runSender()).status).toBe(200);
    const job = await until(
      () => acknowledgementOf(enquiry),
      (ack) => ack.delivery_state === 'bounced',
    );
    expect(job).toMatchObject({ status: 'sent', delivery_state: 'bounced' });
    expect(job.delivery_detail).toMatch(/^Permanent: General/);
    const { data } = await admin.rpc('enquiry_mail_problem', { _submission_id: enquiry });
    expect(data).toBe('acknowledgement_bounced');
    const [captured] = await mailTo(backend, 'bounced@resend.dev');
    expect(captured?.delivery_state).toBe('bounced');
    const inbox = await (await fetch(`${backend.url}/__local/mail/inbox`)).text();
    expect(inbox).toContain('<dt>Delivery</dt><dd>bounced</dd>');
  });

  it('delivered@resend.dev ends delivered, complained@resend.dev complained', async () => {
    const delivered = await insertEnquiry('delivered@resend.dev');
    const complained = await insertEnquiry('complained@resend.dev');
    expect((await runSender()).status).toBe(200);
    const first = await until(
      () => acknowledgementOf(delivered),
      (ack) => ack.delivery_state === 'delivered',
    );
    const second = await until(
      () => acknowledgementOf(complained),
      (ack) => ack.delivery_state === 'complained',
    );
    expect(first.delivery_state).toBe('delivered');
    expect(second.delivery_state).toBe('complained');
  });
});
