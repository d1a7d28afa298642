import type { Database } from '@/lib/database.types';
import { RpcError } from '@/lib/rpc-error';
import type { AppSupabaseClient } from '@/lib/supabase';

type Row = Database['public']['Functions']['enquiries_needing_reply']['Returns'][number];

/**
 * One open enquiry still owed its first reply. The type generator types every column of a
 * `returns table` function as set, but an unassigned enquiry has no assignee, and most addresses
 * have no mail problem.
 */
export type EnquiryNeedingReply = Omit<Row, 'assigned_to' | 'assignee_email' | 'mail_problem'> & {
  assigned_to: string | null;
  assignee_email: string | null;
  /** bounced or complained when no mail reaches the enquirer. */
  mail_problem: string | null;
};

/** Open enquiries without a first response, oldest due first (admins only). */
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
