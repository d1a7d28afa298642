import { deepStrictEqual, equal, ok } from 'node:assert/strict';
import {
  ACKNOWLEDGEMENT_TEXT,
  BOOK_CONSULTATION_TEXT,
  enquiryLink,
  escapeHtml,
  headerAddress,
  headerText,
  localTime,
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
  const link = `https://www.kestrel.test/admin/needs-reply?enquiry=${hostile.id}`;
  equal(firstHref(mail.html ?? ''), link);
  ok(mail.text.startsWith(`Open this enquiry: ${link}`));
  equal(mail.to, 'team@kestrel.test');
  ok(!/[\r\n]/.test(mail.subject));
  ok(!(mail.html ?? '').includes('<script>'));
  ok(!(mail.html ?? '').includes('href="https://evil.test"'));
  ok((mail.html ?? '').includes('&lt;script&gt;'));
  ok(mail.text.includes('Interest: AI & Machine Learning'));
  ok(mail.text.includes('Timeline: 1-3 months'));
  ok((mail.html ?? '').includes('AI &amp; Machine Learning'));
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
  const hrefs = [...(result.mail.html ?? '').matchAll(/href="([^"]*)"/g)].map((match) => match[1]);
  deepStrictEqual(hrefs, [
    enquiryLink(settings.siteUrl, hostile.id),
    enquiryLink(settings.siteUrl, second.id),
  ]);
  equal(result.mail.subject, '2 new enquiries (digest)');
});

Deno.test('a digest marks held enquiries and says what holding them meant', () => {
  const held = {
    ...hostile,
    id: '22222222-2222-4333-8444-555555555555',
    name: 'Held Person',
    held: true,
  };
  const result = renderJob(
    {
      id: 'job-held',
      kind: 'staff_digest',
      recipient: null,
      payload: { enquiries: [hostile, held] },
    },
    settings,
  );
  ok(result.ok);
  equal(result.mail.subject, '2 new enquiries (digest, 1 held)');
  ok(result.mail.text.includes('1 of them arrived past the hourly limit and are held'));
  ok(result.mail.text.includes('- HELD: Held Person ('));
  ok(!result.mail.text.includes('- HELD: ' + hostile.name));
  ok((result.mail.html ?? '').includes('HELD: Held Person'));
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
      !(result.mail.html ?? '').includes(part) &&
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

const replyJob = (payload: MailJob['payload'], recipient: string | null = 'ada@example.com') =>
  ({ id: 'job-reply', kind: 'reply', recipient, payload }) satisfies MailJob;

Deno.test(
  'a reply comes from the site sender with the staff name, Reply-To the staff member, plain text',
  () => {
    const result = renderJob(
      replyJob({
        staff_name: 'Jane Doe',
        staff_email: 'jane@kestrel.test',
        body: 'Hello Ada,\r\nFriday?',
      }),
      settings,
    );
    ok(result.ok);
    deepStrictEqual(result.mail, {
      from: '"Jane Doe via Kestrel Data" <no-reply@kestrel.test>',
      to: 'ada@example.com',
      reply_to: 'jane@kestrel.test',
      subject: 'Re: Your enquiry to Kestrel Data',
      text: 'Hello Ada,\nFriday?\n\n-- \nJane Doe, Kestrel Data',
    });
  },
);

Deno.test('a reply cannot inject headers through the name, the Reply-To or the recipient', () => {
  const result = renderJob(
    replyJob({
      staff_name: 'Jane "x" <evil@evil.test>\r\nBcc: victim@example.com',
      staff_email: 'jane@kestrel.test',
      body: 'Hi',
    }),
    settings,
  );
  ok(result.ok);
  equal(
    result.mail.from,
    '"Jane x evil@evil.test Bcc: victim@example.com via Kestrel Data" <no-reply@kestrel.test>',
  );
  ok(!/[\r\n]/.test(result.mail.from));
  for (const [payload, recipient] of [
    [
      { staff_name: 'Jane', staff_email: 'jane@kestrel.test\r\nBcc: v@x.test', body: 'Hi' },
      'ada@example.com',
    ],
    [
      { staff_name: 'Jane', staff_email: 'jane@kestrel.test', body: 'Hi' },
      'ada@example.com\nBcc: v@x.test',
    ],
    [{ staff_name: 'Jane', staff_email: 'jane@kestrel.test', body: '  ' }, 'ada@example.com'],
  ] as const) {
    equal(renderJob(replyJob(payload, recipient), settings).ok, false);
  }
});

Deno.test('a reply from a bare MAIL_FROM address is signed with the brand', () => {
  const result = renderJob(
    replyJob({ staff_name: '', staff_email: 'jane@kestrel.test', body: 'Hi' }),
    {
      ...settings,
      from: 'no-reply@kestrel.test',
    },
  );
  ok(result.ok);
  equal(result.mail.from, '"Kestrel Data" <no-reply@kestrel.test>');
});

const due = {
  enquiry: {
    id: hostile.id,
    name: 'Eve <b>',
    company: 'Acme\r\nBcc: x@y.test',
    created_at: '2026-11-20T09:00:00Z',
  },
  due_at: '2026-11-21T09:00:00Z',
};

Deno.test(
  'a reminder goes to the assignee, or the staff address when the job has none, and links to the enquiry',
  () => {
    const link = `https://www.kestrel.test/admin/needs-reply?enquiry=${hostile.id}`;
    const toAssignee = renderJob(
      {
        id: 'r1',
        kind: 'reply_reminder',
        recipient: 'sam@kestrel.test',
        payload: { ...due, assignee: { name: 'Sam', email: 'sam@kestrel.test' } },
      },
      settings,
    );
    ok(toAssignee.ok);
    equal(toAssignee.mail.to, 'sam@kestrel.test');
    equal(toAssignee.mail.subject, 'Reply due by Sat 21 Nov, 09:00: Eve <b> (Acme Bcc: x@y.test)');
    ok(toAssignee.mail.text.endsWith(`Open this enquiry: ${link}`));
    ok(!(toAssignee.mail.html ?? '').includes('<b>'));
    const toStaff = renderJob(
      { id: 'r2', kind: 'reply_reminder', recipient: null, payload: { ...due, assignee: null } },
      settings,
    );
    ok(toStaff.ok);
    equal(toStaff.mail.to, 'team@kestrel.test');
    ok(toStaff.mail.text.includes('Assigned to: nobody'));
  },
);

Deno.test('an escalation goes to the staff address and names the assignee and the promise', () => {
  const result = renderJob(
    {
      id: 'e1',
      kind: 'reply_escalation',
      recipient: null,
      payload: { ...due, assignee: { name: 'Sam', email: 'sam@kestrel.test' } },
    },
    settings,
  );
  ok(result.ok);
  equal(result.mail.to, 'team@kestrel.test');
  equal(result.mail.subject, 'Overdue: no reply to Eve <b> (Acme Bcc: x@y.test) within 24 hours');
  ok(result.mail.text.includes('Assigned to: Sam <sam@kestrel.test>'));
  equal(
    renderJob({ id: 'e2', kind: 'reply_escalation', recipient: null, payload: {} }, settings).ok,
    false,
  );
});

Deno.test(
  'a reminder and an escalation of an answer by mail say it is their answer that waits',
  () => {
    const answer = {
      ...due,
      answered_at: '2026-11-23T15:30:00Z',
      due_at: '2026-11-24T15:30:00Z',
      assignee: null,
    };
    const reminder = renderJob(
      { id: 'a1', kind: 'reply_reminder', recipient: null, payload: answer },
      settings,
    );
    ok(reminder.ok);
    equal(
      reminder.mail.subject,
      "Reply due by Tue 24 Nov, 15:30: Eve <b> (Acme Bcc: x@y.test)'s answer by mail",
    );
    ok(reminder.mail.text.includes('answered by mail and has had no reply to it yet'));
    ok(reminder.mail.text.includes('Their answer: Mon 23 Nov, 15:30'));
    ok(!reminder.mail.text.includes('Received:'));
    const escalation = renderJob(
      { id: 'a2', kind: 'reply_escalation', recipient: null, payload: answer },
      settings,
    );
    ok(escalation.ok);
    // the promise is counted from the answer, not from the enquiry's arrival days before.
    equal(
      escalation.mail.subject,
      "Overdue: no reply to Eve <b> (Acme Bcc: x@y.test)'s answer by mail within 24 hours",
    );
    // a first-reply wait says when the enquiry was received, as before.
    const first = renderJob(
      { id: 'a3', kind: 'reply_reminder', recipient: null, payload: { ...due, answered_at: null } },
      settings,
    );
    ok(first.ok);
    ok(first.mail.text.includes('Received: Fri 20 Nov, 09:00'));
    // an answer time that is no time is refused, not mailed as "within NaN hours".
    for (const answered_at of ['garbage', '', 42]) {
      const broken = { ...answer, answered_at } as unknown as typeof answer;
      equal(
        renderJob(
          { id: 'a4', kind: 'reply_escalation', recipient: null, payload: broken },
          settings,
        ).ok,
        false,
      );
    }
  },
);

Deno.test(
  'the weekly summary lists the counts by label, largest first, the rest last, and London times in BST too',
  () => {
    const result = renderJob(
      {
        id: 'w1',
        kind: 'weekly_summary',
        recipient: null,
        payload: {
          week_start: '2026-06-01',
          received: 5,
          by_interest: { analytics: 1, 'ai-ml': 4 },
          by_source: { '(other)': 9, '(direct)': 5, linkedin: 12 },
          median_first_response_seconds: 1800,
          answered_within_promise: 4,
          overdue_now: 1,
          won: 2,
          lost: 0,
          promise_hours: 24,
        },
      },
      settings,
    );
    ok(result.ok);
    equal(result.mail.to, 'team@kestrel.test');
    equal(result.mail.subject, 'Enquiries: week of 2026-06-01');
    ok(
      result.mail.text.includes(
        'By interest:\n  AI & Machine Learning: 4\n  Analytics & Insights: 1',
      ),
    );
    ok(result.mail.text.includes('By source:\n  linkedin: 12\n  (direct): 5\n  Other: 9\n'));
    ok(result.mail.text.includes('Median first response: 30 min'));
    ok(result.mail.text.includes('Answered within 24 hours: 4'));
    ok(
      result.mail.text.includes(
        'Status set during the week, whenever the enquiry arrived, and still so now:\n  Won: 2\n  Lost: 0',
      ),
    );
    ok((result.mail.html ?? '').includes('AI &amp; Machine Learning'));
    equal(localTime('2026-06-01T07:00:00Z'), 'Mon 1 Jun, 08:00');
  },
);

const followUp = {
  enquiry: {
    id: hostile.id,
    name: 'Eve <b>',
    company: 'Acme\r\nBcc: x@y.test',
    created_at: '2026-11-20T09:00:00Z',
  },
  follow_up: {
    id: 'f1',
    due_on: '2026-12-02',
    note: 'Ask about the <i>pilot</i>\r\nand the budget.',
  },
};

Deno.test(
  'a follow-up reminder says whom to follow up and when, day first, with the note and the link',
  () => {
    const link = `https://www.kestrel.test/admin/needs-reply?enquiry=${hostile.id}`;
    const result = renderJob(
      {
        id: 'f1',
        kind: 'follow_up_reminder',
        recipient: 'sam@kestrel.test',
        payload: { ...followUp, assignee: { name: 'Sam', email: 'sam@kestrel.test' } },
      },
      settings,
    );
    ok(result.ok);
    equal(result.mail.to, 'sam@kestrel.test');
    equal(result.mail.subject, 'Follow up today: Eve <b> (Acme Bcc: x@y.test)');
    equal(
      result.mail.text,
      [
        'It is time to follow up with Eve <b> (Acme\r\nBcc: x@y.test).',
        '',
        'Follow up on: Wed 2 Dec 2026',
        'Assigned to: Sam <sam@kestrel.test>',
        'Received: Fri 20 Nov, 09:00',
        '',
        'Note:',
        'Ask about the <i>pilot</i>\nand the budget.',
        '',
        `Open this enquiry: ${link}`,
      ].join('\n'),
    );
    const html = result.mail.html ?? '';
    ok(!html.includes('<b>') && !html.includes('<i>'));
    ok(html.includes('Ask about the &lt;i&gt;pilot&lt;/i&gt;<br>and the budget.'));
    ok(html.includes(`<a href="${link}">`));
  },
);

Deno.test(
  'a follow-up reminder without a recipient or a note goes to the staff address without a note',
  () => {
    const result = renderJob(
      {
        id: 'f2',
        kind: 'follow_up_reminder',
        recipient: null,
        payload: { ...followUp, follow_up: { ...followUp.follow_up, note: null }, assignee: null },
      },
      settings,
    );
    ok(result.ok);
    equal(result.mail.to, 'team@kestrel.test');
    ok(result.mail.text.includes('Assigned to: nobody'));
    ok(!result.mail.text.includes('Note:'));
    const broken = renderJob(
      { id: 'f3', kind: 'follow_up_reminder', recipient: null, payload: { assignee: null } },
      settings,
    );
    deepStrictEqual(broken, { ok: false, error: 'The follow-up reminder names no enquiry.' });
  },
);

Deno.test('the acknowledgement offers a consultation when its job carries a book token', () => {
  const result = renderJob(
    {
      id: 'job-5',
      kind: 'acknowledgement',
      recipient: 'eve@example.com',
      payload: { book_token: 'b.6f1c2a9e.1.1800000000.c2ln' },
    },
    settings,
  );
  ok(result.ok);
  const link = 'https://www.kestrel.test/consultation#b.6f1c2a9e.1.1800000000.c2ln';
  equal(BOOK_CONSULTATION_TEXT, 'Book your free 30-minute consultation');
  equal(
    result.mail.text,
    ACKNOWLEDGEMENT_TEXT.replace(
      '\n\nIf you did not',
      `\n\nBook your free 30-minute consultation: ${link}\n\nIf you did not`,
    ),
  );
  deepStrictEqual(firstHref(result.mail.html ?? ''), link);
  ok((result.mail.html ?? '').includes(`>Book your free 30-minute consultation</a>`));
  equal(result.mail.attachments, undefined);
});

const booking = {
  id: '3b0e8f7a-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
  uid: '3b0e8f7a-1c2d-4e5f-8a9b-0c1d2e3f4a5b@consultations.kestrel-data',
  sequence: 1,
  status: 'booked' as const,
  starts_at: '2026-12-01T09:00:00+00:00',
  ends_at: '2026-12-01T09:30:00+00:00',
  visitor_time_zone: 'Europe/Paris',
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-21T08:15:00Z',
};

const consultationJob = (
  kind: MailJob['kind'],
  payload: Partial<MailJob['payload']> = {},
  recipient: string | null = 'sam@example.com',
): MailJob => ({
  id: `job-${kind}`,
  kind,
  recipient,
  payload: {
    booking,
    organizer: { name: 'Ada Lovelace' },
    enquiry: {
      id: hostile.id,
      name: hostile.name,
      company: 'Evil <b>Corp</b>',
      created_at: hostile.created_at,
    },
    manage_token: 'm.3b0e8f7a.2.1800000000.c2ln',
    ...payload,
  },
});

const manageLink = 'https://www.kestrel.test/consultation#m.3b0e8f7a.2.1800000000.c2ln';

const invitationOf = (mail: { attachments?: { content: string }[] }) =>
  new TextDecoder().decode(
    Uint8Array.from(atob(mail.attachments?.[0]?.content ?? ''), (char) => char.charCodeAt(0)),
  );

Deno.test(
  'a booked consultation: the time in the visitor zone and in London, the link, the invitation',
  () => {
    const result = renderJob(consultationJob('consultation_booked'), settings);
    ok(result.ok);
    const { mail } = result;
    equal(mail.to, 'sam@example.com');
    equal(mail.from, settings.from);
    equal(mail.reply_to, 'team@kestrel.test');
    equal(mail.subject, 'Consultation booked: Tue 1 Dec 2026, 10:00 Paris time');
    equal(
      mail.text,
      [
        'Hello,',
        '',
        'Your free 30-minute consultation with Kestrel Data is booked.',
        '',
        'When: Tuesday 1 December 2026, 10:00 to 10:30 Paris time (Central European Standard Time)',
        'London time: Tuesday 1 December 2026, 09:00 to 09:30 (Greenwich Mean Time)',
        'Length: 30 minutes',
        'With: Ada Lovelace, Kestrel Data',
        '',
        'The invitation is attached (invite.ics): open it to add the meeting to your calendar.',
        '',
        `To reschedule or cancel: ${manageLink}`,
        '',
        'Kestrel Data',
      ].join('\n'),
    );
    equal(firstHref(mail.html ?? ''), manageLink);
    deepStrictEqual(
      mail.attachments?.map(({ filename, content_type }) => ({ filename, content_type })),
      [{ filename: 'invite.ics', content_type: 'text/calendar; method=REQUEST; charset=UTF-8' }],
    );
    const ics = invitationOf(mail);
    ok(ics.includes('\r\nMETHOD:REQUEST\r\n'));
    ok(ics.includes(`\r\nUID:${booking.uid}\r\n`));
    ok(ics.includes('\r\nSEQUENCE:1\r\n'));
    ok(ics.includes('\r\nDTSTART:20261201T090000Z\r\n'));
    ok(ics.includes('\r\nORGANIZER;CN="Ada Lovelace":mailto:no-reply@kestrel.test\r\n'));
  },
);

Deno.test('a consultation mail repeats nothing the visitor wrote', () => {
  for (const kind of [
    'consultation_booked',
    'consultation_moved',
    'consultation_cancelled',
    'consultation_reminder',
  ] as const) {
    const result = renderJob(consultationJob(kind), settings);
    ok(result.ok, kind);
    const everything = [
      result.mail.subject,
      result.mail.text,
      result.mail.html ?? '',
      invitationOf(result.mail),
    ].join('\n');
    for (const part of ['Eve', 'script', 'Evil', 'Corp']) ok(!everything.includes(part), part);
  }
});

Deno.test('a visitor on London time gets the time once, named', () => {
  const result = renderJob(
    consultationJob('consultation_reminder', {
      booking: { ...booking, visitor_time_zone: 'Europe/London' },
    }),
    settings,
  );
  ok(result.ok);
  equal(result.mail.subject, 'Reminder: consultation on Tue 1 Dec 2026, 09:00 London time');
  ok(
    result.mail.text.includes(
      'When: Tuesday 1 December 2026, 09:00 to 09:30 London time (Greenwich Mean Time)\nLength',
    ),
  );
  ok(!result.mail.text.includes('London time: '));
  ok(result.mail.text.includes('A reminder: your free 30-minute consultation'));
});

Deno.test('the London line names British Summer Time and the day it falls on', () => {
  const result = renderJob(
    consultationJob('consultation_moved', {
      booking: {
        ...booking,
        starts_at: '2026-07-01T23:30:00Z',
        ends_at: '2026-07-02T00:00:00Z',
        visitor_time_zone: 'America/New_York',
      },
    }),
    settings,
  );
  ok(result.ok);
  equal(result.mail.subject, 'Consultation moved to Wed 1 Jul 2026, 19:30 New York time');
  ok(
    result.mail.text.includes(
      'When: Wednesday 1 July 2026, 19:30 to 20:00 New York time (Eastern Daylight Time)\n' +
        'London time: Thursday 2 July 2026, 00:30 to 01:00 (British Summer Time)',
    ),
  );
  ok(result.mail.text.includes('has moved to a new time.'));
});

Deno.test('an unknown visitor zone falls back to London rather than failing the mail', () => {
  const result = renderJob(
    consultationJob('consultation_booked', {
      booking: { ...booking, visitor_time_zone: 'Mars/Olympus_Mons' },
    }),
    settings,
  );
  ok(result.ok);
  ok(result.mail.text.includes('When: Tuesday 1 December 2026, 09:00 to 09:30 London time'));
});

const cancelledJob = (payload: Partial<MailJob['payload']> = {}) =>
  consultationJob('consultation_cancelled', {
    booking: { ...booking, status: 'cancelled', sequence: 2 },
    manage_token: undefined,
    ...payload,
  });

Deno.test(
  'a cancelled consultation: a link to book again, the contact form, a CANCEL invitation',
  () => {
    const rebook = 'https://www.kestrel.test/consultation#b.6f1c2a9e.1.1800000000.c2ln';
    const result = renderJob(
      cancelledJob({ book_token: 'b.6f1c2a9e.1.1800000000.c2ln' }),
      settings,
    );
    ok(result.ok);
    const { mail } = result;
    equal(mail.subject, 'Consultation cancelled: Tue 1 Dec 2026, 10:00 Paris time');
    ok(
      mail.text.includes('Your free 30-minute consultation with Kestrel Data has been cancelled.'),
    );
    ok(mail.text.includes(`To book another time: ${rebook}\n`));
    ok(
      mail.text.includes(
        'To contact us instead, use the contact form at https://www.kestrel.test/#contact or write to us at team@kestrel.test.',
      ),
    );
    ok(!/reply/i.test(mail.text));
    ok(!mail.text.includes('/consultation#m.'));
    equal(firstHref(mail.html ?? ''), rebook);
    ok((mail.html ?? '').includes('>Book another time</a>'));
    ok(
      (mail.html ?? '').includes(
        '<a href="https://www.kestrel.test/#contact">the contact form</a>',
      ),
    );
    equal(mail.reply_to, 'team@kestrel.test');
    equal(mail.attachments?.[0]?.content_type, 'text/calendar; method=CANCEL; charset=UTF-8');
    const ics = invitationOf(mail);
    ok(ics.includes('\r\nMETHOD:CANCEL\r\n'));
    ok(ics.includes('\r\nSTATUS:CANCELLED\r\n'));
    ok(ics.includes('\r\nSEQUENCE:2\r\n'));
    ok(!ics.includes('\r\nURL:'));
    // the sender's no-reply address organises; the text asks for no reply
    ok(!/reply/i.test(ics.replaceAll('no-reply@kestrel.test', '')));
  },
);

Deno.test(
  'a cancellation the enquiry cannot rebook online, its host gone: the contact form and the team',
  () => {
    const result = renderJob(cancelledJob({ organizer: null }), settings);
    ok(result.ok);
    const { mail } = result;
    ok(
      mail.text.includes(
        'To arrange another time, use the contact form at https://www.kestrel.test/#contact or write to us at team@kestrel.test.\n',
      ),
    );
    ok(!/reply/i.test(mail.text));
    ok(!mail.text.includes('/consultation#'));
    equal(firstHref(mail.html ?? ''), 'https://www.kestrel.test/#contact');
    equal(mail.reply_to, 'team@kestrel.test');
  },
);

Deno.test('rendering a consultation mail twice gives the same bytes', () => {
  const first = renderJob(consultationJob('consultation_booked'), settings);
  const second = renderJob(consultationJob('consultation_booked'), settings);
  deepStrictEqual(first, second);
});

Deno.test('a consultation mail without its address, booking or link is refused', () => {
  deepStrictEqual(
    renderJob(
      consultationJob('consultation_booked', {}, 'sam@example.com\nBcc: x@y.test'),
      settings,
    ),
    { ok: false, error: 'The booking mail has no usable address.' },
  );
  deepStrictEqual(
    renderJob(
      consultationJob('consultation_reminder', { booking: { ...booking, starts_at: 'soon' } }),
      settings,
    ),
    { ok: false, error: 'The booking mail names no booking.' },
  );
  deepStrictEqual(
    renderJob(consultationJob('consultation_moved', { manage_token: undefined }), settings),
    { ok: false, error: 'The booking mail has no link to manage the booking.' },
  );
});

Deno.test("a staff member's own address in a job is never shown; the sender organises", () => {
  // jobs queued before the organizer was named only carried the host's login address too
  const legacy = { name: '', email: 'ada@kestrel.test' } as MailJob['payload']['organizer'];
  const result = renderJob(consultationJob('consultation_booked', { organizer: legacy }), settings);
  ok(result.ok);
  equal(result.mail.reply_to, 'team@kestrel.test');
  ok(!result.mail.text.includes('With:'));
  const ics = invitationOf(result.mail);
  ok(ics.includes('ORGANIZER;CN="Kestrel Data":mailto:no-reply@kestrel.test'));
  ok(!JSON.stringify(result.mail).includes('ada@kestrel.test'));
  ok(!ics.includes('ada@kestrel.test'));
});

const confirmToken = 'c.3b0e8f7a.1.1800000000.c2ln';
const confirmLink = 'https://www.kestrel.test/consultation#c.3b0e8f7a.1.1800000000.c2ln';
const heldBooking = { ...booking, hold_until: '2026-11-22T08:15:00Z' };

Deno.test('a held booking: the mail asks first to confirm it and says when it is released', () => {
  const result = renderJob(
    consultationJob('consultation_booked', {
      booking: heldBooking,
      confirm_token: confirmToken,
    }),
    settings,
  );
  ok(result.ok);
  const { mail } = result;
  equal(mail.subject, 'Consultation booked: Tue 1 Dec 2026, 10:00 Paris time');
  equal(
    mail.text,
    [
      'Hello,',
      '',
      'Your free 30-minute consultation with Kestrel Data is booked.',
      '',
      `Please confirm your booking: ${confirmLink}`,
      'A booking not confirmed by Sunday 22 November 2026, 09:15 Paris time is released.',
      '',
      'When: Tuesday 1 December 2026, 10:00 to 10:30 Paris time (Central European Standard Time)',
      'London time: Tuesday 1 December 2026, 09:00 to 09:30 (Greenwich Mean Time)',
      'Length: 30 minutes',
      'With: Ada Lovelace, Kestrel Data',
      '',
      'The invitation is attached (invite.ics): open it to add the meeting to your calendar.',
      '',
      `To reschedule or cancel: ${manageLink}`,
      '',
      'Kestrel Data',
    ].join('\n'),
  );
  const html = mail.html ?? '';
  // the confirmation is the mail's first link, before the one to reschedule
  equal(firstHref(html), confirmLink);
  ok(html.includes('>Confirm your booking</a>'));
  ok(html.indexOf('Confirm your booking') < html.indexOf('Reschedule or cancel'));
  ok(
    html.includes(
      '<p>A booking not confirmed by Sunday 22 November 2026, 09:15 Paris time is released.</p>',
    ),
  );
  // content lines are folded at 75 octets: unfolded, the description asks to confirm too
  const ics = invitationOf(mail).replaceAll('\r\n ', '');
  ok(ics.includes(`Please confirm your booking: ${confirmLink}`));
  ok(ics.includes(`\r\nURL:${manageLink}\r\n`));
  // the same job renders the same bytes, as the mail API's idempotency key needs
  deepStrictEqual(
    renderJob(
      consultationJob('consultation_booked', {
        booking: heldBooking,
        confirm_token: confirmToken,
      }),
      settings,
    ),
    result,
  );
});

Deno.test(
  'a moved held booking asks to confirm it too; without hold_until, no release line',
  () => {
    const result = renderJob(
      consultationJob('consultation_moved', { confirm_token: confirmToken }),
      settings,
    );
    ok(result.ok);
    ok(
      result.mail.text.includes(
        `has moved to a new time.\n\nPlease confirm your booking: ${confirmLink}\n\nWhen:`,
      ),
    );
    ok(!result.mail.text.includes('is released'));
    equal(firstHref(result.mail.html ?? ''), confirmLink);
  },
);

Deno.test('without a confirm token the mail is as before, whatever hold_until says', () => {
  const plain = renderJob(consultationJob('consultation_booked'), settings);
  const held = renderJob(
    consultationJob('consultation_booked', { booking: heldBooking }),
    settings,
  );
  ok(plain.ok && held.ok);
  equal(held.mail.text, plain.mail.text);
  equal(held.mail.html, plain.mail.html);
  ok(!held.mail.text.includes('confirm'));
  ok(!invitationOf(held.mail).includes('confirm'));
  // a reminder or a cancellation never asks to confirm, even given a token
  for (const job of [
    consultationJob('consultation_reminder', { confirm_token: confirmToken }),
    cancelledJob({ confirm_token: confirmToken }),
  ]) {
    const result = renderJob(job, settings);
    ok(result.ok, job.kind);
    ok(!result.mail.text.includes('/consultation#c.'), job.kind);
    ok(!(result.mail.html ?? '').includes('Confirm your booking'), job.kind);
  }
});

Deno.test('an odd confirm token stays inside its link, escaped', () => {
  const result = renderJob(
    consultationJob('consultation_booked', {
      booking: { ...heldBooking, hold_until: 'tomorrow' },
      confirm_token: `c.x"><img src=x onerror=alert(1)>&'\r\nBcc: eve@example.com`,
    }),
    settings,
  );
  ok(result.ok);
  const { mail } = result;
  const link =
    "https://www.kestrel.test/consultation#c.x%22%3E%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E%26'%0D%0ABcc%3A%20eve%40example.com";
  ok(mail.text.includes(`Please confirm your booking: ${link}\n`));
  // an unreadable hold time is left out rather than shown wrong
  ok(!mail.text.includes('is released'));
  const html = mail.html ?? '';
  equal(firstHref(html), link.replace("'", '&#39;'));
  ok(!html.includes('<img'));
  ok(!html.includes('\r'));
  ok(!mail.text.includes('\r'));
  ok(!invitationOf(mail).includes('<img'));
});
