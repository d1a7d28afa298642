// The local mail API's receiving side, as Resend's: a captured mail keeps the extra headers its
// sender set, and its recipient's answer, played from the inbox, is stored as a received
// message, announced to the mail-events function by a signed email.received webhook and read
// back from /__local/mail-api/emails/receiving/<id>.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend } from './support/backend.ts';
import type { TestBackend } from './support/backend.ts';
import { mailTo } from './support/mail.ts';
import type { TestMail } from './support/mail.ts';

let backend: TestBackend;

beforeAll(async () => {
  backend = await startTestBackend();
});

afterAll(async () => {
  await backend?.stop();
});

const API_KEY = 'local-mail-api-key';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const send = (mail: Record<string, unknown>) =>
  fetch(`${backend.url}/__local/mail-api/emails`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${API_KEY}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      from: 'Ada via Kestrel Data <no-reply@kestrel-data.local>',
      subject: 'Re: your enquiry',
      text: 'Hello',
      ...mail,
    }),
  });

/** Sends a mail to `to` and returns it as captured. */
async function captured(to: string, mail: Record<string, unknown> = {}): Promise<TestMail> {
  expect((await send({ to, ...mail })).status).toBe(200);
  const [newest] = await mailTo(backend, to);
  if (!newest) throw new Error(`no mail captured for ${to}`);
  return newest;
}

const reply = (id: number, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${backend.url}/__local/mail/${id}/reply`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

const retrieve = (id: string, authorization: string | null = `Bearer ${API_KEY}`) =>
  fetch(`${backend.url}/__local/mail-api/emails/receiving/${id}`, {
    headers: authorization === null ? {} : { Authorization: authorization },
  });

interface ReplyAnswer {
  id: string;
  webhook_status: number;
  webhook_result: unknown;
}

interface Received {
  object: string;
  id: string;
  to: string[];
  from: string;
  created_at: string;
  subject: string;
  html: string | null;
  text: string | null;
  headers: Record<string, string>;
  message_id: string;
  attachments: Record<string, unknown>[];
}

/** Answers mail `id` and returns the received message as the receiving API gives it. */
async function answer(id: number, body: Record<string, unknown>): Promise<Received> {
  const response = await reply(id, body);
  expect(response.status).toBe(200);
  const { id: receivedId } = (await response.json()) as ReplyAnswer;
  const retrieved = await retrieve(receivedId);
  expect(retrieved.status).toBe(200);
  return (await retrieved.json()) as Received;
}

const receivedCount = async () =>
  (await backend.sql<{ n: number }>('select count(*)::int as n from local_dev.received_mail'))[0]!
    .n;

describe('the local mail API keeps extra headers', () => {
  it('stores them with the captured mail, returns them, and shows them in the inbox', async () => {
    const mail = await captured('headers@example.com', {
      headers: {
        'Message-ID': '<m2@kestrel.test>',
        'In-Reply-To': '<m1@kestrel.test>',
        References: '<m1@kestrel.test>',
      },
    });
    expect(mail.headers).toEqual({
      'Message-ID': '<m2@kestrel.test>',
      'In-Reply-To': '<m1@kestrel.test>',
      References: '<m1@kestrel.test>',
    });
    const page = await (
      await fetch(`${backend.url}/__local/mail/inbox?to=headers@example.com`)
    ).text();
    expect(page).toContain('<dt>Message-ID</dt><dd>&lt;m2@kestrel.test&gt;</dd>');
    expect(page).toContain('<dt>In-Reply-To</dt><dd>&lt;m1@kestrel.test&gt;</dd>');
  });

  it('returns {} for a mail sent without any', async () => {
    expect((await captured('no-headers@example.com')).headers).toEqual({});
  });

  it.each([
    ['a list', [['Message-ID', '<x@y>']]],
    ['a string', 'Message-ID: <x@y>'],
    ['a value that is not a string', { 'X-Count': 3 }],
    ['a line break in a value', { 'X-Note': 'a\r\nBcc: victim@example.com' }],
    ['a line break in a name', { 'X-Note\r\nBcc': 'victim@example.com' }],
    ['a name with a colon', { 'X-Note:': 'a' }],
    ['a name with a space', { 'X Note': 'a' }],
    ['an empty name', { '': 'a' }],
    ['a name of 65 characters', { ['X'.repeat(65)]: 'a' }],
    [
      'more than 20 headers',
      Object.fromEntries(Array.from({ length: 21 }, (_, index) => [`X-H${index}`, 'a'])),
    ],
  ])('refuses %s with 422 and captures nothing', async (_, headers) => {
    const response = await send({ to: 'bad-headers@example.com', headers });
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ statusCode: 422, name: 'validation_error' });
    expect(await mailTo(backend, 'bad-headers@example.com')).toEqual([]);
  });

  it('accepts 20 headers, and names of 64 characters', async () => {
    const headers = Object.fromEntries(
      Array.from({ length: 19 }, (_, index) => [`X-H${index}`, `v${index}`]),
    );
    const mail = await captured('many-headers@example.com', {
      headers: { ...headers, ['X'.repeat(64)]: 'long' },
    });
    expect(Object.keys(mail.headers)).toHaveLength(20);
  });
});

describe('answering a captured mail as its recipient', () => {
  it('answers 404 for an unknown mail and 405 for another method', async () => {
    expect((await reply(987_654, { text: 'Hello' })).status).toBe(404);
    expect((await reply(99_999_999_999, { text: 'Hello' })).status).toBe(404);
    const mail = await captured('methods@example.com');
    const get = await fetch(`${backend.url}/__local/mail/${mail.id}/reply`);
    expect(get.status).toBe(405);
  });

  it.each([
    ['no text', {}],
    ['an empty text', { text: '' }],
    ['a blank text', { text: '  \n ' }],
    ['a text of more than 50,000 characters', { text: 'a'.repeat(50_001) }],
    ['a from that is not an address', { text: 'Hi', from: 'nobody' }],
    ['a from with a line break', { text: 'Hi', from: 'a@b.test\r\nBcc: c@d.test' }],
    ['attachments that are not a list', { text: 'Hi', attachments: { filename: 'a.pdf' } }],
    ['an attachment without a size', { text: 'Hi', attachments: [{ filename: 'a.pdf' }] }],
  ])('refuses %s with 422 and stores nothing', async (_, body) => {
    const mail = await captured('refused-answer@example.com');
    const before = await receivedCount();
    const response = await reply(mail.id, body);
    expect(response.status).toBe(422);
    expect(((await response.json()) as { message: string }).message).toMatch(/`\w+`/);
    expect(await receivedCount()).toBe(before);
  });

  it('stores the answer, announces it to mail-events (signed: 200), and answers its id', async () => {
    const mail = await captured('answer@example.com', { reply_to: 'ada@kestrel.test' });
    const response = await reply(mail.id, { text: 'Yes please, Tuesday suits us.' });
    expect(response.status).toBe(200);
    const body = (await response.json()) as ReplyAnswer;
    expect(body.id).toMatch(UUID);
    // mail-events verified the signature (else 401) and answered; it leaves alone a type it
    // does not apply
    expect(body.webhook_status).toBe(200);
    expect(body.webhook_result).toEqual(expect.any(Object));

    const received = await retrieve(body.id);
    expect(received.status).toBe(200);
    const email = (await received.json()) as Received;
    expect(email).toEqual({
      object: 'email',
      id: body.id,
      to: ['ada@kestrel.test'],
      from: 'answer@example.com',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      subject: 'Re: your enquiry',
      html: null,
      text: 'Yes please, Tuesday suits us.',
      headers: { 'Message-ID': email.message_id },
      bcc: [],
      cc: [],
      reply_to: [],
      message_id: expect.stringMatching(/^<[0-9a-f-]{36}@local\.kestrel-data\.test>$/),
      attachments: [],
    });
    const [row] = await backend.sql<{ in_reply_to_mail: number }>(
      'select in_reply_to_mail from local_dev.received_mail where id = $1',
      [body.id],
    );
    expect(row?.in_reply_to_mail).toBe(mail.id);
  });

  it('goes to the first Reply-To address, else to the From', async () => {
    const listed = await captured('reply-list@example.com', {
      reply_to: ['"Lovelace, Ada" <ada@kestrel.test>', 'team@kestrel.test'],
    });
    expect((await answer(listed.id, { text: 'Hi' })).to).toEqual([
      '"Lovelace, Ada" <ada@kestrel.test>',
    ]);
    const plain = await captured('reply-from@example.com');
    expect((await answer(plain.id, { text: 'Hi' })).to).toEqual([
      'Ada via Kestrel Data <no-reply@kestrel-data.local>',
    ]);
  });

  it('puts Re: before the subject once', async () => {
    const already = await captured('subject-re@example.com', { subject: 'RE: your enquiry' });
    expect((await answer(already.id, { text: 'Hi' })).subject).toBe('RE: your enquiry');
    const fresh = await captured('subject@example.com', { subject: 'Your enquiry' });
    expect((await answer(fresh.id, { text: 'Hi' })).subject).toBe('Re: Your enquiry');
  });

  it("threads the answer under the mail's Message-ID and References", async () => {
    const first = await captured('thread@example.com', {
      headers: { 'Message-ID': '<m1@kestrel.test>' },
    });
    const firstAnswer = await answer(first.id, { text: 'One' });
    expect(firstAnswer.headers).toEqual({
      'Message-ID': firstAnswer.message_id,
      'In-Reply-To': '<m1@kestrel.test>',
      References: '<m1@kestrel.test>',
    });

    const second = await captured('thread@example.com', {
      headers: {
        'Message-Id': '<m3@kestrel.test>',
        'In-Reply-To': '<m2@kestrel.test>',
        References: '<m1@kestrel.test> <m2@kestrel.test>',
      },
    });
    const secondAnswer = await answer(second.id, { text: 'Two' });
    expect(secondAnswer.headers).toEqual({
      'Message-ID': secondAnswer.message_id,
      'In-Reply-To': '<m3@kestrel.test>',
      References: '<m1@kestrel.test> <m2@kestrel.test> <m3@kestrel.test>',
    });
    expect(secondAnswer.message_id).not.toBe(firstAnswer.message_id);
  });

  it('answers from another address when told, with attachments listed by name and size', async () => {
    const mail = await captured('colleague@example.com');
    const email = await answer(mail.id, {
      text: 'My colleague here: notes attached.',
      from: 'someone@else.test',
      attachments: [{ filename: 'notes.pdf', size: 1234 }],
    });
    expect(email.from).toBe('someone@else.test');
    expect(email.attachments).toEqual([
      {
        id: expect.stringMatching(UUID),
        filename: 'notes.pdf',
        content_type: 'application/octet-stream',
        content_disposition: 'attachment',
        content_id: null,
        size: 1234,
      },
    ]);
  });

  it('refuses a post from a page of another origin', async () => {
    const mail = await captured('cross-origin@example.com');
    const before = await receivedCount();
    const response = await reply(mail.id, { text: 'Hi' }, { Origin: 'https://evil.example' });
    expect(response.status).toBe(403);
    expect(await receivedCount()).toBe(before);
  });
});

describe('the receiving API', () => {
  it('wants the mail API key: 401 without, 403 with another', async () => {
    const mail = await captured('keys@example.com');
    const { id } = (await (await reply(mail.id, { text: 'Hi' })).json()) as ReplyAnswer;
    const missing = await retrieve(id, null);
    expect(missing.status).toBe(401);
    expect(await missing.json()).toMatchObject({ name: 'missing_api_key' });
    const invalid = await retrieve(id, 'Bearer not-the-key');
    expect(invalid.status).toBe(403);
    expect(await invalid.json()).toMatchObject({ name: 'invalid_api_key' });
  });

  it('answers 404 for an unknown or malformed id, and keeps 404 for other paths', async () => {
    for (const id of ['3f1b2c4d-0000-4000-8000-000000000000', 'not-an-id', '%E0']) {
      const response = await retrieve(id);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({
        statusCode: 404,
        name: 'not_found',
        message: 'Email not found',
      });
    }
    const other = await fetch(`${backend.url}/__local/mail-api/emails/elsewhere`, {
      headers: { Authorization: `Bearer ${API_KEY}` },
    });
    expect(other.status).toBe(404);
    expect(await other.json()).toMatchObject({
      name: 'not_found',
      message: 'The requested endpoint does not exist.',
    });
  });

  it('answers on this machine only (Host)', async () => {
    const { request } = await import('node:http');
    const status = await new Promise<number>((resolve, reject) => {
      const url = new URL(`${backend.url}/__local/mail-api/emails/receiving/x`);
      request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          headers: { Host: 'rebound.example', Authorization: `Bearer ${API_KEY}` },
        },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      )
        .on('error', reject)
        .end();
    });
    expect(status).toBe(403);
  });
});

describe('the inbox page', () => {
  it('offers each mail a labelled form to answer it as its recipient', async () => {
    const mail = await captured('form@example.com');
    const page = await (
      await fetch(`${backend.url}/__local/mail/inbox?to=form@example.com`)
    ).text();
    expect(page).toContain('<summary>Reply as the recipient</summary>');
    expect(page).toContain(`<form method="post" action="/__local/mail/${mail.id}/reply">`);
    expect(page).toContain('<input type="hidden" name="to" value="form@example.com">');
    expect(page).toContain(`<label for="reply-${mail.id}-text">Their answer</label>`);
    expect(page).toMatch(
      new RegExp(`<textarea id="reply-${mail.id}-text" name="text"[^>]* required>`),
    );
    expect(page).toContain(`<label for="reply-${mail.id}-from">From (another address)</label>`);
    expect(page).toContain(`<input id="reply-${mail.id}-from" name="from"`);
    expect(page).toContain('<button type="submit">Send as the recipient</button>');
  });

  it('sends the form back to the inbox (303) and lists the answer there', async () => {
    const mail = await captured('form-post@example.com', { subject: 'About your data' });
    const response = await fetch(`${backend.url}/__local/mail/${mail.id}/reply`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: backend.url },
      body: new URLSearchParams({
        text: 'Sounds good.\r\nSpeak soon.',
        from: '',
        to: 'form-post@example.com',
      }).toString(),
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/__local/mail/inbox?to=form-post%40example.com');

    const page = await (
      await fetch(`${backend.url}/__local/mail/inbox?to=form-post@example.com`)
    ).text();
    const answers = page.slice(page.indexOf('<h2>Answers sent from here</h2>'));
    expect(answers).toContain('<h3>Re: About your data</h3>');
    expect(answers).toContain('<dt>From</dt><dd>form-post@example.com</dd>');
    expect(answers).toContain('<pre>Sounds good.\nSpeak soon.</pre>');

    const bare = await fetch(`${backend.url}/__local/mail/${mail.id}/reply`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ text: 'Again.' }).toString(),
    });
    expect(bare.status).toBe(303);
    expect(bare.headers.get('location')).toBe('/__local/mail/inbox');
  });
});
