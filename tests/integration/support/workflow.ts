import type { PostgrestError, SupabaseClient } from '@supabase/supabase-js';

type WorkflowField = 'status' | 'assigned_to' | 'last_contacted_at';
export type WorkflowChange = Partial<Record<WorkflowField, string | null>>;

/**
 * Changes an enquiry's workflow fields the way the record does, one save_enquiry_field() call per
 * field, each from the value the caller reads first (so no colleague's change is in the way):
 * what a test needs when the change itself, not the race, is under test. Answers like the
 * update it stands for: the row as saved (null when there is none, or the caller may not read
 * it), or the first refusal.
 */
export async function saveWorkflow(
  client: SupabaseClient,
  id: string,
  change: WorkflowChange,
): Promise<{ data: Record<string, unknown> | null; error: PostgrestError | null }> {
  let saved: Record<string, unknown> | null = null;
  for (const [field, value] of Object.entries(change)) {
    const read = await client
      .from('contact_submissions')
      .select('status, assigned_to, last_contacted_at')
      .eq('id', id)
      .maybeSingle();
    if (read.error) return { data: null, error: read.error };
    const seen = (read.data as Record<string, string | null> | null)?.[field] ?? null;
    const { data, error } = await client.rpc('save_enquiry_field', {
      _submission_id: id,
      _field: field,
      _value: value,
      _seen: seen,
    });
    if (error) return { data: null, error };
    saved = data as Record<string, unknown> | null;
  }
  return { data: saved, error: null };
}
