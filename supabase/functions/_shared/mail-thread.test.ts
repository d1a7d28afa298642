import { deepStrictEqual, equal, throws } from 'node:assert/strict';

import {
  inboundDomain,
  messageIdOrNull,
  replyAddress,
  threadHeaders,
  tokenFromRecipients,
} from './mail-thread.ts';

const TOKEN = 'abcdef0123456789abcdef0123456789';

Deno.test('the inbound domain is a plain domain name, lower-cased', () => {
  equal(inboundDomain(' Reply.Kestrel-Data.co.uk '), 'reply.kestrel-data.co.uk');
  for (const bad of [
    '',
    'localhost',
    'https://reply.x.test',
    'a@reply.x.test',
    'reply.x.test/p',
    'x..test',
  ]) {
    equal(inboundDomain(bad), null, bad);
  }
});

Deno.test('a reply address carries the token and only a token', () => {
  equal(replyAddress(TOKEN, 'reply.x.test'), `reply+${TOKEN}@reply.x.test`);
  throws(() => replyAddress('not-a-token', 'reply.x.test'));
});

Deno.test('the token is read from the recipients on our domain, whatever the case', () => {
  equal(
    tokenFromRecipients(
      ['a@b.test', `Us <REPLY+${TOKEN.toUpperCase()}@Reply.X.Test>`],
      'reply.x.test',
    ),
    TOKEN,
  );
  equal(tokenFromRecipients([`reply+${TOKEN}@other.test`], 'reply.x.test'), null);
  equal(tokenFromRecipients([`reply+${TOKEN}x@reply.x.test`], 'reply.x.test'), null);
  equal(tokenFromRecipients([], 'reply.x.test'), null);
});

Deno.test('a Message-ID is kept only in its proper form', () => {
  equal(messageIdOrNull(' <a.b@c.d> '), '<a.b@c.d>');
  for (const bad of ['a@b', '<a b@c>', '<a@b>\r\nBcc: x@y', null, 42]) {
    equal(messageIdOrNull(bad), null, String(bad));
  }
});

Deno.test('the acknowledgement opens the thread; later mail answers the latest answer', () => {
  const thread = { enquiry_id: 'e1', token: TOKEN, answer_message_id: null };
  deepStrictEqual(threadHeaders(thread, 'job-1', true, 'r.x.test'), {
    reply_to: `reply+${TOKEN}@r.x.test`,
    headers: { 'Message-ID': '<enquiry-e1@r.x.test>' },
  });
  deepStrictEqual(threadHeaders(thread, 'job-2', false, 'r.x.test').headers, {
    'Message-ID': '<job-2@r.x.test>',
    'In-Reply-To': '<enquiry-e1@r.x.test>',
    References: '<enquiry-e1@r.x.test>',
  });
  // a malformed stored Message-ID is no header of ours.
  const odd = { ...thread, answer_message_id: 'bad\r\nBcc: x@y' };
  equal(
    threadHeaders(odd, 'job-3', false, 'r.x.test').headers['In-Reply-To'],
    '<enquiry-e1@r.x.test>',
  );
});
