import { deepStrictEqual, equal, ok } from 'node:assert/strict';
import { enquiryLink, renderJob } from './render.ts';
import type { MailJob, OutgoingMail } from './render.ts';

const settings = {
  from: 'Kestrel Data <no-reply@kestrel.test>',
  staffTo: 'team@kestrel.test',
  siteUrl: 'https://www.kestrel.test/',
};

const enquiryId = '6f1c2a9e-8d3b-4c1a-9a7e-2b5d4c3e1f00';

const booking = {
  id: '3b0e8f7a-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
  uid: '3b0e8f7a-1c2d-4e5f-8a9b-0c1d2e3f4a5b@consultations.kestrel-data',
  sequence: 2,
  status: 'booked' as const,
  starts_at: '2026-12-08T09:00:00+00:00',
  ends_at: '2026-12-08T09:30:00+00:00',
  visitor_time_zone: 'Europe/Paris',
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-21T08:15:00Z',
};

const hostJob = (payload: Partial<MailJob['payload']> = {}): MailJob => ({
  id: 'job-host',
  kind: 'consultation_host_invite',
  recipient: 'ada@kestrel.test',
  payload: {
    method: 'REQUEST',
    change: 'booked',
    booking,
    host: { name: 'Ada Lovelace' },
    enquiry: {
      id: enquiryId,
      name: 'Sam Prospect',
      company: 'Prospect Ltd',
      email: 'sam@example.com',
      created_at: '2026-11-20T09:00:00Z',
    },
    ...payload,
  },
});

const prospectJob = (kind: MailJob['kind']): MailJob => ({
  id: `job-${kind}`,
  kind,
  recipient: 'sam@example.com',
  payload: {
    booking,
    organizer: { name: 'Ada Lovelace' },
    manage_token: 'm.3b0e8f7a.2.1800000000.c2ln',
  },
});

function rendered(job: MailJob): OutgoingMail {
  const result = renderJob(job, settings);
  if (!result.ok) throw new Error(result.error);
  return result.mail;
}

/** The attached invite.ics as content lines, unfolded. */
const icsLines = (mail: OutgoingMail) =>
  new TextDecoder()
    .decode(
      Uint8Array.from(atob(mail.attachments?.[0]?.content ?? ''), (char) => char.charCodeAt(0)),
    )
    .replace(/\r\n /g, '')
    .split('\r\n');

const property = (lines: string[], name: string) =>
  lines.filter((line) => line.startsWith(`${name}:`) || line.startsWith(`${name};`));

const link = enquiryLink(settings.siteUrl, enquiryId);

Deno.test("the host's invitation is the prospect's event: same UID and SEQUENCE", () => {
  for (const [hostMethod, prospectKind] of [
    ['REQUEST', 'consultation_booked'],
    ['REQUEST', 'consultation_moved'],
    ['CANCEL', 'consultation_cancelled'],
  ] as const) {
    const host = icsLines(
      rendered(
        hostJob({
          method: hostMethod,
          change: hostMethod === 'CANCEL' ? 'cancelled' : 'booked',
          booking: hostMethod === 'CANCEL' ? { ...booking, status: 'cancelled' } : booking,
        }),
      ),
    );
    const prospect = icsLines(rendered(prospectJob(prospectKind)));
    for (const name of ['UID', 'SEQUENCE', 'DTSTART', 'DTEND', 'METHOD', 'ORGANIZER']) {
      deepStrictEqual(property(host, name), property(prospect, name), `${prospectKind} ${name}`);
    }
    deepStrictEqual(property(host, 'METHOD'), [`METHOD:${hostMethod}`]);
    deepStrictEqual(property(host, 'SEQUENCE'), ['SEQUENCE:2']);
  }
});

Deno.test('the host is an attendee who has accepted; the prospect stays an attendee', () => {
  const lines = icsLines(rendered(hostJob()));
  deepStrictEqual(property(lines, 'ATTENDEE'), [
    'ATTENDEE;CN="Ada Lovelace";ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE:mailto:ada@kestrel.test',
    'ATTENDEE;CN="Sam Prospect";ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:mailto:sam@example.com',
  ]);
  deepStrictEqual(property(lines, 'ORGANIZER'), [
    'ORGANIZER;CN="Ada Lovelace":mailto:no-reply@kestrel.test',
  ]);
  ok(lines.includes('SUMMARY:Consultation: Sam Prospect\\, Prospect Ltd'));
  ok(lines.includes(`URL:${link}`));
  ok(lines.includes('STATUS:CONFIRMED'));
});

Deno.test('a booking: to the host, who booked and when in London, and the enquiry link', () => {
  const mail = rendered(hostJob());
  equal(mail.to, 'ada@kestrel.test');
  equal(mail.from, settings.from);
  equal(mail.subject, 'Consultation booked: Sam Prospect, Tue 8 Dec 09:00');
  equal(
    mail.text,
    [
      'Sam Prospect (Prospect Ltd) has a free 30-minute consultation with you.',
      '',
      'When: Tuesday 8 December 2026, 09:00 to 09:30 London time (Greenwich Mean Time)',
      '',
      'The invitation is attached (invite.ics) and puts the meeting in your calendar.',
      '',
      `Open the enquiry: ${link}`,
    ].join('\n'),
  );
  ok(mail.html?.includes(`<a href="${link}">Open the enquiry</a>`));
  deepStrictEqual(
    mail.attachments?.map(({ filename, content_type }) => ({ filename, content_type })),
    [{ filename: 'invite.ics', content_type: 'text/calendar; method=REQUEST; charset=UTF-8' }],
  );
});

Deno.test('a move names the old time too; a held booking says when it is released', () => {
  const mail = rendered(
    hostJob({
      change: 'moved',
      previous: { starts_at: '2026-12-07T14:00:00Z', ends_at: '2026-12-07T14:30:00Z' },
      booking: { ...booking, hold_until: '2026-12-02T10:00:00Z' },
    }),
  );
  equal(mail.subject, 'Consultation moved: Sam Prospect, Tue 8 Dec 09:00');
  const text = mail.text.split('\n');
  ok(text.includes('The consultation with Sam Prospect (Prospect Ltd) has moved.'));
  ok(
    text.includes(
      'When: Tuesday 8 December 2026, 09:00 to 09:30 London time (Greenwich Mean Time)',
    ),
  );
  ok(
    text.includes('Was: Monday 7 December 2026, 14:00 to 14:30 London time (Greenwich Mean Time)'),
  );
  ok(
    text.includes(
      'Not confirmed yet: released on Wednesday 2 December 2026, 10:00 London time unless the prospect confirms it.',
    ),
  );
});

Deno.test('a cancellation and a release are METHOD:CANCEL, the event marked cancelled', () => {
  for (const change of ['cancelled', 'released'] as const) {
    const mail = rendered(
      hostJob({
        method: 'CANCEL',
        change,
        booking: { ...booking, sequence: 3, status: 'cancelled', hold_until: '2026-12-02T10:00Z' },
      }),
    );
    equal(mail.attachments?.[0]?.content_type, 'text/calendar; method=CANCEL; charset=UTF-8');
    const lines = icsLines(mail);
    ok(lines.includes('METHOD:CANCEL'));
    ok(lines.includes('STATUS:CANCELLED'));
    ok(lines.includes('SEQUENCE:3'));
    ok(mail.text.includes('takes the meeting off your calendar'));
    // a cancelled booking is not waiting for anyone's confirmation
    ok(!mail.text.includes('Not confirmed'));
  }
  equal(
    rendered(hostJob({ method: 'CANCEL', change: 'released' })).subject,
    'Consultation released: Sam Prospect, Tue 8 Dec 09:00',
  );
});

Deno.test('handed over to another host: named by the time it had in this calendar', () => {
  const mail = rendered(
    hostJob({
      method: 'CANCEL',
      change: 'handed_over',
      previous: { starts_at: '2026-12-07T14:00:00Z', ends_at: '2026-12-07T14:30:00Z' },
    }),
  );
  equal(mail.subject, 'Consultation handed over: Sam Prospect, Mon 7 Dec 14:00');
  ok(mail.text.includes('Was: Monday 7 December 2026, 14:00 to 14:30'));
  ok(!mail.text.includes('When:'));
});

Deno.test("a host's invitation that cannot be sent says why", () => {
  const failing: [Partial<MailJob['payload']>, string | null, string][] = [
    [{}, null, 'no usable address'],
    [{ method: undefined }, 'ada@kestrel.test', 'neither what changed'],
    [{ change: undefined }, 'ada@kestrel.test', 'neither what changed'],
    [{ booking: { ...booking, starts_at: 'soon' } }, 'ada@kestrel.test', 'names no booking'],
    [{ enquiry: undefined }, 'ada@kestrel.test', 'names no enquiry'],
  ];
  for (const [payload, recipient, error] of failing) {
    const result = renderJob({ ...hostJob(payload), recipient }, settings);
    ok(!result.ok && result.error.includes(error), error);
  }
});

Deno.test('the same job renders the same bytes, for the idempotent send', () => {
  deepStrictEqual(rendered(hostJob()), rendered(hostJob()));
});
