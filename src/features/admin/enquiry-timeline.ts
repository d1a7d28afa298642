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
  submissionId: string,
): Promise<TimelineEvent[]> {
  const { data, error } = await client.rpc('enquiry_timeline', { _submission_id: submissionId });
  if (error) throw new RpcError(error.code, error.message);
  return data ?? [];
}

const mailLabels: Record<string, string> = {
  staff_alert: 'Staff alert',
  staff_digest: 'Staff digest',
  acknowledgement: 'Acknowledgement',
  reply: 'Reply e-mail',
  reply_reminder: 'Reply reminder',
  reply_escalation: 'Overdue escalation',
  follow_up_reminder: 'Follow-up reminder',
};

const outcomeLabels: Record<string, string> = {
  pending: 'queued',
  sent: 'sent',
  failed: 'failed',
  skipped: 'not sent',
};

const eventLabels: Record<string, string> = {
  received: 'Enquiry received',
  status_changed: 'Status changed',
  assigned: 'Assignee changed',
  last_contacted_set: 'Last-contacted date set',
  note_added: 'Note added',
  reply_sent: 'Reply sent',
  contact_recorded: 'Contact recorded',
  follow_up_set: 'Follow-up set',
  follow_up_done: 'Follow-up done',
  follow_up_cleared: 'Follow-up cleared',
};

/** "Acknowledgement not sent", "Reply sent", "Enquiry received" and the like. */
export function describeTimelineEvent(event: string): string {
  const mail = /^mail_(.+)_(pending|sent|failed|skipped)$/.exec(event);
  if (mail) {
    const [, kind = '', outcome = ''] = mail;
    return `${mailLabels[kind] ?? kind} ${outcomeLabels[outcome] ?? outcome}`;
  }
  return eventLabels[event] ?? event;
}
