/**
 * The e-mails of an enquiry, as plain data. Pure functions over web-standard types only, so the
 * same module runs on Supabase's Deno runtime and inside the Node embedded backend.
 */

export interface EnquirySnapshot {
  id: string;
  created_at: string;
  name: string;
  email: string;
  company: string;
  job: string | null;
  phone: string | null;
  interest: string;
  timeline: string;
  message: string;
  /** Arrived past the hourly ceiling: stored, but the visitor got no acknowledgement. */
  held?: boolean;
}

/** The enquiry a reminder or escalation is about. */
export interface DueEnquiry {
  id: string;
  name: string;
  company: string;
  created_at: string;
}

export interface StaffMember {
  name: string;
  email: string;
}

/** Last week's figures, counts only. */
export interface WeeklySummary {
  week_start: string;
  received: number;
  by_interest: Record<string, number>;
  by_source: Record<string, number>;
  median_first_response_seconds: number | null;
  answered_within_promise: number;
  overdue_now: number;
  /** Enquiries, whenever they arrived, whose last status change in the week set them won, and
   * that are still won when the summary is written; lost likewise. */
  won: number;
  lost: number;
  promise_hours: number;
}

/** The follow-up a follow_up_reminder is about: its London day (YYYY-MM-DD) and note. */
export interface FollowUp {
  id: string;
  due_on: string;
  note: string | null;
}

/** What each kind's job carries; the fields of one kind only are set. */
export interface MailPayload extends Partial<WeeklySummary> {
  /** staff_alert, staff_digest */
  enquiries?: EnquirySnapshot[];
  /** reply: the staff member's text, name and address (the Reply-To). */
  reply_id?: string;
  staff_name?: string;
  staff_email?: string;
  body?: string;
  /** reply_reminder, reply_escalation, follow_up_reminder */
  enquiry?: DueEnquiry;
  due_at?: string;
  assignee?: StaffMember | null;
  /** follow_up_reminder */
  follow_up?: FollowUp;
}

export type MailKind =
  | 'staff_alert'
  | 'staff_digest'
  | 'acknowledgement'
  | 'reply'
  | 'reply_reminder'
  | 'reply_escalation'
  | 'weekly_summary'
  | 'follow_up_reminder';

export interface MailJob {
  id: string;
  kind: MailKind;
  recipient: string | null;
  payload: MailPayload;
}

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  /** Absent for plain-text mail (a staff reply). */
  html?: string;
  text: string;
  reply_to?: string;
}

export interface RenderSettings {
  from: string;
  staffTo: string;
  siteUrl: string;
}

// The labels the enquiry form shows for its option values (the site's contact options); an
// integration test checks that they stay equal.
export const interestLabels: Readonly<Record<string, string>> = {
  'data-strategy': 'Data Strategy',
  'cloud-migration': 'Cloud Migration',
  'digital-transformation': 'Digital Transformation',
  'ai-ml': 'AI & Machine Learning',
  'data-architecture': 'Data Architecture',
  analytics: 'Analytics & Insights',
  other: 'Other',
};

export const timelineLabels: Readonly<Record<string, string>> = {
  immediate: 'Immediate',
  '1-3-months': '1-3 months',
  '3-6-months': '3-6 months',
  '6-plus-months': '6+ months',
  exploring: 'Just exploring',
};

export const ACKNOWLEDGEMENT_SUBJECT = 'Thank you for contacting Kestrel Data';

export const ACKNOWLEDGEMENT_TEXT = [
  'Hello,',
  '',
  'Thank you for getting in touch with Kestrel Data. We have received your enquiry.',
  "We'll get back to you within 24 hours.",
  '',
  'If you did not send an enquiry to us, you can ignore this e-mail.',
  '',
  'Kestrel Data',
].join('\n');

const htmlEntities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => htmlEntities[char] ?? char);
}

/**
 * A value for a mail header (subject): line breaks and other control characters become spaces,
 * so no text can start a header of its own; long values are cut.
 */
export function headerText(text: string, max = 150): string {
  // eslint-disable-next-line no-control-regex
  const flat = text.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** An address for From/To: refused (null) when it holds a control character or no `@`. */
export function headerAddress(text: string): string | null {
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\u2028\u2029]/.test(text)) return null;
  const trimmed = text.trim();
  if (trimmed.length === 0 || trimmed.length > 320 || !trimmed.includes('@')) return null;
  return trimmed;
}

/**
 * The enquiry's dialog on the staff area's "Needs a reply" page, where what is still owed sits
 * beside it; the dialog loads by id, so a link to an enquiry answered since still opens it.
 */
export function enquiryLink(siteUrl: string, id: string): string {
  return `${siteUrl.replace(/\/+$/, '')}/admin/needs-reply?enquiry=${encodeURIComponent(id)}`;
}

const label = (labels: Readonly<Record<string, string>>, value: string) =>
  Object.hasOwn(labels, value) ? (labels[value] ?? value) : value;

function detailRows(enquiry: EnquirySnapshot): [string, string][] {
  return [
    ['Name', enquiry.name],
    ['Email', enquiry.email],
    ['Company', enquiry.company],
    ['Job title', enquiry.job ?? '(not given)'],
    ['Phone', enquiry.phone ?? '(not given)'],
    ['Interest', label(interestLabels, enquiry.interest)],
    ['Timeline', label(timelineLabels, enquiry.timeline)],
    ['Received', enquiry.created_at],
  ];
}

function page(body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"></head><body style="font-family:system-ui,sans-serif;line-height:1.5">${body}</body></html>`;
}

function staffAlert(enquiry: EnquirySnapshot, settings: RenderSettings): OutgoingMail {
  const link = enquiryLink(settings.siteUrl, enquiry.id);
  const rows = detailRows(enquiry);
  const text = [
    `Open this enquiry: ${link}`,
    '',
    ...rows.map(([name, value]) => `${name}: ${value}`),
    '',
    'Message:',
    enquiry.message,
  ].join('\n');
  const html = page(
    `<p><a href="${escapeHtml(link)}">Open this enquiry in the admin area</a></p>` +
      `<table>${rows
        .map(
          ([name, value]) =>
            `<tr><th align="left">${escapeHtml(name)}</th><td>${escapeHtml(value)}</td></tr>`,
        )
        .join('')}</table>` +
      `<h2>Message</h2><p style="white-space:pre-wrap">${escapeHtml(enquiry.message)}</p>`,
  );
  return {
    from: settings.from,
    to: settings.staffTo,
    subject: headerText(`New enquiry from ${enquiry.name} (${enquiry.company})`),
    text,
    html,
  };
}

function staffDigest(enquiries: EnquirySnapshot[], settings: RenderSettings): OutgoingMail {
  const lines = enquiries.map((enquiry) => ({
    link: enquiryLink(settings.siteUrl, enquiry.id),
    summary: `${enquiry.held ? 'HELD: ' : ''}${enquiry.name} (${enquiry.company}), ${label(interestLabels, enquiry.interest)}, ${label(timelineLabels, enquiry.timeline)}`,
  }));
  const heldCount = enquiries.filter((enquiry) => enquiry.held).length;
  const intro = `${enquiries.length} enquiries arrived while alerts were being gathered into this digest.`;
  const heldNote =
    heldCount === 0
      ? null
      : `${heldCount} of them arrived past the hourly limit and are held: the sender got no acknowledgement. Check them under "Held only" in the dashboard and release the genuine ones.`;
  const text = [
    intro,
    ...(heldNote ? [heldNote] : []),
    '',
    ...lines.map((line) => `- ${line.summary}: ${line.link}`),
  ].join('\n');
  const html = page(
    `<ul>${lines
      .map((line) => `<li><a href="${escapeHtml(line.link)}">${escapeHtml(line.summary)}</a></li>`)
      .join('')}</ul>` +
      `<p>${escapeHtml(intro)}</p>` +
      (heldNote ? `<p>${escapeHtml(heldNote)}</p>` : ''),
  );
  const heldSubject = heldCount === 0 ? '' : `, ${heldCount} held`;
  return {
    from: settings.from,
    to: settings.staffTo,
    subject: headerText(`${enquiries.length} new enquiries (digest${heldSubject})`),
    text,
    html,
  };
}

function acknowledgement(to: string, settings: RenderSettings): OutgoingMail {
  const html = page(
    ACKNOWLEDGEMENT_TEXT.split('\n\n')
      .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
      .join(''),
  );
  return {
    from: settings.from,
    to,
    subject: ACKNOWLEDGEMENT_SUBJECT,
    text: ACKNOWLEDGEMENT_TEXT,
    html,
  };
}

export type RenderResult = { ok: true; mail: OutgoingMail } | { ok: false; error: string };

/** The mail for one outbox job; the acknowledgement never uses anything the visitor wrote. */
export function renderJob(job: MailJob, settings: RenderSettings): RenderResult {
  if (job.kind === 'reply') return renderReply(job, settings);
  if (job.kind === 'reply_reminder' || job.kind === 'reply_escalation') {
    return renderDueMail(job, settings);
  }
  if (job.kind === 'weekly_summary') return renderWeeklySummary(job.payload, settings);
  if (job.kind === 'follow_up_reminder') return renderFollowUpReminder(job, settings);
  if (job.kind === 'acknowledgement') {
    const to = job.recipient === null ? null : headerAddress(job.recipient);
    if (to === null) return { ok: false, error: 'The acknowledgement has no usable address.' };
    return { ok: true, mail: acknowledgement(to, settings) };
  }
  const enquiries = Array.isArray(job.payload.enquiries) ? job.payload.enquiries : [];
  if (enquiries.length === 0) return { ok: false, error: 'The staff mail lists no enquiry.' };
  if (job.kind === 'staff_alert' && enquiries.length === 1) {
    return { ok: true, mail: staffAlert(enquiries[0] as EnquirySnapshot, settings) };
  }
  return { ok: true, mail: staffDigest(enquiries, settings) };
}

/** The display name and address of MAIL_FROM (`Kestrel Data <no-reply@…>` or a bare address). */
export function parseSender(from: string): { name: string; address: string } {
  const match = /^\s*"?([^"<]*?)"?\s*<([^<>\s]+)>\s*$/.exec(from);
  if (match) return { name: match[1]?.trim() || 'Kestrel Data', address: match[2] ?? '' };
  return { name: 'Kestrel Data', address: from.trim() };
}

/** Text for inside a quoted display name: one line, no quotes, backslashes or angle brackets. */
export function displayNameText(text: string, max = 80): string {
  return headerText(text.replace(/["\\<>]/g, ' '), max).replace(/\s+/g, ' ');
}

const londonTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});

/** A time as staff in London read it, e.g. "Wed 25 Nov, 14:05"; the text itself when no date. */
export function localTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : londonTime.format(date);
}

/**
 * A staff reply to the enquirer: plain text, from the site's sender address with the staff
 * member's name as display name, Reply-To the staff member, so the answer reaches them.
 */
function renderReply(job: MailJob, settings: RenderSettings): RenderResult {
  const to = job.recipient === null ? null : headerAddress(job.recipient);
  if (to === null) return { ok: false, error: 'The reply has no usable address.' };
  const replyTo = headerAddress(job.payload.staff_email ?? '');
  if (replyTo === null) return { ok: false, error: 'The reply has no usable Reply-To address.' };
  const body = typeof job.payload.body === 'string' ? job.payload.body : '';
  if (body.trim() === '') return { ok: false, error: 'The reply has no text.' };
  const sender = parseSender(settings.from);
  const brand = displayNameText(sender.name);
  const staff = displayNameText(job.payload.staff_name ?? '');
  const name = staff === '' ? brand : `${staff} via ${brand}`;
  return {
    ok: true,
    mail: {
      from: `"${name}" <${sender.address}>`,
      to,
      reply_to: replyTo,
      subject: headerText(`Re: Your enquiry to ${brand}`),
      text: [
        body.replace(/\r\n?/g, '\n'),
        '',
        '-- ',
        staff === '' ? brand : `${staff}, ${brand}`,
      ].join('\n'),
    },
  };
}

function renderDueMail(job: MailJob, settings: RenderSettings): RenderResult {
  const { enquiry, due_at: dueAt, assignee } = job.payload;
  if (!enquiry || typeof enquiry.id !== 'string' || typeof dueAt !== 'string') {
    return { ok: false, error: 'The reminder names no enquiry.' };
  }
  let to = settings.staffTo;
  if (job.recipient !== null) {
    const checked = headerAddress(job.recipient);
    if (checked === null) return { ok: false, error: 'The reminder has no usable address.' };
    to = checked;
  }
  const link = enquiryLink(settings.siteUrl, enquiry.id);
  const who = `${enquiry.name} (${enquiry.company})`;
  const owner = assignee ? `${assignee.name} <${assignee.email}>` : 'nobody';
  const promiseHours = Math.round((Date.parse(dueAt) - Date.parse(enquiry.created_at)) / 3_600_000);
  const escalation = job.kind === 'reply_escalation';
  const subject = escalation
    ? `Overdue: no reply to ${who} within ${promiseHours} hours`
    : `Reply due by ${localTime(dueAt)}: ${who}`;
  const lines = [
    escalation
      ? `${who} has had no reply within the promised ${promiseHours} hours.`
      : `${who} has had no reply yet. The promised reply is due by ${localTime(dueAt)} (London time).`,
    '',
    `Received: ${localTime(enquiry.created_at)}`,
    `Due: ${localTime(dueAt)}`,
    `Assigned to: ${owner}`,
    '',
    `Open this enquiry: ${link}`,
  ];
  return {
    ok: true,
    mail: {
      from: settings.from,
      to,
      subject: headerText(subject),
      text: lines.join('\n'),
      html: page(
        `<p>${escapeHtml(lines[0] ?? '')}</p><p>${lines
          .slice(2, 5)
          .map(escapeHtml)
          .join(
            '<br>',
          )}</p><p><a href="${escapeHtml(link)}">Open this enquiry in the admin area</a></p>`,
      ),
    },
  };
}

const calendarDay = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'UTC',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

/** A calendar day (YYYY-MM-DD) day first, e.g. "Wed 2 Dec 2026"; the text itself when no date. */
export function localDay(day: string): string {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(day) ? new Date(`${day}T00:00:00Z`) : null;
  if (!date || Number.isNaN(date.getTime())) return day;
  const parts = calendarDay.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((candidate) => candidate.type === type)?.value ?? '';
  return `${part('weekday')} ${part('day')} ${part('month')} ${part('year')}`;
}

/**
 * A follow-up's day has come: to the assignee, or whoever set it (the job's recipient; the staff
 * address when it has none), with the staff note and a link to the enquiry.
 */
function renderFollowUpReminder(job: MailJob, settings: RenderSettings): RenderResult {
  const { enquiry, follow_up: followUp, assignee } = job.payload;
  if (!enquiry || typeof enquiry.id !== 'string' || typeof followUp?.due_on !== 'string') {
    return { ok: false, error: 'The follow-up reminder names no enquiry.' };
  }
  let to = settings.staffTo;
  if (job.recipient !== null) {
    const checked = headerAddress(job.recipient);
    if (checked === null) return { ok: false, error: 'The reminder has no usable address.' };
    to = checked;
  }
  const link = enquiryLink(settings.siteUrl, enquiry.id);
  const who = `${enquiry.name} (${enquiry.company})`;
  const day = localDay(followUp.due_on);
  const note = typeof followUp.note === 'string' ? followUp.note.replace(/\r\n?/g, '\n') : '';
  const details = [
    `Follow up on: ${day}`,
    `Assigned to: ${assignee ? `${assignee.name} <${assignee.email}>` : 'nobody'}`,
    `Received: ${localTime(enquiry.created_at)}`,
  ];
  const lines = [
    `It is time to follow up with ${who}.`,
    '',
    ...details,
    ...(note === '' ? [] : ['', 'Note:', note]),
    '',
    `Open this enquiry: ${link}`,
  ];
  return {
    ok: true,
    mail: {
      from: settings.from,
      to,
      subject: headerText(`Follow up today: ${who}`),
      text: lines.join('\n'),
      html: page(
        `<p>${escapeHtml(lines[0] ?? '')}</p><p>${details.map(escapeHtml).join('<br>')}</p>` +
          (note === '' ? '' : `<p>Note:<br>${escapeHtml(note).replace(/\n/g, '<br>')}</p>`) +
          `<p><a href="${escapeHtml(link)}">Open this enquiry in the admin area</a></p>`,
      ),
    },
  };
}

const duration = (seconds: number | null | undefined) => {
  if (seconds === null || seconds === undefined) return 'none answered';
  const minutes = Math.round(seconds / 60);
  return minutes < 120 ? `${minutes} min` : `${(minutes / 60).toFixed(1)} h`;
};

// The database adds up the values past its top 20 under this key; it reads last, as "Other".
const OTHER_KEY = '(other)';

const countLines = (
  counts: Record<string, number> | undefined,
  labels?: Readonly<Record<string, string>>,
) =>
  Object.entries(counts ?? {})
    .sort(
      ([a, x], [b, y]) =>
        Number(a === OTHER_KEY) - Number(b === OTHER_KEY) || y - x || a.localeCompare(b),
    )
    .map(([key, count]) => {
      const name = key === OTHER_KEY ? 'Other' : labels ? label(labels, key) : key;
      return `  ${name}: ${count}`;
    });

function renderWeeklySummary(summary: MailPayload, settings: RenderSettings): RenderResult {
  if (typeof summary.week_start !== 'string') {
    return { ok: false, error: 'The weekly summary names no week.' };
  }
  const hours = summary.promise_hours ?? 24;
  const lines = [
    `Enquiries received in the week from Monday ${summary.week_start}: ${summary.received ?? 0}`,
    '',
    'By interest:',
    ...countLines(summary.by_interest, interestLabels),
    '',
    'By source:',
    ...countLines(summary.by_source),
    '',
    `Median first response: ${duration(summary.median_first_response_seconds)}`,
    `Answered within ${hours} hours: ${summary.answered_within_promise ?? 0}`,
    `Overdue now: ${summary.overdue_now ?? 0}`,
    '',
    'Status set during the week, whenever the enquiry arrived, and still so now:',
    `  Won: ${summary.won ?? 0}`,
    `  Lost: ${summary.lost ?? 0}`,
    '',
    `Open the admin area: ${settings.siteUrl.replace(/\/+$/, '')}/admin`,
  ];
  return {
    ok: true,
    mail: {
      from: settings.from,
      to: settings.staffTo,
      subject: headerText(`Enquiries: week of ${summary.week_start}`),
      text: lines.join('\n'),
      html: page(`<pre style="font-family:inherit">${escapeHtml(lines.join('\n'))}</pre>`),
    },
  };
}
