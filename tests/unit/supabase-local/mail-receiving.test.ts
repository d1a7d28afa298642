// @vitest-environment node
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';

import { LOCAL_MAIL_WEBHOOK_SECRET } from '../../../supabase/local/local-keys.ts';
import { postSignedEvent } from '../../../supabase/local/mail-delivery-events.ts';
import {
  answerTo,
  firstAddress,
  headerValue,
  parseReplyBody,
  receivedEmailBody,
  receivedEvent,
  replyHeaders,
  replySubject,
} from '../../../supabase/local/mail-receiving.ts';
import type { AnsweredMail } from '../../../supabase/local/mail-receiving.ts';
import { MAX_MAIL_HEADERS, parseMailHeaders } from '../../../supabase/local/mail.ts';

const json = (value: unknown) => Buffer.from(JSON.stringify(value));
const FORM = 'application/x-www-form-urlencoded';

describe('replySubject', () => {
  it.each([
    ['Your enquiry', 'Re: Your enquiry'],
    ['Re: Your enquiry', 'Re: Your enquiry'],
    ['RE: Your enquiry', 'RE: Your enquiry'],
    ['re:Your enquiry', 're:Your enquiry'],
    ['Regarding your data', 'Re: Regarding your data'],
  ])('%s → %s', (subject, expected) => {
    expect(replySubject(subject)).toBe(expected);
  });
});

describe('firstAddress', () => {
  it.each([
    ['ada@kestrel.test', 'ada@kestrel.test'],
    ['ada@kestrel.test, team@kestrel.test', 'ada@kestrel.test'],
    ['"Lovelace, Ada" <ada@kestrel.test>, team@kestrel.test', '"Lovelace, Ada" <ada@kestrel.test>'],
    ['Ada <ada@kestrel.test>', 'Ada <ada@kestrel.test>'],
    ['  ', null],
  ])('%s → %s', (list, expected) => {
    expect(firstAddress(list)).toBe(expected);
  });
});

describe('replyHeaders', () => {
  it('names only its own Message-ID when the mail had none', () => {
    expect(replyHeaders({}, '<new@x>')).toEqual({ 'Message-ID': '<new@x>' });
  });

  it("threads under the mail's Message-ID, whatever the case of the header names", () => {
    expect(replyHeaders({ 'message-id': '<m1@x>' }, '<new@x>')).toEqual({
      'Message-ID': '<new@x>',
      'In-Reply-To': '<m1@x>',
      References: '<m1@x>',
    });
  });

  it('carries the References on, and else a single In-Reply-To', () => {
    expect(
      replyHeaders(
        { 'Message-ID': '<m3@x>', 'In-Reply-To': '<m2@x>', References: '<m1@x> <m2@x>' },
        '<new@x>',
      ),
    ).toMatchObject({ 'In-Reply-To': '<m3@x>', References: '<m1@x> <m2@x> <m3@x>' });
    expect(
      replyHeaders({ 'Message-ID': '<m2@x>', 'In-Reply-To': '<m1@x>' }, '<n@x>'),
    ).toMatchObject({ References: '<m1@x> <m2@x>' });
  });

  it('reads a header whatever its case, and a blank one as absent', () => {
    expect(headerValue({ 'MESSAGE-ID': ' <a@x> ' }, 'Message-ID')).toBe('<a@x>');
    expect(headerValue({ 'Message-ID': '  ' }, 'Message-ID')).toBeNull();
  });
});

describe('parseReplyBody', () => {
  it('reads JSON: text, an optional from and attachments', () => {
    expect(
      parseReplyBody(
        json({ text: 'Hi', from: ' b@x.test ', attachments: [{ filename: 'a.pdf', size: 3 }] }),
        'application/json',
      ),
    ).toEqual({
      text: 'Hi',
      from: 'b@x.test',
      attachments: [{ filename: 'a.pdf', size: 3 }],
      inboxTo: null,
    });
    expect(parseReplyBody(json({ text: 'Hi', from: null }), undefined)).toMatchObject({
      from: null,
      attachments: [],
    });
  });

  it("reads the inbox's form; an empty from is none, and line ends are \\n", () => {
    const body = Buffer.from(
      new URLSearchParams({ text: 'a\r\nb', from: '', to: 'x@y.test' }).toString(),
    );
    expect(parseReplyBody(body, `${FORM}; charset=UTF-8`)).toEqual({
      text: 'a\nb',
      from: null,
      attachments: [],
      inboxTo: 'x@y.test',
    });
  });

  it.each([
    ['not JSON', Buffer.from('{'), undefined],
    ['not an object', json(['text']), undefined],
    ['no text', json({}), undefined],
    ['a blank text', json({ text: ' \n' }), undefined],
    ['a text too long', json({ text: 'a'.repeat(50_001) }), undefined],
    ['a form without text', Buffer.from('from=a%40b.test'), FORM],
    ['a from that is not an address', json({ text: 'Hi', from: 'nobody' }), undefined],
    ['a from with a line break', json({ text: 'Hi', from: 'a@b\nBcc: c@d' }), undefined],
    ['a from that is not a string', json({ text: 'Hi', from: 3 }), undefined],
    ['attachments not a list', json({ text: 'Hi', attachments: {} }), undefined],
    ['an attachment with no name', json({ text: 'Hi', attachments: [{ size: 1 }] }), undefined],
    [
      'an attachment of negative size',
      json({ text: 'Hi', attachments: [{ filename: 'a', size: -1 }] }),
      undefined,
    ],
  ])('refuses %s', (_, body, contentType) => {
    expect(typeof parseReplyBody(body, contentType)).toBe('string');
  });

  it('takes a text of exactly 50,000 characters', () => {
    expect(parseReplyBody(json({ text: 'a'.repeat(50_000) }), undefined)).toMatchObject({
      text: 'a'.repeat(50_000),
    });
  });
});

describe('parseMailHeaders', () => {
  it('takes none, or an object of names and string values', () => {
    expect(parseMailHeaders(undefined)).toEqual({});
    expect(parseMailHeaders({ 'Message-ID': '<a@b>', 'X-1': 'v' })).toEqual({
      'Message-ID': '<a@b>',
      'X-1': 'v',
    });
  });

  it.each([
    ['a string', 'Message-ID: <a@b>'],
    ['a list', ['Message-ID']],
    ['a number value', { 'X-A': 1 }],
    ['a line break in a value', { 'X-A': 'a\nb' }],
    ['a tab in a value', { 'X-A': 'a\tb' }],
    ['an underscore in a name', { X_A: 'a' }],
    ['a name twice', { 'X-A': 'a', 'x-a': 'b' }],
    ['a 65-character name', { ['A'.repeat(65)]: 'a' }],
    [
      'too many headers',
      Object.fromEntries(
        Array.from({ length: MAX_MAIL_HEADERS + 1 }, (_, index) => [`X-${index}`, 'a']),
      ),
    ],
  ])('refuses %s', (_, value) => {
    expect(typeof parseMailHeaders(value)).toBe('string');
  });
});

const mail: AnsweredMail = {
  id: 7,
  from: 'Kestrel Data <no-reply@kestrel.test>',
  to: 'sam@example.com',
  subject: 'Your enquiry',
  reply_to: 'ada@kestrel.test, team@kestrel.test',
  headers: { 'Message-ID': '<m1@kestrel.test>' },
};

describe('an answer and its email.received event', () => {
  const now = new Date('2026-12-01T09:00:00.123Z');
  const received = answerTo(
    mail,
    { text: 'Hi', from: null, attachments: [{ filename: 'a.pdf', size: 5 }], inboxTo: null },
    now,
  );

  it('is from the recipient to the first Reply-To, threaded under the mail', () => {
    expect(received).toMatchObject({
      from: 'sam@example.com',
      to: ['ada@kestrel.test'],
      subject: 'Re: Your enquiry',
      text: 'Hi',
      html: null,
      created_at: '2026-12-01T09:00:00.123Z',
      in_reply_to_mail: 7,
      headers: { 'In-Reply-To': '<m1@kestrel.test>', References: '<m1@kestrel.test>' },
    });
    expect(received.headers['Message-ID']).toBe(received.message_id);
    expect(received.message_id).toMatch(/^<[0-9a-f-]{36}@local\.kestrel-data\.test>$/);
    expect(receivedEmailBody(received)).toMatchObject({
      object: 'email',
      bcc: [],
      cc: [],
      reply_to: [],
      attachments: [
        { filename: 'a.pdf', content_disposition: 'attachment', content_id: null, size: 5 },
      ],
    });
  });

  it("goes to the mail's From when it had no Reply-To", () => {
    const answer = answerTo(
      { ...mail, reply_to: null },
      { text: 'Hi', from: 'b@x.test', attachments: [], inboxTo: null },
      now,
    );
    expect(answer).toMatchObject({
      from: 'b@x.test',
      to: ['Kestrel Data <no-reply@kestrel.test>'],
    });
  });

  it("is posted in Resend's shape, signed so the webhook's secret verifies it", async () => {
    const posted: { headers: Record<string, string>; body: string }[] = [];
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        posted.push({
          headers: request.headers as Record<string, string>,
          body: Buffer.concat(chunks).toString('utf8'),
        });
        response.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    try {
      const { port } = server.address() as AddressInfo;
      const webhook = new Webhook(LOCAL_MAIL_WEBHOOK_SECRET);
      const sent = new Date();
      const response = await postSignedEvent(
        `http://127.0.0.1:${port}/`,
        webhook,
        receivedEvent(received, sent),
        sent,
      );
      expect(response.status).toBe(200);
      const [{ headers, body } = { headers: {}, body: '' }] = posted;
      expect(headers['svix-id']).toMatch(/^msg_/);
      const verified = webhook.verify(body, {
        'webhook-id': headers['svix-id'] ?? '',
        'webhook-timestamp': headers['svix-timestamp'] ?? '',
        'webhook-signature': headers['svix-signature'] ?? '',
      });
      expect(verified).toEqual({
        type: 'email.received',
        created_at: sent.toISOString(),
        data: {
          email_id: received.id,
          created_at: '2026-12-01T09:00:00.123Z',
          from: 'sam@example.com',
          to: ['ada@kestrel.test'],
          bcc: [],
          cc: [],
          message_id: received.message_id,
          subject: 'Re: Your enquiry',
          attachments: [
            {
              id: received.attachments[0]?.id,
              filename: 'a.pdf',
              content_type: 'application/octet-stream',
              content_disposition: 'attachment',
              content_id: null,
            },
          ],
        },
      });
    } finally {
      await new Promise((done) => server.close(done));
    }
  });
});
