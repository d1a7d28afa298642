import { deepStrictEqual, equal, match } from 'node:assert/strict';

import { Webhook } from 'standardwebhooks';

import {
  handle,
  MAX_BODY_BYTES,
  MAX_RECEIVED_BYTES,
  readMailEventsEnv,
  readReceivedAnswer,
  TOO_LARGE_ANSWER,
  type MailEvent,
  type ReceivedAnswer,
} from './handler.ts';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const env = readMailEventsEnv(
  (name) =>
    ({
      SUPABASE_URL: 'http://db.test',
      SUPABASE_SERVICE_ROLE_KEY: 'service-key',
      MAIL_WEBHOOK_SECRET: SECRET,
      MAIL_API_URL: 'http://mail.test',
      MAIL_API_KEY: 'mail-key',
      MAIL_INBOUND_DOMAIN: 'reply.kestrel.test',
    })[name],
);

/** The database's side: each call to apply_mail_event, answered once per event id. */
function database() {
  const calls: MailEvent[] = [];
  const seen = new Set<string>();
  const fetcher = (async (input: string | URL | Request, init?: RequestInit) => {
    equal(String(input), 'http://db.test/rest/v1/rpc/apply_mail_event');
    equal(new Headers(init?.headers).get('authorization'), 'Bearer service-key');
    const event = JSON.parse(String(init?.body)) as MailEvent;
    calls.push(event);
    const answer = seen.has(event.event_id) ? 'duplicate' : 'applied';
    seen.add(event.event_id);
    return new Response(JSON.stringify(answer), { status: 200 });
  }) as typeof fetch;
  return { calls, fetcher };
}

const event = (type: string, extra: Record<string, unknown> = {}) => ({
  type,
  created_at: '2026-12-06T10:00:01.000Z',
  data: {
    email_id: 'msg-1',
    to: ['prospect@example.com'],
    created_at: '2026-12-06T10:00:00.000Z',
    subject: 'Thank you',
    ...extra,
  },
});

function signed(
  payload: unknown,
  {
    id = 'msg_evt_1',
    at = new Date(),
    secret = SECRET,
    prefix = 'svix',
  }: { id?: string; at?: Date; secret?: string; prefix?: string } = {},
): Request {
  const body = typeof payload === 'string' ? payload : JSON.stringify(payload);
  const signature = new Webhook(secret).sign(id, at, body);
  return new Request('http://functions.test/mail-events', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      [`${prefix}-id`]: id,
      [`${prefix}-timestamp`]: String(Math.floor(at.getTime() / 1000)),
      [`${prefix}-signature`]: signature,
    },
    body,
  });
}

Deno.test('a signed event is applied through the service-role RPC', async () => {
  const db = database();
  const response = await handle(signed(event('email.delivered')), env, db.fetcher);
  equal(response.status, 200);
  deepStrictEqual(await response.json(), { result: 'applied' });
  deepStrictEqual(db.calls, [
    {
      event_id: 'msg_evt_1',
      event_type: 'email.delivered',
      occurred_at: '2026-12-06T10:00:01.000Z',
      message_id: 'msg-1',
      bounce_type: null,
      detail: null,
    },
  ]);
});

Deno.test('the standard webhook-* headers are accepted as the svix-* ones', async () => {
  const db = database();
  const response = await handle(
    signed(event('email.sent'), { prefix: 'webhook' }),
    env,
    db.fetcher,
  );
  equal(response.status, 200);
  equal(db.calls.length, 1);
});

Deno.test('every applied type reaches the database with its type', async () => {
  for (const type of [
    'email.sent',
    'email.delivered',
    'email.delivery_delayed',
    'email.bounced',
    'email.complained',
  ]) {
    const db = database();
    const response = await handle(signed(event(type), { id: `evt-${type}` }), env, db.fetcher);
    equal(response.status, 200, type);
    equal(db.calls[0]?.event_type, type);
  }
});

Deno.test('a permanent bounce is hard, a transient or undetermined one soft', async () => {
  const cases = [
    ['Permanent', 'hard'],
    ['Transient', 'soft'],
    ['Undetermined', 'soft'],
  ] as const;
  for (const [given, expected] of cases) {
    const db = database();
    const bounce = { type: given, subType: 'General', message: 'Mailbox does not exist' };
    await handle(signed(event('email.bounced', { bounce }), { id: given }), env, db.fetcher);
    equal(db.calls[0]?.bounce_type, expected, given);
    equal(db.calls[0]?.detail, `${given}: General: Mailbox does not exist`);
  }
});

Deno.test('a bounce without its detail is soft, and its detail bounded', async () => {
  const db = database();
  await handle(signed(event('email.bounced')), env, db.fetcher);
  equal(db.calls[0]?.bounce_type, null);
  const long = { type: 'Permanent', subType: 'General', message: 'x'.repeat(2000) };
  await handle(signed(event('email.bounced', { bounce: long }), { id: 'b2' }), env, db.fetcher);
  equal(db.calls[1]?.detail?.length, 500);
});

Deno.test('an unsigned event is refused with 401 and not applied', async () => {
  const db = database();
  const request = new Request('http://functions.test/mail-events', {
    method: 'POST',
    body: JSON.stringify(event('email.bounced')),
  });
  const response = await handle(request, env, db.fetcher);
  equal(response.status, 401);
  equal(db.calls.length, 0);
});

Deno.test('an event signed with another secret is refused with 401', async () => {
  const db = database();
  const other = 'whsec_' + btoa('another secret of thirty-two byt');
  const response = await handle(signed(event('email.bounced'), { secret: other }), env, db.fetcher);
  equal(response.status, 401);
  match((await response.json()).error, /signature/);
  equal(db.calls.length, 0);
});

Deno.test('a body changed after signing is refused with 401', async () => {
  const db = database();
  const request = signed(event('email.delivered'));
  const tampered = new Request(request.url, {
    method: 'POST',
    headers: request.headers,
    body: JSON.stringify(event('email.complained')),
  });
  equal((await handle(tampered, env, db.fetcher)).status, 401);
  equal(db.calls.length, 0);
});

Deno.test('an event signed outside the five-minute window is refused with 401', async () => {
  const db = database();
  const stale = new Date(Date.now() - 6 * 60_000);
  const early = new Date(Date.now() + 6 * 60_000);
  equal((await handle(signed(event('email.sent'), { at: stale }), env, db.fetcher)).status, 401);
  equal((await handle(signed(event('email.sent'), { at: early }), env, db.fetcher)).status, 401);
  const recent = new Date(Date.now() - 4 * 60_000);
  equal((await handle(signed(event('email.sent'), { at: recent }), env, db.fetcher)).status, 200);
  equal(db.calls.length, 1);
});

Deno.test('a replayed event id reaches the database, which applies it once', async () => {
  const db = database();
  const first = await handle(signed(event('email.bounced'), { id: 'same' }), env, db.fetcher);
  const again = await handle(signed(event('email.bounced'), { id: 'same' }), env, db.fetcher);
  deepStrictEqual(await first.json(), { result: 'applied' });
  equal(again.status, 200);
  deepStrictEqual(await again.json(), { result: 'duplicate' });
});

Deno.test('events out of order keep their own times', async () => {
  const db = database();
  const late = { ...event('email.delivered'), created_at: '2026-12-06T10:05:00.000Z' };
  const early = { ...event('email.sent'), created_at: '2026-12-06T10:00:02.000Z' };
  await handle(signed(late, { id: 'a' }), env, db.fetcher);
  await handle(signed(early, { id: 'b' }), env, db.fetcher);
  deepStrictEqual(
    db.calls.map((call) => [call.event_type, call.occurred_at]),
    [
      ['email.delivered', '2026-12-06T10:05:00.000Z'],
      ['email.sent', '2026-12-06T10:00:02.000Z'],
    ],
  );
});

Deno.test('an unknown event type is answered 200 and not applied', async () => {
  const db = database();
  const response = await handle(signed(event('email.opened')), env, db.fetcher);
  equal(response.status, 200);
  deepStrictEqual(await response.json(), { result: 'ignored' });
  equal(db.calls.length, 0);
});

Deno.test('a signed body that is not an event is refused with 400', async () => {
  const db = database();
  equal((await handle(signed('not json'), env, db.fetcher)).status, 400);
  equal((await handle(signed({ type: 'email.sent' }), env, db.fetcher)).status, 400);
  const timeless = { type: 'email.sent', data: { email_id: 'm' } };
  equal((await handle(signed(timeless), env, db.fetcher)).status, 400);
  equal(db.calls.length, 0);
});

Deno.test('a body over the bound is refused with 413, by its length or its bytes', async () => {
  const db = database();
  const big = JSON.stringify({ ...event('email.sent'), padding: 'x'.repeat(MAX_BODY_BYTES) });
  equal((await handle(signed(big), env, db.fetcher)).status, 413);

  // no Content-Length: the bytes are counted as they are read
  const request = signed(event('email.sent'));
  const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent > MAX_BODY_BYTES) controller.close();
      else {
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      }
    },
  });
  const streamed = new Request(request.url, {
    method: 'POST',
    headers: request.headers,
    body: stream,
  });
  equal((await handle(streamed, env, db.fetcher)).status, 413);
  equal(db.calls.length, 0);
});

Deno.test('only POST is accepted', async () => {
  const db = database();
  const response = await handle(new Request('http://functions.test/mail-events'), env, db.fetcher);
  equal(response.status, 405);
});

Deno.test('a failure to record answers 500, so the event is delivered again', async () => {
  const failing = (async () => new Response('down', { status: 503 })) as typeof fetch;
  const response = await handle(signed(event('email.delivered')), env, failing);
  equal(response.status, 500);
});

Deno.test('without its secret the receiver refuses everything with 500', async () => {
  const missing = readMailEventsEnv(
    (name) => ({ SUPABASE_URL: 'http://db.test', SUPABASE_SERVICE_ROLE_KEY: 'k' })[name],
  );
  equal(missing.ok, false);
  if (!missing.ok) match(missing.problems.join(), /MAIL_WEBHOOK_SECRET/);
  const db = database();
  equal((await handle(signed(event('email.sent')), missing, db.fetcher)).status, 500);
  const malformed = readMailEventsEnv(
    (name) =>
      ({
        SUPABASE_URL: 'http://db.test',
        SUPABASE_SERVICE_ROLE_KEY: 'k',
        MAIL_WEBHOOK_SECRET: 'x',
      })[name],
  );
  equal(malformed.ok, false);
});

const TOKEN = '0123456789abcdef0123456789abcdef';

const received = (to = [`Kestrel <reply+${TOKEN}@reply.kestrel.test>`]) => ({
  type: 'email.received',
  created_at: '2026-12-06T10:00:01.000Z',
  data: {
    email_id: 'in-1',
    created_at: '2026-12-06T10:00:00.000Z',
    from: 'Rita <rita@example.com>',
    to,
    cc: [],
    bcc: [],
    message_id: '<CAF+1@mail.example.com>',
    subject: 'Re: Your enquiry',
    attachments: [{ id: 'att-1', filename: 'brief.pdf', content_type: 'application/pdf' }],
  },
});

const message = {
  object: 'email',
  id: 'in-1',
  from: 'Rita <rita@example.com>',
  to: [`reply+${TOKEN}@reply.kestrel.test`],
  created_at: '2026-12-06T10:00:00.000Z',
  subject: 'Re: Your enquiry',
  text: 'Tuesday at ten suits us.\n\nRita\n\nOn Fri, 4 Dec 2026 at 09:00, Ada <no-reply@kestrel.test> wrote:\n> Could we meet?\n',
  html: null,
  message_id: '<CAF+1@mail.example.com>',
  attachments: [
    { id: 'att-1', filename: 'brief.pdf', content_type: 'application/pdf', size: 5120 },
  ],
};

/** The mail API's receiving endpoint and the database, as the receiver sees them. */
function inbound(stored: unknown = message, status = 200) {
  const answers: ReceivedAnswer[] = [];
  const fetched: string[] = [];
  const fetcher = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input);
    if (url.startsWith('http://mail.test/')) {
      fetched.push(url);
      equal(new Headers(init?.headers).get('authorization'), 'Bearer mail-key');
      return new Response(JSON.stringify(stored), { status });
    }
    equal(url, 'http://db.test/rest/v1/rpc/receive_enquiry_answer');
    const answer = JSON.parse(String(init?.body)) as ReceivedAnswer;
    const seen = answers.some((earlier) => earlier.email_id === answer.email_id);
    answers.push(answer);
    return new Response(JSON.stringify(seen ? 'duplicate' : 'attached'), { status: 200 });
  }) as typeof fetch;
  return { answers, fetched, fetcher };
}

Deno.test('an answer is fetched from the receiving API, trimmed and stored once', async () => {
  const mail = inbound();
  const first = await handle(signed(received(), { id: 'msg_in_1' }), env, mail.fetcher);
  equal(first.status, 200);
  deepStrictEqual(await first.json(), { result: 'attached' });
  deepStrictEqual(mail.fetched, ['http://mail.test/emails/receiving/in-1']);
  deepStrictEqual(mail.answers[0], {
    email_id: 'in-1',
    token: TOKEN,
    from_address: 'rita@example.com',
    subject: 'Re: Your enquiry',
    body: 'Tuesday at ten suits us.\n\nRita',
    truncated: false,
    attachments: [{ filename: 'brief.pdf', size: 5120, content_type: 'application/pdf' }],
    message_id: '<CAF+1@mail.example.com>',
    received_at: '2026-12-06T10:00:00.000Z',
  });
  // the same webhook again: the database keeps the first.
  const again = await handle(signed(received(), { id: 'msg_in_1' }), env, mail.fetcher);
  deepStrictEqual(await again.json(), { result: 'duplicate' });
});

Deno.test('an answer to no reply address is passed on without a token, to be held', () => {
  const answer = readReceivedAnswer(
    received(['info@reply.kestrel.test']),
    { ...message, to: ['info@reply.kestrel.test'] },
    'reply.kestrel.test',
  );
  equal(typeof answer, 'object');
  if (typeof answer === 'object') equal(answer.token, null);
  // a reply address on another domain is no token of ours.
  const elsewhere = readReceivedAnswer(
    received([`reply+${TOKEN}@evil.test`]),
    { ...message, to: [`reply+${TOKEN}@evil.test`] },
    'reply.kestrel.test',
  );
  if (typeof elsewhere === 'object') equal(elsewhere.token, null);
});

Deno.test('an HTML-only answer is read as text, its quoted history left out', () => {
  const answer = readReceivedAnswer(
    received(),
    {
      ...message,
      text: null,
      html: '<div>Yes &amp; thanks<br>Rita</div><blockquote>On Fri… wrote: old text</blockquote>',
    },
    'reply.kestrel.test',
  );
  if (typeof answer === 'string') throw new Error(answer);
  equal(answer.body, 'Yes & thanks\nRita');
});

Deno.test('an unsigned or stale answer is refused before anything is fetched', async () => {
  const mail = inbound();
  const unsigned = new Request('http://functions.test/mail-events', {
    method: 'POST',
    body: JSON.stringify(received()),
  });
  equal((await handle(unsigned, env, mail.fetcher)).status, 401);
  const stale = signed(received(), { at: new Date(Date.now() - 10 * 60_000) });
  equal((await handle(stale, env, mail.fetcher)).status, 401);
  deepStrictEqual(mail.fetched, []);
  deepStrictEqual(mail.answers, []);
});

Deno.test('a receiving API that fails answers 500, so the webhook comes again', async () => {
  const mail = inbound({ message: 'down' }, 503);
  equal((await handle(signed(received()), env, mail.fetcher)).status, 500);
  deepStrictEqual(mail.answers, []);
});

Deno.test(
  'a received message past its bound is not read: kept from the event, with a note',
  async () => {
    const huge = { ...message, html: 'x'.repeat(MAX_RECEIVED_BYTES + 1), text: null };
    const mail = inbound(huge);
    const response = await handle(signed(received()), env, mail.fetcher);
    equal(response.status, 200);
    deepStrictEqual(mail.answers[0], {
      email_id: 'in-1',
      token: TOKEN,
      from_address: 'rita@example.com',
      subject: 'Re: Your enquiry',
      body: TOO_LARGE_ANSWER,
      truncated: true,
      attachments: [{ filename: 'brief.pdf', size: null, content_type: 'application/pdf' }],
      message_id: '<CAF+1@mail.example.com>',
      received_at: '2026-12-06T10:00:00.000Z',
    });
  },
);

Deno.test('a received event without its message id is refused with 400', async () => {
  const mail = inbound();
  const broken = { ...received(), data: { ...received().data, email_id: '' } };
  equal((await handle(signed(broken), env, mail.fetcher)).status, 400);
});
