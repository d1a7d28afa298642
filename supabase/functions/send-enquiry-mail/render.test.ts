import { deepStrictEqual, equal, ok } from 'node:assert/strict';
import {
  ACKNOWLEDGEMENT_TEXT,
  enquiryLink,
  escapeHtml,
  headerAddress,
  headerText,
  renderJob,
} from './render.ts';
import type { EnquirySnapshot, MailJob } from './render.ts';

const settings = {
  from: 'Kestrel Data <no-reply@kestrel.test>',
  staffTo: 'team@kestrel.test',
  siteUrl: 'https://www.kestrel.test/',
};

const hostile: EnquirySnapshot = {
  id: '6f1c2a9e-8d3b-4c1a-9a7e-2b5d4c3e1f00',
  created_at: '2026-11-25T02:00:00Z',
  name: 'Eve <script>alert(1)</script>',
  email: 'eve@example.com',
  company: 'Acme\r\nBcc: victim@example.com',
  job: null,
  phone: '+44 20 7946 0000',
  interest: 'ai-ml',
  timeline: '1-3-months',
  message: 'Click <a href="https://evil.test">here</a> & "win"',
};

const firstHref = (html: string) => /href="([^"]*)"/.exec(html)?.[1];

Deno.test('escapeHtml escapes the five HTML-special characters', () => {
  equal(escapeHtml(`<a href="x">'&'</a>`), '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
});

Deno.test('headerText removes line breaks and control characters and cuts long values', () => {
  equal(headerText('a\r\nBcc: b\u0000c'), 'a Bcc: b c');
  equal(headerText('x'.repeat(300)).length, 150);
});

Deno.test('headerAddress refuses CR/LF and values without @', () => {
  equal(headerAddress('a@b.test\r\nBcc: c@d.test'), null);
  equal(headerAddress('nobody'), null);
  equal(headerAddress(' team@kestrel.test '), 'team@kestrel.test');
});

Deno.test('the staff alert links to the enquiry first and escapes every visitor value', () => {
  const job: MailJob = {
    id: 'job-1',
    kind: 'staff_alert',
    recipient: null,
    payload: { enquiries: [hostile] },
  };
  const result = renderJob(job, settings);
  ok(result.ok);
  const { mail } = result;
  const link = `https://www.kestrel.test/admin?enquiry=${hostile.id}`;
  equal(firstHref(mail.html), link);
  ok(mail.text.startsWith(`Open this enquiry: ${link}`));
  equal(mail.to, 'team@kestrel.test');
  ok(!/[\r\n]/.test(mail.subject));
  ok(!mail.html.includes('<script>'));
  ok(!mail.html.includes('href="https://evil.test"'));
  ok(mail.html.includes('&lt;script&gt;'));
  ok(mail.text.includes('Interest: AI & Machine Learning'));
  ok(mail.text.includes('Timeline: 1-3 months'));
  ok(mail.html.includes('AI &amp; Machine Learning'));
});

Deno.test('a digest lists every enquiry with its own link, in order', () => {
  const second = { ...hostile, id: '11111111-2222-4333-8444-555555555555', name: 'Bob Smith' };
  const result = renderJob(
    {
      id: 'job-2',
      kind: 'staff_digest',
      recipient: null,
      payload: { enquiries: [hostile, second] },
    },
    settings,
  );
  ok(result.ok);
  const hrefs = [...result.mail.html.matchAll(/href="([^"]*)"/g)].map((match) => match[1]);
  deepStrictEqual(hrefs, [
    enquiryLink(settings.siteUrl, hostile.id),
    enquiryLink(settings.siteUrl, second.id),
  ]);
  equal(result.mail.subject, '2 new enquiries (digest)');
});

Deno.test('the acknowledgement is the fixed text and never echoes the enquiry', () => {
  const result = renderJob(
    // even a payload that somehow carried the enquiry is not used
    {
      id: 'job-3',
      kind: 'acknowledgement',
      recipient: 'eve@example.com',
      payload: { enquiries: [hostile] },
    },
    settings,
  );
  ok(result.ok);
  equal(result.mail.to, 'eve@example.com');
  equal(result.mail.text, ACKNOWLEDGEMENT_TEXT);
  ok(result.mail.text.includes("We'll get back to you within 24 hours."));
  for (const part of ['Eve', 'Acme', 'evil.test', 'Click']) {
    ok(
      !result.mail.html.includes(part) &&
        !result.mail.text.includes(part) &&
        !result.mail.subject.includes(part),
    );
  }
});

Deno.test('an acknowledgement to an address with a line break is refused', () => {
  const result = renderJob(
    { id: 'job-4', kind: 'acknowledgement', recipient: 'a@b.test\nBcc: c@d.test', payload: {} },
    settings,
  );
  equal(result.ok, false);
});
