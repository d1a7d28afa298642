import type { Database } from '@/lib/database.types';
import { RpcError } from '@/lib/rpc-error';
import type { AppSupabaseClient } from '@/lib/supabase';

type Row = Database['public']['Functions']['enquiries_needing_reply']['Returns'][number];

/**
 * One enquiry owed a reply: its first, or one to the answer the enquirer sent by mail since the
 * last contact. The type generator types every column of a `returns table` function as set, but
 * an unassigned enquiry has no assignee, most addresses have no mail problem, and an enquiry not
 * yet answered has no answer of theirs waiting.
 */
export type EnquiryNeedingReply = Omit<
  Row,
  'assigned_to' | 'assignee_email' | 'mail_problem' | 'answered_at'
> & {
  assigned_to: string | null;
  assignee_email: string | null;
  /** bounced or complained when no mail reaches the enquirer. */
  mail_problem: string | null;
  /** When the enquirer answered by mail, if that is what is owed a reply. */
  answered_at: string | null;
};

/** Enquiries owed a reply, oldest due first (admins only). */
export async function listEnquiriesNeedingReply(
  client: AppSupabaseClient,
): Promise<EnquiryNeedingReply[]> {
  const { data, error } = await client.rpc('enquiries_needing_reply');
  if (error) throw new RpcError(error.code, error.message);
  return data ?? [];
}

/** "Due in 3 h", "Due in 25 min", "Overdue by 2 h", "Overdue by 3 days" as of `now`. */
export function describeDue(dueAt: string, now: Date): string {
  const minutes = Math.round((Date.parse(dueAt) - now.getTime()) / 60_000);
  const span = (total: number) => {
    if (total < 90) return `${total} min`;
    if (total < 48 * 60) return `${Math.round(total / 60)} h`;
    return `${Math.round(total / (24 * 60))} days`;
  };
  return minutes >= 0 ? `Due in ${span(minutes)}` : `Overdue by ${span(-minutes)}`;
}
