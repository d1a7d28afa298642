import { createClient, type SupabaseClient } from '@supabase/supabase-js';

import type { Database } from '@/lib/database.types';
import { readSupabaseEnv } from '@/lib/supabase-env';

export type AppSupabaseClient = SupabaseClient<Database>;

let client: AppSupabaseClient | undefined;

/**
 * The one Supabase client of the app. Never import this module statically from a public
 * page: go through `loadSupabase()` so supabase-js stays out of the first load.
 */
export function getSupabase(): AppSupabaseClient {
  if (!client) {
    const { url, anonKey } = readSupabaseEnv(import.meta.env);
    client = createClient<Database>(url, anonKey, {
      auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true },
    });
  }
  return client;
}
