import type { AppSupabaseClient } from '@/lib/supabase';

/** Loads supabase-js on first use (a separate chunk) and returns the app's client. */
export async function loadSupabase(): Promise<AppSupabaseClient> {
  const { getSupabase } = await import('@/lib/supabase');
  return getSupabase();
}
