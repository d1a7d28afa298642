// The enquirer's answers by mail, end to end on the real engine: our mail to them carries the
// enquiry's reply address and thread headers; an answer played through the local mail API (signed
// email.received, the receiving API, the mail-events function) lands on the record, makes it
// unread, puts it back on the reply clock and alerts staff once; an answer from elsewhere is held
// until an admin attaches or discards it; a staff reply joins the thread; and retention, subject
// access and erasure cover the answers.

import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin } from './support/admin.ts';
import { anonClient, serviceClient, startTestBackend } from './support/backend.ts';
import type { TestBackend } from './support/backend.ts';
import { mailTo } from './support/mail.ts';
import type { TestMail } from './support/mail.ts';

let backend: TestBackend;
let anon: SupabaseClient;
let service: SupabaseClient;
let admin: SupabaseClient;
let adminId: string;
let sequence = 0;

const INBOUND = 'inbound.kestrel-data.local';
const TEAM = 'enquiries@kestrel-data.local';

beforeAll(async () => {
  backend = await startTestBackend();
  anon = anonClient(backend);
  service = serviceClient(backend);
  const created = await createAdmin(backend, 'answers-admin@kestrel.test');
  admin = created.client;
  adminId = created.user.id;
});

afterAll(async () => {
  await backend?.stop();
});

const runSender = async () => {
  const response = await fetch(`${backend.url}/functions/v1/send-enquiry-mail`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${backend.serviceRoleKey}`, apikey: backend.anonKey },
  });
  expect(response.status).toBe(200);
};

async function insertEnquiry(email: string): Promise<string> {
  sequence += 1;
  const { error } = await anon.from('contact_submissions').insert({
    Name: `Rita Answer ${sequence}`,
    Email: email,
    Company: 'Answering Ltd',
    Interest: 'data-strategy',
    Timeline: '1-3-months',
    Message: `Please call us back (${sequence}).`,
  });
  expect(error).toBeNull();
  const [stored] = await backend.sql<{ id: string }>(
    'select id from public.contact_submissions where "Email" = $1 order by created_at desc limit 1',
    [email],
  );
  return stored!.id;
}

/** The newest captured mail to `to` with this subject, once the sender has run. */
async function newestMail(to: string, subject: RegExp): Promise<TestMail> {
  await runSender();
  const mail = (await mailTo(backend, to)).find((candidate) => subject.test(candidate.subject));
  if (!mail) throw new Error(`no mail to ${to} matching ${subject}`);
  return mail;
}

interface ReplyAnswer {
  id: string;
  webhook_status: number;
  webhook_result: { result?: string; error?: string } | null;
}

async function answer(mail: TestMail, body: Record<string, unknown>): Promise<ReplyAnswer> {
  const response = await fetch(`${backend.url}/__local/mail/${mail.id}/reply`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as ReplyAnswer;
}

const timelineOf = async (id: string) => {
  const { data, error } = await admin.rpc('enquiry_timeline', { _submission_id: id });
  expect(error).toBeNull();
  return (data ?? []) as {
    event: string;
    actor: string | null;
    details: Record<string, unknown>;
  }[];
};

const needingReply = async () => {
  const { data, error } = await admin.rpc('enquiries_needing_reply');
  expect(error).toBeNull();
  return (data ?? []) as { id: string; answered_at: string | null; due_at: string }[];
};

const alertsOf = (id: string) =>
  backend.sql<{ recipient: string | null; payload: Record<string, unknown> }>(
    "select recipient, payload from private.enquiry_mail_jobs where submission_id = $1 and kind = 'answer_alert' order by created_at",
    [id],
  );

async function replyAs(id: string, text: string) {
  const { error } = await admin.rpc('send_enquiry_reply', { _submission_id: id, _body: text });
  expect(error).toBeNull();
}

describe("the enquirer's answers by mail", () => {
  it('gives every mail to the enquirer its reply address and opens the thread', async () => {
    const id = await insertEnquiry('thread@example.com');
    const acknowledgement = await newestMail('thread@example.com', /Thank you/);
    const [token] = await backend.sql<{ token: string }>(
      'select token from private.enquiry_reply_tokens where submission_id = $1',
      [id],
    );
    expect(token!.token).toMatch(/^[0-9a-f]{32}$/);
    expect(acknowledgement.reply_to).toBe(`reply+${token!.token}@${INBOUND}`);
    expect(acknowledgement.headers).toEqual({ 'Message-ID': `<enquiry-${id}@${INBOUND}>` });
    // the staff alert about it carries neither.
    const [alert] = (await mailTo(backend, TEAM)).filter((mail) =>
      mail.subject.includes('Rita Answer'),
    );
    expect(alert?.reply_to ?? null).toBeNull();
  });

  it('puts an answer on the record, unread, back on the clock, with one alert', async () => {
    const id = await insertEnquiry('answer@example.com');
    const acknowledgement = await newestMail('answer@example.com', /Thank you/);
    await replyAs(id, 'When would suit you for a call?');
    const { error: readError } = await admin.rpc('mark_enquiry_read', { _submission_id: id });
    expect(readError).toBeNull();
    expect((await needingReply()).some((row) => row.id === id)).toBe(false);
    const staffReply = await newestMail('answer@example.com', /^Re: /);

    const sent = await answer(staffReply, {
      text: 'Tuesday at ten suits us.\n\nRita\n\nOn Fri, Ada wrote:\n> When would suit you?',
      attachments: [{ filename: 'brief.pdf', size: 5120 }],
    });
    expect(sent.webhook_status).toBe(200);
    expect(sent.webhook_result).toEqual({ result: 'attached' });

    const entry = (await timelineOf(id)).find((event) => event.event === 'prospect_answer');
    expect(entry?.actor).toBe('answer@example.com');
    expect(entry?.details).toMatchObject({
      body: 'Tuesday at ten suits us.\n\nRita',
      subject: `Re: ${staffReply.subject}`.replace(/^Re: Re: /, 'Re: '),
      attachments: [
        { filename: 'brief.pdf', size: 5120, content_type: 'application/octet-stream' },
      ],
    });
    const { data: listed } = await admin.from('enquiry_list').select('read_by_me').eq('id', id);
    expect(listed).toEqual([{ read_by_me: false }]);
    const waiting = (await needingReply()).find((row) => row.id === id);
    expect(waiting?.answered_at).not.toBeNull();
    // the dashboard's count is the list's own: the two always agree.
    const { data: figures } = await admin.rpc('enquiry_response_overview');
    expect((figures as { awaiting_reply: number }).awaiting_reply).toBe(
      (await needingReply()).length,
    );
    expect(Date.parse(waiting!.due_at) - Date.parse(waiting!.answered_at!)).toBe(24 * 3600_000);
    const alerts = await alertsOf(id);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ recipient: null, payload: { answer: { attachments: 1 } } });
    // the team inbox gets the alert, without the answer's text: it is on the record.
    const alertMail = await newestMail(TEAM, /answered by e-mail/);
    expect(alertMail.text).toContain(`/admin/needs-reply?enquiry=${id}`);
    expect(alertMail.text).not.toContain('Tuesday at ten');

    // the receiving API keeps the message the function read.
    const stored = await fetch(`${backend.url}/__local/mail-api/emails/receiving/${sent.id}`, {
      headers: { Authorization: 'Bearer local-mail-api-key' },
    });
    expect(stored.status).toBe(200);

    // the next reply answers in the same thread and takes the enquiry off the clock.
    await replyAs(id, 'Tuesday at ten it is.');
    await runSender();
    const [latest] = (await mailTo(backend, 'answer@example.com')).filter((mail) =>
      mail.text.startsWith('Tuesday at ten it is.'),
    );
    const [kept] = await backend.sql<{ message_id: string }>(
      'select message_id from private.enquiry_answers where submission_id = $1',
      [id],
    );
    expect(latest?.headers).toMatchObject({
      'In-Reply-To': kept!.message_id,
      References: `<enquiry-${id}@${INBOUND}> ${kept!.message_id}`,
    });
    expect(latest?.reply_to).toBe(acknowledgement.reply_to);
    expect((await needingReply()).some((row) => row.id === id)).toBe(false);
  });

  it('sends the alert to the assignee when there is one', async () => {
    const id = await insertEnquiry('assigned@example.com');
    const { error } = await admin.rpc('save_enquiry_field', {
      _submission_id: id,
      _field: 'assigned_to',
      _value: adminId,
      _seen: null,
    });
    expect(error).toBeNull();
    const acknowledgement = await newestMail('assigned@example.com', /Thank you/);
    expect((await answer(acknowledgement, { text: 'Any news?' })).webhook_result).toEqual({
      result: 'attached',
    });
    expect((await alertsOf(id))[0]?.recipient).toBe('answers-admin@kestrel.test');
  });

  it('holds an answer from another address until an admin attaches or discards it', async () => {
    const id = await insertEnquiry('owner@example.com');
    const acknowledgement = await newestMail('owner@example.com', /Thank you/);
    const first = await answer(acknowledgement, {
      text: 'I am their colleague.',
      from: 'colleague@example.com',
    });
    const second = await answer(acknowledgement, { text: 'Me again.', from: 'other@example.net' });
    expect(first.webhook_result).toEqual({ result: 'held' });
    expect(second.webhook_result).toEqual({ result: 'held' });
    const held = (await timelineOf(id)).filter((event) => event.event === 'prospect_answer_held');
    expect(held.map((event) => event.details.held_reason)).toEqual([
      'other_sender',
      'other_sender',
    ]);
    // held is not the prospect's answer: the clock does not run for it.
    expect((await needingReply()).find((row) => row.id === id)?.answered_at ?? null).toBeNull();

    const attach = held[0]!.details.answer_id as string;
    const discard = held[1]!.details.answer_id as string;
    expect(
      await admin.rpc('review_enquiry_answer', { _answer_id: attach, _action: 'attach' }),
    ).toMatchObject({
      data: 'attached',
      error: null,
    });
    expect(
      await admin.rpc('review_enquiry_answer', { _answer_id: discard, _action: 'discard' }),
    ).toMatchObject({
      data: 'discarded',
      error: null,
    });
    const twice = await admin.rpc('review_enquiry_answer', {
      _answer_id: discard,
      _action: 'attach',
    });
    expect(twice.error?.code).toBe('P0002');
    const bad = await admin.rpc('review_enquiry_answer', { _answer_id: attach, _action: 'keep' });
    expect(bad.error?.code).toBe('22023');

    const events = (await timelineOf(id)).map((event) => event.event);
    expect(events).toContain('prospect_answer');
    expect(events).toContain('answer_attached');
    expect(events).toContain('answer_discarded');
    expect(events.filter((event) => event === 'prospect_answer_held')).toHaveLength(0);
    // the public and the anon key cannot review or store answers.
    expect(
      (await anon.rpc('review_enquiry_answer', { _answer_id: attach, _action: 'attach' })).error,
    ).not.toBeNull();
    expect(
      (
        await anon.rpc('receive_enquiry_answer', {
          email_id: 'x',
          token: null,
          from_address: 'a@b.test',
          subject: '',
          body: 'x',
          truncated: false,
          attachments: [],
          message_id: null,
          received_at: new Date().toISOString(),
        })
      ).error,
    ).not.toBeNull();
  });

  it('holds an answer whose token names no enquiry, and mails the team its text', async () => {
    const { data, error } = await service.rpc('receive_enquiry_answer', {
      email_id: `orphan-${Date.now()}`,
      token: 'ffffffffffffffffffffffffffffffff',
      from_address: 'stranger@example.org',
      subject: 'Re: something',
      body: 'Who is this?',
      truncated: false,
      attachments: [],
      message_id: '<x@example.org>',
      received_at: new Date().toISOString(),
    });
    expect(error).toBeNull();
    expect(data).toBe('held');
    const alert = await newestMail(TEAM, /names no enquiry/);
    expect(alert.text).toContain('Who is this?');
    expect(alert.subject).toBe('An answer from stranger@example.org names no enquiry');
  });

  it("holds, never attaches, an answer to a deleted enquiry's own reply address", async () => {
    const gone = await insertEnquiry('deleted-token@example.com');
    const [token] = await backend.sql<{ token: string }>(
      'select private.enquiry_reply_token($1) as token',
      [gone],
    );
    const later = await insertEnquiry('deleted-token@example.com');
    // retention, or an admin, deletes the enquiry: its token goes with it.
    await backend.sql('delete from public.contact_submissions where id = $1', [gone]);
    const { data, error } = await service.rpc('receive_enquiry_answer', {
      email_id: `deleted-token-${gone}`,
      token: token!.token,
      from_address: 'deleted-token@example.com',
      subject: 'Re: Your enquiry',
      body: 'Is this still open?',
      truncated: false,
      attachments: [],
      message_id: null,
      received_at: new Date().toISOString(),
    });
    expect(error).toBeNull();
    expect(data).toBe('held');
    const [stored] = await backend.sql<{ submission_id: string; state: string; reason: string }>(
      `select submission_id, state, held_reason as reason from private.enquiry_answers
        where provider_email_id = $1`,
      [`deleted-token-${gone}`],
    );
    // held where staff will see it: the same mailbox's remaining enquiry, for review.
    expect(stored).toEqual({ submission_id: later, state: 'held', reason: 'unknown_token' });
  });

  it('stores one answer per received message, whatever the webhook retries', async () => {
    const id = await insertEnquiry('twice@example.com');
    const [token] = await backend.sql<{ token: string }>(
      'select private.enquiry_reply_token($1) as token',
      [id],
    );
    const args = {
      email_id: `twice-${id}`,
      token: token!.token,
      from_address: 'Twice@Example.com',
      subject: 'Re',
      body: 'Once only',
      truncated: false,
      attachments: [],
      message_id: null,
      received_at: new Date().toISOString(),
    };
    expect((await service.rpc('receive_enquiry_answer', args)).data).toBe('attached');
    expect((await service.rpc('receive_enquiry_answer', args)).data).toBe('duplicate');
    expect(await alertsOf(id)).toHaveLength(1);
    const malformed = await service.rpc('receive_enquiry_answer', {
      ...args,
      email_id: 'm',
      from_address: 'nobody',
    });
    expect(malformed.error?.code).toBe('22023');
  });
});

describe('answers and the rights of the people who sent them', () => {
  it('are in subject access and go with erasure and retention', async () => {
    const id = await insertEnquiry('rights@example.com');
    const acknowledgement = await newestMail('rights@example.com', /Thank you/);
    await answer(acknowledgement, { text: 'Please keep me posted.' });
    // an answer from the same person held on someone else's enquiry, and one on none.
    const other = await insertEnquiry('someone-else@example.com');
    const otherMail = await newestMail('someone-else@example.com', /Thank you/);
    await answer(otherMail, { text: 'Forwarded to me.', from: 'Rights@Example.com' });

    const { data: access, error } = await admin.rpc('subject_access', {
      _email: 'rights@example.com',
    });
    expect(error).toBeNull();
    const document = access as {
      counts: Record<string, number>;
      enquiry_answers: { body: string }[];
    };
    expect(document.counts.enquiry_answers).toBe(2);
    expect(document.enquiry_answers.map((row) => row.body).sort()).toEqual([
      'Forwarded to me.',
      'Please keep me posted.',
    ]);

    const { data: erased } = await admin.rpc('erase_subject_data', {
      _email: 'rights@example.com',
    });
    expect((erased as Record<string, number>).enquiry_answers).toBe(2);
    const left = await backend.sql<{ count: number }>(
      `select count(*)::int as count from private.enquiry_answers
        where submission_id in ($1, $2) or lower(from_address) = 'rights@example.com'`,
      [id, other],
    );
    expect(left[0]!.count).toBe(0);
  });

  it('keeps an enquiry the enquirer recently answered, and forgets old orphans', async () => {
    const id = await insertEnquiry('old@example.com');
    await backend.sql(
      "update public.contact_submissions set created_at = now() - interval '30 months' where id = $1",
      [id],
    );
    const [token] = await backend.sql<{ token: string }>(
      'select private.enquiry_reply_token($1) as token',
      [id],
    );
    await service.rpc('receive_enquiry_answer', {
      email_id: `old-${id}`,
      token: token!.token,
      from_address: 'old@example.com',
      subject: '',
      body: 'Still interested',
      truncated: false,
      attachments: [],
      message_id: null,
      received_at: new Date().toISOString(),
    });
    await service.rpc('receive_enquiry_answer', {
      email_id: `orphan-old-${id}`,
      token: null,
      from_address: 'nobody-known@example.org',
      subject: '',
      body: 'Old orphan',
      truncated: false,
      attachments: [],
      message_id: null,
      received_at: new Date(Date.now() - 30 * 31 * 24 * 3600_000).toISOString(),
    });
    const [counts] = await backend.sql<{ counts: Record<string, number> }>(
      'select private.apply_retention() as counts',
    );
    expect(counts!.counts.enquiry_answers).toBeGreaterThanOrEqual(1);
    const kept = await backend.sql('select 1 from public.contact_submissions where id = $1', [id]);
    expect(kept).toHaveLength(1);
    const orphans = await backend.sql(
      'select 1 from private.enquiry_answers where provider_email_id = $1',
      [`orphan-old-${id}`],
    );
    expect(orphans).toHaveLength(0);
  });
});

describe('answer alerts within an hourly number per recipient', () => {
  const receive = (token: string, from: string, label: string) =>
    service.rpc('receive_enquiry_answer', {
      email_id: `budget-${label}-${Date.now()}`,
      token,
      from_address: from,
      subject: `Re: ${label}`,
      body: `Answer ${label}`,
      truncated: false,
      attachments: [],
      message_id: null,
      received_at: new Date().toISOString(),
    });

  const alertsTo = (recipient: string | null) =>
    backend.sql<{ id: string; due_in_minutes: number; payload: Record<string, unknown> }>(
      `select id, extract(epoch from next_attempt_at - now()) / 60 as due_in_minutes, payload
         from private.enquiry_mail_jobs
        where kind = 'answer_alert' and recipient is not distinct from $1
          and next_attempt_at > now() - interval '1 hour'
        order by next_attempt_at, created_at`,
      [recipient],
    );

  it('gathers the answers past the limit into one alert that waits for its turn', async () => {
    const assignee = 'budget-assignee@kestrel.test';
    const { user } = await createAdmin(backend, assignee);
    const id = await insertEnquiry('budget@example.com');
    await backend.sql('update public.contact_submissions set assigned_to = $1 where id = $2', [
      user.id,
      id,
    ]);
    const [token] = await backend.sql<{ token: string }>(
      'select private.enquiry_reply_token($1) as token',
      [id],
    );
    await backend.sql('update private.enquiry_limits set answer_alerts_per_hour = 2');
    try {
      for (const label of ['a', 'b', 'c', 'd', 'e']) {
        const { data, error } = await receive(token!.token, 'budget@example.com', label);
        expect(error).toBeNull();
        expect(data).toBe('attached');
      }
    } finally {
      await backend.sql('update private.enquiry_limits set answer_alerts_per_hour = 10');
    }
    const alerts = await alertsTo(assignee);
    expect(alerts).toHaveLength(3);
    expect(alerts.slice(0, 2).every((alert) => Number(alert.due_in_minutes) <= 0)).toBe(true);
    // the third waits an hour after the first, and counts the two that came after it.
    expect(Number(alerts[2]!.due_in_minutes)).toBeGreaterThan(58);
    expect(alerts[2]!.payload.more).toBe(2);
    const [stored] = await backend.sql<{ count: number }>(
      'select count(*)::int as count from private.enquiry_answers where submission_id = $1',
      [id],
    );
    expect(stored!.count).toBe(5);
  });

  it('keeps no answer naming no enquiry that no alert would carry', async () => {
    const [{ count } = { count: 0 }] = await backend.sql<{ count: number }>(
      `select count(*)::int as count from private.enquiry_mail_jobs
        where kind = 'answer_alert' and recipient is null
          and next_attempt_at > now() - interval '1 hour'`,
    );
    const unknown = 'eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee';
    await backend.sql('update private.enquiry_limits set answer_alerts_per_hour = $1', [count + 1]);
    const results: unknown[] = [];
    try {
      for (const label of ['one', 'two', 'three', 'four']) {
        const { data, error } = await receive(unknown, `flood-${label}@example.net`, label);
        expect(error).toBeNull();
        results.push(data);
      }
    } finally {
      await backend.sql('update private.enquiry_limits set answer_alerts_per_hour = 10');
    }
    // one alert now, one that waits with its own text, then only counts.
    expect(results).toEqual(['held', 'held', 'unkept', 'unkept']);
    const kept = await backend.sql<{ from_address: string }>(
      "select from_address from private.enquiry_answers where from_address like 'flood-%' order by received_at",
    );
    expect(kept.map((answer) => answer.from_address)).toEqual([
      'flood-one@example.net',
      'flood-two@example.net',
    ]);
    const waiting = (await alertsTo(null)).at(-1)!;
    expect(Number(waiting.due_in_minutes)).toBeGreaterThan(0);
    expect((waiting.payload.answer as { text?: string }).text).toBe('Answer two');
    expect(waiting.payload.unkept).toBe(2);
  });
});
