import type { AuthenticatorAssuranceLevels } from '@supabase/supabase-js';
import { useEffect, useState } from 'react';

import { useAuth } from '@/features/auth/auth-context';

export type AssuranceState = {
  /** True until the level of the current session is known. */
  loading: boolean;
  /** `aal2` once this session has passed a second factor. */
  currentLevel: AuthenticatorAssuranceLevels | null;
  /** `aal2` when the user has a verified factor, so this session can reach aal2. */
  nextLevel: AuthenticatorAssuranceLevels | null;
};

type Levels = Omit<AssuranceState, 'loading'>;

/**
 * The session's authenticator assurance level, from supabase-js's
 * getAuthenticatorAssuranceLevel() (the access token's `aal` claim and the session user's
 * verified factors), read again whenever the access token changes.
 */
export function useAssurance(): AssuranceState {
  const { status, session, client } = useAuth();
  const token = session?.access_token ?? null;
  const [fetched, setFetched] = useState<{ token: string; levels: Levels } | null>(null);

  useEffect(() => {
    if (!client || !token) return;
    let active = true;
    const none: Levels = { currentLevel: null, nextLevel: null };
    client.auth.mfa
      .getAuthenticatorAssuranceLevel()
      .then(({ data, error }) => {
        if (!active) return;
        if (error) console.error('Could not read the assurance level', error);
        const levels = data ? { currentLevel: data.currentLevel, nextLevel: data.nextLevel } : none;
        setFetched({ token, levels });
      })
      .catch((error: unknown) => {
        console.error('Could not read the assurance level', error);
        if (active) setFetched({ token, levels: none });
      });
    return () => {
      active = false;
    };
  }, [client, token]);

  if (token !== null && fetched?.token === token) return { loading: false, ...fetched.levels };
  return {
    loading: status === 'loading' || token !== null,
    currentLevel: null,
    nextLevel: null,
  };
}
