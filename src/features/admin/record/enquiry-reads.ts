import { EnquiriesQueryError } from '@/features/admin/list/list-enquiries';
import type { AppSupabaseClient } from '@/lib/supabase';

/** Marks an enquiry as opened (or, with `read` false, as not opened) by the signed-in staff member. */
export async function markEnquiryRead(
  client: AppSupabaseClient,
  id: string,
  read: boolean,
): Promise<void> {
  const { error } = await client.rpc('mark_enquiry_read', { _submission_id: id, _read: read });
  if (error) throw new EnquiriesQueryError(error);
}
