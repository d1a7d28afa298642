/**
 * The e-mails of an enquiry, as plain data. Pure functions over web-standard types only, so the
 * same module runs on Supabase's Deno runtime and inside the Node embedded backend.
 */

import { LONDON_TIME_ZONE, zonedFormat, zonedParts } from '../_shared/time-zone.ts';
import {
  consultationLink,
  isConsultationKind,
  renderConsultationMail,
} from './consultation-mail.ts';
import type {
  ConsultationBooking,
  ConsultationKind,
  ConsultationOrganizer,
} from './consultation-mail.ts';
import { ANSWER_ALERT_KIND, renderAnswerAlert } from './answer-alert-mail.ts';
import type { AnswerAlertPayload } from './answer-alert-mail.ts';
import { HOST_INVITE_KIND, renderHostInvite } from './host-invite-mail.ts';
import type { HostInvitePayload } from './host-invite-mail.ts';
import {
  displayNameText,
  enquiryLink,
  escapeHtml,
  headerAddress,
  headerText,
  page,
  parseSender,
  staffRecipient,
} from './mail-parts.ts';
import type { OutgoingMail, RenderResult, RenderSettings } from './mail-parts.ts';

export {
  displayNameText,
  enquiryLink,
  escapeHtml,
  headerAddress,
  headerText,
  parseSender,
} from './mail-parts.ts';
export type { MailAttachment, OutgoingMail, RenderResult, RenderSettings } from './mail-parts.ts';

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
  /** consultation_host_invite only: the prospect, an attendee of the host's invitation. */
  email?: string;
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
export interface MailPayload
  extends
    Partial<WeeklySummary>,
    Omit<HostInvitePayload, 'booking' | 'enquiry'>,
    Omit<AnswerAlertPayload, 'enquiry'> {
  /** staff_alert, staff_digest */
  enquiries?: EnquirySnapshot[];
  /** reply: the staff member's text, name and address (the Reply-To). */
  reply_id?: string;
  staff_name?: string;
  staff_email?: string;
  body?: string;
  /** reply_reminder, reply_escalation, follow_up_reminder; the consultation kinds carry the
   * enquiry's id, name and company only, and their mail does not read them. */
  enquiry?: DueEnquiry;
  due_at?: string;
  /** reply_reminder, reply_escalation: when the enquirer's answer by mail that is owed a reply
   * arrived; null (or absent) when the wait is for the first reply. */
  answered_at?: string | null;
  assignee?: StaffMember | null;
  /** follow_up_reminder */
  follow_up?: FollowUp;
  /** acknowledgement: lets the enquirer book a consultation; absent for held enquiries. On
   * consultation_cancelled: lets them book another time, while the enquiry still may. */
  book_token?: string;
  /** consultation_booked, consultation_moved, consultation_cancelled, consultation_reminder,
   * consultation_host_invite (which also carries method, change, previous and host) */
  booking?: ConsultationBooking;
  organizer?: ConsultationOrganizer | null;
  /** The link to reschedule or cancel; absent on consultation_cancelled. */
  manage_token?: string;
  /** consultation_booked, consultation_moved: the link to confirm a booking held until then;
   * present only while the booking is unconfirmed. */
  confirm_token?: string;
}

export type MailKind =
  | 'staff_alert'
  | 'staff_digest'
  | 'acknowledgement'
  | 'reply'
  | 'reply_reminder'
  | 'reply_escalation'
  | 'weekly_summary'
  | 'follow_up_reminder'
  | ConsultationKind
  | typeof HOST_INVITE_KIND
  | typeof ANSWER_ALERT_KIND;

export interface MailJob {
  id: string;
  kind: MailKind;
  recipient: string | null;
  payload: MailPayload;
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

/** The offer of a consultation, after the reply promise, when the enquiry may book one. */
function acknowledgementParagraphs(bookLink: string | null): string[] {
  const paragraphs = ACKNOWLEDGEMENT_TEXT.split('\n\n');
  if (bookLink === null) return paragraphs;
  return [
    ...paragraphs.slice(0, 2),
    `${BOOK_CONSULTATION_TEXT}: ${bookLink}`,
    ...paragraphs.slice(2),
  ];
}

export const BOOK_CONSULTATION_TEXT = 'Book your free 30-minute consultation';

function acknowledgement(to: string, bookToken: unknown, settings: RenderSettings): OutgoingMail {
  const bookLink =
    typeof bookToken === 'string' && bookToken !== ''
      ? consultationLink(settings.siteUrl, bookToken)
      : null;
  const paragraphs = acknowledgementParagraphs(bookLink);
  const html = page(
    paragraphs
      .map((paragraph) =>
        bookLink !== null && paragraph.endsWith(bookLink)
          ? `<p><a href="${escapeHtml(bookLink)}">${BOOK_CONSULTATION_TEXT}</a></p>`
          : `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`,
      )
      .join(''),
  );
  return {
    from: settings.from,
    to,
    subject: ACKNOWLEDGEMENT_SUBJECT,
    text: paragraphs.join('\n\n'),
    html,
  };
}

/**
 * The mail for one outbox job; the acknowledgement and the consultation mails never use anything
 * the visitor wrote.
 */
export function renderJob(job: MailJob, settings: RenderSettings): RenderResult {
  if (job.kind === 'reply') return renderReply(job, settings);
  if (isConsultationKind(job.kind)) {
    return renderConsultationMail({ ...job, kind: job.kind }, settings);
  }
  if (job.kind === HOST_INVITE_KIND) return renderHostInvite(job, settings);
  if (job.kind === ANSWER_ALERT_KIND) {
    return renderAnswerAlert(job, settings);
  }
  if (job.kind === 'reply_reminder' || job.kind === 'reply_escalation') {
    return renderDueMail(job, settings);
  }
  if (job.kind === 'weekly_summary') return renderWeeklySummary(job.payload, settings);
  if (job.kind === 'follow_up_reminder') return renderFollowUpReminder(job, settings);
  if (job.kind === 'acknowledgement') {
    const to = job.recipient === null ? null : headerAddress(job.recipient);
    if (to === null) return { ok: false, error: 'The acknowledgement has no usable address.' };
    return { ok: true, mail: acknowledgement(to, job.payload.book_token, settings) };
  }
  const enquiries = Array.isArray(job.payload.enquiries) ? job.payload.enquiries : [];
  if (enquiries.length === 0) return { ok: false, error: 'The staff mail lists no enquiry.' };
  if (job.kind === 'staff_alert' && enquiries.length === 1) {
    return { ok: true, mail: staffAlert(enquiries[0] as EnquirySnapshot, settings) };
  }
  return { ok: true, mail: staffDigest(enquiries, settings) };
}

const londonTime = zonedFormat(LONDON_TIME_ZONE, {
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
 * member's name as display name. Reply-To is the staff member here; the sender replaces it with
 * the enquiry's reply address, so the answer comes back to the record.
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

/**
 * A reply reminder (before the due time, to the assignee) or escalation (at it, to the staff
 * address): for a new enquiry, or for the enquirer's answer by mail that has had no reply.
 */
function renderDueMail(job: MailJob, settings: RenderSettings): RenderResult {
  const { enquiry, due_at: dueAt, assignee } = job.payload;
  if (!enquiry || typeof enquiry.id !== 'string' || typeof dueAt !== 'string') {
    return { ok: false, error: 'The reminder names no enquiry.' };
  }
  const to = staffRecipient(job.recipient, settings);
  if (to === null) return { ok: false, error: 'The reminder has no usable address.' };
  const answeredAt = job.payload.answered_at ?? null;
  if (answeredAt !== null && !(typeof answeredAt === 'string' && Date.parse(answeredAt) > 0)) {
    return { ok: false, error: "The reminder's answer time is not a time." };
  }
  const link = enquiryLink(settings.siteUrl, enquiry.id);
  const who = `${enquiry.name} (${enquiry.company})`;
  const owner = assignee ? `${assignee.name} <${assignee.email}>` : 'nobody';
  const since = answeredAt ?? enquiry.created_at;
  const promiseHours = Math.round((Date.parse(dueAt) - Date.parse(since)) / 3_600_000);
  const escalation = job.kind === 'reply_escalation';
  const waiting = answeredAt === null ? who : `${who}'s answer by mail`;
  const subject = escalation
    ? `Overdue: no reply to ${waiting} within ${promiseHours} hours`
    : `Reply due by ${localTime(dueAt)}: ${waiting}`;
  const opening =
    answeredAt === null
      ? `${who} has had no reply yet.`
      : `${who} answered by mail and has had no reply to it yet.`;
  const lines = [
    escalation
      ? `${waiting} has had no reply within the promised ${promiseHours} hours.`
      : `${opening} The promised reply is due by ${localTime(dueAt)} (London time).`,
    '',
    answeredAt === null
      ? `Received: ${localTime(enquiry.created_at)}`
      : `Their answer: ${localTime(answeredAt)}`,
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

/** A calendar day (YYYY-MM-DD) day first, e.g. "Wed 2 Dec 2026"; the text itself when no date. */
export function localDay(day: string): string {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(day) ? new Date(`${day}T00:00:00Z`) : null;
  if (!date || Number.isNaN(date.getTime())) return day;
  const part = zonedParts(date, 'UTC', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
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
  const to = staffRecipient(job.recipient, settings);
  if (to === null) return { ok: false, error: 'The reminder has no usable address.' };
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
