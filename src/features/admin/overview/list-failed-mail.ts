import type { Database } from '@/lib/database.types';
import { RpcError } from '@/lib/rpc-error';
import type { AppSupabaseClient } from '@/lib/supabase';

type FailedMailRow = Database['public']['Functions']['list_failed_enquiry_mail']['Returns'][number];

/**
 * One row of list_failed_enquiry_mail. The type generator reads no nullability for the columns of a
 * `returns table` function and types them all as set, but these three can be null: the recipient of
 * staff mail, the enquiry of a digest (or of a deleted enquiry), an error never recorded.
 */
export type FailedMail = Omit<FailedMailRow, 'recipient' | 'submission_id' | 'last_error'> & {
  recipient: string | null;
  submission_id: string | null;
  last_error: string | null;
};

export class FailedMailError extends RpcError {
  override readonly name = 'FailedMailError';
}

/** Notification e-mails the sender parked after its last attempt (admins only; newest first). */
export async function listFailedMail(client: AppSupabaseClient): Promise<FailedMail[]> {
  const { data, error } = await client.rpc('list_failed_enquiry_mail');
  if (error) throw new FailedMailError(error.code, error.message);
  return data ?? [];
}

/** Puts one failed e-mail back in the queue; false when it was no longer failed. */
export async function retryFailedMail(client: AppSupabaseClient, jobId: string): Promise<boolean> {
  const { data, error } = await client.rpc('retry_failed_enquiry_mail', { job_id: jobId });
  if (error) throw new FailedMailError(error.code, error.message);
  return data === true;
}

const kindLabels: Record<string, string> = {
  staff_alert: 'Staff alert',
  staff_digest: 'Staff summary',
  acknowledgement: 'Acknowledgement',
  consultation_booked: 'Consultation confirmation',
  consultation_moved: 'Consultation change',
  consultation_cancelled: 'Consultation cancellation',
  consultation_reminder: 'Consultation reminder',
  consultation_host_invite: "Host's calendar invitation",
  answer_alert: 'Answer alert',
};

/** The kinds mailed to one person (the enquirer, or a booking's host), named by their address. */
const toOnePerson = new Set([
  'acknowledgement',
  'consultation_booked',
  'consultation_moved',
  'consultation_cancelled',
  'consultation_reminder',
  'consultation_host_invite',
]);

/** "Staff summary of 4 enquiries", "Acknowledgement to ann@example.com". */
export function describeFailedMail(mail: FailedMail): string {
  const kind = kindLabels[mail.kind] ?? mail.kind;
  if (toOnePerson.has(mail.kind) && mail.recipient) return `${kind} to ${mail.recipient}`;
  if (mail.kind === 'staff_digest') {
    return `${kind} of ${mail.enquiry_count} ${mail.enquiry_count === 1 ? 'enquiry' : 'enquiries'}`;
  }
  return kind;
}
