import type { Session } from '@supabase/supabase-js';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';

import { AuthContext, type AuthContextValue, type AuthStatus } from '@/features/auth/auth-context';
import { loadSupabase } from '@/lib/load-supabase';
import type { AppSupabaseClient } from '@/lib/supabase';
import { SupabaseClientContext } from '@/lib/supabase-client-context';

type AuthState = {
  status: AuthStatus;
  session: Session | null;
  client: AppSupabaseClient | null;
};

function stateFor(session: Session | null, client: AppSupabaseClient): AuthState {
  return { status: session ? 'signed-in' : 'signed-out', session, client };
}

/**
 * Session state for /auth and /admin. supabase-js (loaded here, never on public pages) keeps the
 * session in localStorage and refreshes it; this provider reads it once at start and then
 * follows onAuthStateChange (sign-in, token refresh, sign-out). It renders as 'loading' on the
 * server and on the first client render, so prerendered markup and hydration agree.
 */
export function AuthProvider({
  children,
  client: injected,
}: {
  children: ReactNode;
  /** For tests: a client to use instead of loading supabase-js. */
  client?: AppSupabaseClient;
}) {
  const [state, setState] = useState<AuthState>({
    status: 'loading',
    session: null,
    client: injected ?? null,
  });

  useEffect(() => {
    let active = true;
    let unsubscribe = () => {};
    const start = async () => {
      const client = injected ?? (await loadSupabase());
      if (!active) return;
      const { data, error } = await client.auth.getSession();
      if (!active) return;
      if (error) console.error('Could not read the session', error);
      setState(stateFor(data.session, client));
      const { data: listener } = client.auth.onAuthStateChange((_event, session) => {
        if (active) setState(stateFor(session, client));
      });
      unsubscribe = () => listener.subscription.unsubscribe();
    };
    start().catch((error: unknown) => {
      console.error('Could not start authentication', error);
      if (active) setState((current) => ({ ...current, status: 'signed-out', session: null }));
    });
    return () => {
      active = false;
      unsubscribe();
    };
  }, [injected]);

  const getClient = useCallback(
    () =>
      state.client
        ? Promise.resolve(state.client)
        : injected
          ? Promise.resolve(injected)
          : loadSupabase(),
    [state.client, injected],
  );

  const value = useMemo<AuthContextValue>(
    () => ({
      status: state.status,
      session: state.session,
      user: state.session?.user ?? null,
      client: state.client,
      getClient,
    }),
    [state, getClient],
  );

  return (
    <AuthContext value={value}>
      <SupabaseClientContext value={state.client}>{children}</SupabaseClientContext>
    </AuthContext>
  );
}
