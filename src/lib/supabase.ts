import { createClient, type SupabaseClient } from '@supabase/supabase-js';

import { readBrowserEnv } from '@/lib/browser-env';
import type { Database } from '@/lib/database.types';

export type AppSupabaseClient = SupabaseClient<Database>;

let client: AppSupabaseClient | undefined;

/**
 * The one Supabase client of the app. Never import this module statically from a public
 * page: go through `loadSupabase()` so supabase-js stays out of the first load.
 */
export function getSupabase(): AppSupabaseClient {
  if (!client) {
    const { supabaseUrl, supabaseAnonKey } = readBrowserEnv();
    client = createClient<Database>(supabaseUrl, supabaseAnonKey, {
      auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true },
    });
  }
  return client;
}
