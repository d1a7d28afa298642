import type { AuthenticatorAssuranceLevels } from '@supabase/supabase-js';

import { useAuth } from '@/features/auth/auth-context';
import { useLoadedFor } from '@/features/auth/use-loaded-for';
import type { AppSupabaseClient } from '@/lib/supabase';

export type AssuranceState = {
  /** True until the level of the current session is known. */
  loading: boolean;
  /** `aal2` once this session has passed a second factor. */
  currentLevel: AuthenticatorAssuranceLevels | null;
  /** `aal2` when the user has a verified factor, so this session can reach aal2. */
  nextLevel: AuthenticatorAssuranceLevels | null;
};

type Levels = Omit<AssuranceState, 'loading'>;

const unknownLevels: Levels = { currentLevel: null, nextLevel: null };

async function readLevels(client: AppSupabaseClient): Promise<Levels> {
  try {
    const { data, error } = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    if (error) console.error('Could not read the assurance level', error);
    return data ? { currentLevel: data.currentLevel, nextLevel: data.nextLevel } : unknownLevels;
  } catch (error) {
    console.error('Could not read the assurance level', error);
    return unknownLevels;
  }
}

/**
 * The session's authenticator assurance level, from supabase-js's
 * getAuthenticatorAssuranceLevel() (the access token's `aal` claim and the session user's
 * verified factors), read again whenever the access token changes.
 */
export function useAssurance(): AssuranceState {
  const { status, session, client } = useAuth();
  const token = session?.access_token ?? null;
  const levels = useLoadedFor(client, token, readLevels);
  if (levels) return { loading: false, ...levels };
  return { loading: status === 'loading' || token !== null, ...unknownLevels };
}
