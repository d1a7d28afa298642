import type { AppSupabaseClient } from '@/lib/supabase';

/**
 * The display name staff gave this person (public.staff_profiles), or null when there is none or
 * it cannot be read: the caller then shows the session's e-mail address.
 */
export async function fetchStaffName(
  client: AppSupabaseClient,
  userId: string,
): Promise<string | null> {
  try {
    const { data, error } = await client
      .from('staff_profiles')
      .select('display_name')
      .eq('user_id', userId)
      .maybeSingle();
    return error ? null : (data?.display_name ?? null);
  } catch {
    return null;
  }
}
