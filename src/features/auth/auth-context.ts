import type { Session, User } from '@supabase/supabase-js';
import { createContext, useContext } from 'react';

import type { AppSupabaseClient } from '@/lib/supabase';

export type AuthStatus = 'loading' | 'signed-in' | 'signed-out';

export type AuthContextValue = {
  status: AuthStatus;
  session: Session | null;
  user: User | null;
  /** Null until supabase-js has loaded (never during prerender). */
  client: AppSupabaseClient | null;
  /** The client, loading supabase-js first when it is not in yet (e.g. a submit before load). */
  getClient: () => Promise<AppSupabaseClient>;
};

export const AuthContext = createContext<AuthContextValue | null>(null);

/** The auth state of the nearest AuthProvider; throws when there is none. */
export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used within an AuthProvider');
  return value;
}
