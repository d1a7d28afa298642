import type { StaffMember } from '@/features/admin/record/enquiry-workflow';
import { callOutcomeLabel } from '@/features/admin/record/send-enquiry-reply';
import { formatDate, formatDateTime, formatTime } from '@/features/admin/shared/enquiry-format';
import { statusLabel } from '@/features/admin/shared/enquiry-status';
import type { Json } from '@/lib/database.types';
import { RpcError } from '@/lib/rpc-error';
import type { AppSupabaseClient } from '@/lib/supabase';

/** One event of an enquiry's timeline (public.enquiry_timeline); actor is null for the system. */
export type TimelineEvent = {
  occurred_at: string;
  event: string;
  actor: string | null;
  details: Json;
};

/** What happened to one enquiry, oldest first (admins only). */
export async function loadEnquiryTimeline(
  client: AppSupabaseClient,
  enquiryId: string,
): Promise<TimelineEvent[]> {
  const { data, error } = await client.rpc('enquiry_timeline', { _submission_id: enquiryId });
  if (error) throw new RpcError(error.code, error.message);
  return data ?? [];
}

const mailLabels: Record<string, string> = {
  staff_alert: 'Staff alert',
  staff_digest: 'Staff summary e-mail',
  acknowledgement: 'Acknowledgement',
  reply: 'Reply e-mail',
  reply_reminder: 'Reply reminder',
  reply_escalation: 'Overdue escalation',
  follow_up_reminder: 'Follow-up reminder',
  consultation_booked: 'Consultation confirmation',
  consultation_moved: 'Consultation change',
  consultation_cancelled: 'Consultation cancellation',
  consultation_reminder: 'Consultation reminder',
  consultation_host_invite: "Host's calendar invitation",
  answer_alert: 'Answer alert',
};

const outcomeLabels: Record<string, string> = {
  pending: 'queued',
  sent: 'sent',
  failed: 'failed',
  skipped: 'not sent',
  bounced: 'bounced',
  complained: 'marked as spam by the recipient',
};

/** What the mail API last reported of a sent mail, after its line. */
const deliveryLabels: Record<string, string> = {
  sent: 'accepted by the mail service',
  delayed: 'delivery delayed',
  delivered: 'delivered',
  bounced: 'bounced',
  complained: 'marked as spam',
};

/** Why a mail was not sent, in words; any other reason is shown as it is stored. */
const skipReasonLabels: Record<string, string> = {
  suppressed_bounced: 'the address bounced before, so mail to it is blocked',
  suppressed_complained: 'the recipient marked our mail as spam, so mail to it is blocked',
};

const eventLabels: Record<string, string> = {
  received: 'Enquiry received',
  status_changed: 'Status changed',
  assigned: 'Assignee changed',
  last_contacted_set: 'Last-contacted date set',
  note_added: 'Note added',
  reply_sent: 'Reply sent',
  contact_recorded: 'Contact recorded',
  contact_undone: 'Call logged, then undone',
  follow_up_set: 'Follow-up set',
  follow_up_done: 'Follow-up done',
  follow_up_cleared: 'Follow-up cleared',
  hold_released: 'Hold released',
  mail_suppression_cleared: 'Mail to this address allowed again',
  consultation_booked: 'Consultation booked',
  consultation_moved: 'Consultation moved',
  consultation_cancelled: 'Consultation cancelled',
  prospect_answer: 'They answered by e-mail',
  prospect_answer_held: 'An answer by e-mail is held for review',
  answer_attached: 'Held answer attached',
  answer_discarded: 'Held answer discarded',
};

/** Why an answer by e-mail was held rather than put on the record. */
const heldReasonLabels: Record<string, string> = {
  other_sender: "it came from another address than the enquiry's",
  unknown_token: 'its reply address names no enquiry we still hold',
};

/** A staff member by name, else address; "a former staff member" once neither is known. */
export function staffName(id: string, staff: readonly StaffMember[]): string {
  const member = staff.find((candidate) => candidate.id === id);
  return member?.display_name?.trim() || member?.email || 'a former staff member';
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;

/** "Status: New → In progress". */
export function describeStatusChange(from: unknown, to: unknown): string {
  const [before, after] = [text(from), text(to)];
  if (!after) return 'Status changed';
  return before
    ? `Status: ${statusLabel(before)} → ${statusLabel(after)}`
    : `Status: ${statusLabel(after)}`;
}

/** "Assigned to Alex Lead", "Assigned to Alex Lead (was Sam)", "Unassigned (was Alex Lead)". */
export function describeAssignment(
  from: unknown,
  to: unknown,
  staff: readonly StaffMember[],
): string {
  const [before, after] = [text(from), text(to)];
  const was = before ? ` (was ${staffName(before, staff)})` : '';
  return after ? `Assigned to ${staffName(after, staff)}${was}` : `Unassigned${was}`;
}

/** "Last contacted: 20 Nov 2026 → 24 Nov 2026" (dates as the staff area shows them). */
export function describeLastContacted(from: unknown, to: unknown): string {
  const [before, after] = [text(from), text(to)];
  if (!after)
    return before
      ? `Last contacted date cleared (was ${formatDate(before)})`
      : 'Last contacted date cleared';
  return before
    ? `Last contacted: ${formatDate(before)} → ${formatDate(after)}`
    : `Last contacted: ${formatDate(after)}`;
}

/** "01 Dec 2026, 10:00–10:30" (London time); null without a start. */
function consultationTime(details: Record<string, unknown>): string | null {
  const [start, end] = [text(details.starts_at), text(details.ends_at)];
  if (!start) return null;
  return end ? `${formatDateTime(start)}–${formatTime(end)}` : formatDateTime(start);
}

/**
 * "Consultation booked for 01 Dec 2026, 10:00–10:30 with Ada Lovelace" and the like; a held
 * booking the system released unconfirmed reads "Consultation released: not confirmed".
 */
function describeConsultation(event: string, details: Record<string, unknown>): string {
  const when = consultationTime(details);
  const host = text(details.staff_name);
  const withHost = host ? ` with ${host}` : '';
  switch (event) {
    case 'consultation_booked':
      return when ? `Consultation booked for ${when}${withHost}` : 'Consultation booked';
    case 'consultation_moved':
      return when ? `Consultation moved to ${when}${withHost}` : 'Consultation moved';
    default:
      // the system releases a held booking its prospect never confirmed
      if (details.by === 'system') {
        return when
          ? `Consultation released: not confirmed (was ${when}${withHost})`
          : 'Consultation released: not confirmed';
      }
      return when ? `Consultation cancelled (was ${when}${withHost})` : 'Consultation cancelled';
  }
}

/** What one timeline entry says: its line, and a text it carries (a reply, a note). */
export type TimelineLine = {
  label: string;
  /** Shown after the label: who acted, why a mail was held or failed. */
  context: string;
  /** A note's or a call's note, shown as it is. */
  text?: string;
  /** A sent reply, behind a disclosure. */
  reply?: string;
  /** The files an answer by e-mail listed: named, not kept. */
  attachments?: string;
  /** A held answer's id, for the buttons that attach or discard it. */
  heldAnswerId?: string;
};

/** "report.pdf (120 KB), photo.jpg": the files an answer listed. */
export function describeAttachments(value: unknown): string | null {
  if (!Array.isArray(value) || value.length === 0) return null;
  return value
    .map((item: unknown) => {
      const file = item && typeof item === 'object' ? (item as Record<string, unknown>) : {};
      const name = text(file.filename) ?? 'unnamed file';
      const size = typeof file.size === 'number' ? file.size : null;
      if (size === null) return name;
      return size < 1024 ? `${name} (${size} bytes)` : `${name} (${Math.round(size / 1024)} KB)`;
    })
    .join(', ');
}

function detailsOf(event: TimelineEvent): Record<string, unknown> {
  const { details } = event;
  return details && typeof details === 'object' && !Array.isArray(details) ? details : {};
}

function labelOf(
  event: TimelineEvent,
  details: Record<string, unknown>,
  staff: readonly StaffMember[],
): string {
  switch (event.event) {
    case 'status_changed':
      return describeStatusChange(details.from, details.to);
    case 'assigned':
      return describeAssignment(details.from, details.to, staff);
    case 'last_contacted_set':
      return describeLastContacted(details.from, details.to);
    case 'follow_up_set': {
      const due = text(details.due_on);
      return due ? `Follow-up set for ${formatDate(due)}` : 'Follow-up set';
    }
    case 'contact_recorded':
      return details.channel === 'phone'
        ? `Call: ${callOutcomeLabel(text(details.outcome) ?? 'reached')}`
        : 'Replied from own mailbox';
    case 'contact_undone':
      return details.channel === 'phone'
        ? `Call logged (${callOutcomeLabel(text(details.outcome) ?? 'reached')}), then undone`
        : 'Reply from own mailbox logged, then undone';
    case 'consultation_booked':
    case 'consultation_moved':
    case 'consultation_cancelled':
      return describeConsultation(event.event, details);
    default:
      return describeTimelineEvent(event.event);
  }
}

/** One timeline entry in words, with staff named from the staff list. */
export function describeTimelineLine(
  event: TimelineEvent,
  staff: readonly StaffMember[],
): TimelineLine {
  const details = detailsOf(event);
  const parts: string[] = [];
  if (event.event === 'received' && details.held === true) {
    parts.push('held: many enquiries arrived at once');
  }
  const answer = event.event.startsWith('prospect_answer');
  // the database names every actor one way: the staff name, else the address it kept; an
  // answer's actor is the address it came from.
  if (event.actor) parts.push(answer ? `from ${event.actor}` : `by ${event.actor}`);
  else if (event.event.startsWith('consultation_') && details.by === 'visitor') {
    parts.push('by the prospect');
  } else if (event.event.startsWith('consultation_') && details.by === 'staff') {
    parts.push('by staff');
  }
  if (details.bulk === true) parts.push('with other enquiries at once');
  const skipReason = text(details.skip_reason);
  if (skipReason) parts.push(skipReasonLabels[skipReason] ?? skipReason.replace(/_/g, ' '));
  for (const key of ['last_error', 'delivery_detail'] as const) {
    const reason = text(details[key]);
    if (reason) parts.push(reason.replace(/_/g, ' '));
  }
  const held = text(details.held_reason);
  if (held && event.event === 'prospect_answer_held') parts.push(heldReasonLabels[held] ?? held);
  const delivery = text(details.delivery_state);
  if (delivery) parts.push(deliveryLabels[delivery] ?? delivery);
  const line: TimelineLine = { label: labelOf(event, details, staff), context: parts.join(' · ') };
  const body = text(details.body);
  const note = text(details.note);
  if (event.event === 'reply_sent' && body) line.reply = body;
  else if (event.event === 'note_added' && body) line.text = body;
  else if (event.event === 'contact_recorded' && note) line.text = note;
  else if (answer) {
    const subject = text(details.subject);
    line.text = [
      subject ? `Subject: ${subject}` : null,
      body,
      details.truncated === true ? '(cut short: the rest was too long to keep)' : null,
    ]
      .filter((part): part is string => part !== null)
      .join('\n\n');
    const files = describeAttachments(details.attachments);
    if (files) line.attachments = `Attached (not kept): ${files}`;
    const id = text(details.answer_id);
    if (event.event === 'prospect_answer_held' && id) line.heldAnswerId = id;
  }
  return line;
}

/** "Acknowledgement not sent", "Reply bounced", "Enquiry received" and the like. */
export function describeTimelineEvent(event: string): string {
  if (Object.hasOwn(eventLabels, event)) return eventLabels[event] ?? event;
  const mail = /^mail_(.+)_(pending|sent|failed|skipped|bounced|complained)$/.exec(event);
  if (mail) {
    const [, kind = '', outcome = ''] = mail;
    return `${mailLabels[kind] ?? kind} ${outcomeLabels[outcome] ?? outcome}`;
  }
  return eventLabels[event] ?? event;
}
