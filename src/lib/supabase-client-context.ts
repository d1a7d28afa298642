import { createContext, useContext } from 'react';

import type { AppSupabaseClient } from '@/lib/supabase';

/**
 * The signed-in session's supabase-js client, provided once by the staff pages' AuthProvider
 * (null until supabase-js has loaded) so that staff components and their queries need no prop.
 */
export const SupabaseClientContext = createContext<AppSupabaseClient | null>(null);

/**
 * The client, for what is drawn only once it has loaded: the page behind the staff guard and the
 * frame's links and account once signed in. Throws when asked before.
 */
export function useSupabaseClient(): AppSupabaseClient {
  const client = useContext(SupabaseClientContext);
  if (!client) throw new Error('useSupabaseClient was called before supabase-js had loaded');
  return client;
}
