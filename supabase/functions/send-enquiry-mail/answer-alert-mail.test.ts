import { equal, ok } from 'node:assert/strict';

import { renderAnswerAlert, type AnswerAlertPayload } from './answer-alert-mail.ts';

const settings = {
  from: 'Kestrel Data <no-reply@kestrel.test>',
  staffTo: 'team@kestrel.test',
  siteUrl: 'https://www.kestrel.test',
};
const answer = {
  id: 'a1',
  from: 'rita@example.com',
  subject: 'Re: Your enquiry',
  received_at: '2026-12-06T10:00:00Z',
  attachments: 2,
};
const enquiry = { id: 'e1', name: 'Rita Smith', company: 'Acme' };

function render(payload: AnswerAlertPayload, recipient: string | null = null) {
  const result = renderAnswerAlert({ recipient, payload }, settings);
  if (!result.ok) throw new Error(result.error);
  return result.mail;
}

Deno.test(
  'an answer on the record: a short alert to the assignee, with the link, not the text',
  () => {
    const mail = render({ enquiry, answer }, 'sam@kestrel.test');
    equal(mail.to, 'sam@kestrel.test');
    equal(mail.subject, 'Rita Smith (Acme) answered by e-mail');
    ok(mail.text.includes('https://www.kestrel.test/admin/needs-reply?enquiry=e1'));
    ok(mail.text.includes('Attachments: 2'));
  },
);

Deno.test('a held answer says why and where to review it; the team gets it when unassigned', () => {
  const other = render({ enquiry, answer, held_reason: 'other_sender' });
  equal(other.to, 'team@kestrel.test');
  equal(other.subject, 'Held for review: an answer about Rita Smith (Acme) from another address');
  ok(other.text.includes('attach it or discard it'));
  const unknown = render({ enquiry, answer, held_reason: 'unknown_token' });
  equal(unknown.subject, 'Held for review: an answer from rita@example.com');
});

Deno.test('an answer that names no enquiry carries its own text, escaped in HTML', () => {
  const mail = render({
    answer: { ...answer, text: 'Who are you? <b>hi</b>' },
    held_reason: 'unknown_token',
  });
  equal(mail.subject, 'An answer from rita@example.com names no enquiry');
  ok(mail.text.includes('Who are you? <b>hi</b>'));
  ok(mail.html?.includes('Who are you? &lt;b&gt;hi&lt;/b&gt;'));
  ok(!mail.text.includes('/admin/'));
});

Deno.test('an unusable assignee address or a missing answer is refused, not mailed', () => {
  equal(
    renderAnswerAlert({ recipient: 'x\r\nBcc: y@z', payload: { enquiry, answer } }, settings).ok,
    false,
  );
  equal(renderAnswerAlert({ recipient: null, payload: { enquiry } }, settings).ok, false);
});

Deno.test('an alert that waited for its turn says first what else came in meanwhile', () => {
  const mail = render({ enquiry, answer, more: 3, unkept: 1 }, 'sam@kestrel.test');
  const [first, , second] = mail.text.split('\n');
  ok(first?.startsWith('3 more answers came in since'));
  ok(first?.includes('https://www.kestrel.test/admin/needs-reply)'));
  equal(
    second,
    "1 more answer named no enquiry and was not kept; the mail provider's received mail still lists it.",
  );
  ok(mail.html?.includes('<strong>3 more answers came in since'));
  const plain = render({ enquiry, answer }, 'sam@kestrel.test');
  ok(plain.text.startsWith('Their answer is on the enquiry'));
});
