import { SubmissionsQueryError } from '@/features/admin/list-submissions';
import type { AppSupabaseClient } from '@/lib/supabase';

/** The most ids one read-marks request may ask about (the database refuses more). */
export const MAX_READ_IDS = 200;

/** Which of `ids` the signed-in staff member has opened (one request per MAX_READ_IDS ids). */
export async function listReadIds(
  client: AppSupabaseClient,
  ids: readonly string[],
): Promise<Set<string>> {
  const read = new Set<string>();
  for (let start = 0; start < ids.length; start += MAX_READ_IDS) {
    const { data, error } = await client.rpc('enquiry_read_ids', {
      _ids: ids.slice(start, start + MAX_READ_IDS),
    });
    if (error) throw new SubmissionsQueryError(error);
    for (const id of data ?? []) read.add(id);
  }
  return read;
}

/** Marks an enquiry as opened (or, with `read` false, as not opened) by the signed-in staff member. */
export async function markEnquiryRead(
  client: AppSupabaseClient,
  id: string,
  read: boolean,
): Promise<void> {
  const { error } = await client.rpc('mark_enquiry_read', { _submission_id: id, _read: read });
  if (error) throw new SubmissionsQueryError(error);
}
