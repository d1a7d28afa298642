import type { User } from '@supabase/supabase-js';
import { useEffect, useRef, type ReactNode } from 'react';
import { useNavigate } from 'react-router';

import { notify } from '@/components/ui/toast/notify';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/auth-context';
import { authMessages } from '@/features/auth/auth-messages';
import type { AppRole } from '@/features/auth/fetch-user-role';
import { LoadingSpinner } from '@/features/auth/loading-spinner';
import { useRole } from '@/features/auth/use-role';
import type { AppSupabaseClient } from '@/lib/supabase';

export type ProtectedAccess = { user: User; role: AppRole; client: AppSupabaseClient };

type ProtectedRouteProps = {
  /** Also require the admin role (non-admins get "Access Denied" and go to /auth). */
  adminOnly?: boolean;
  /** The page's heading, kept (visually hidden) while access is checked: every state has its h1. */
  pageTitle?: string;
  /** What to show once access is granted, given the user, role and client. */
  children: (access: ProtectedAccess) => ReactNode;
};

/**
 * Guards a page in the UI: a spinner while the session (and, for adminOnly, the role) loads;
 * signed out → /auth; signed in without admin → Access Denied toast and /auth. This only
 * decides what to show: RLS is what keeps the data from non-admins.
 */
export function ProtectedRoute({ adminOnly = false, pageTitle, children }: ProtectedRouteProps) {
  const { status, user, client } = useAuth();
  const { role, loading: roleLoading } = useRole();
  const navigate = useNavigate();
  const deniedOnce = useRef(false);

  const signedOut = status === 'signed-out';
  const denied = adminOnly && status === 'signed-in' && !roleLoading && role !== 'admin';

  useEffect(() => {
    if (signedOut) {
      void navigate(paths.auth, { replace: true });
    } else if (denied && !deniedOnce.current) {
      deniedOnce.current = true;
      notify({
        title: authMessages.accessDeniedTitle,
        description: authMessages.accessDeniedDescription,
        variant: 'destructive',
      });
      void navigate(paths.auth, { replace: true });
    }
  }, [signedOut, denied, navigate]);

  if (status === 'signed-in' && user && client && !roleLoading && role && !denied) {
    return children({ user, role, client });
  }
  return (
    <>
      {pageTitle ? <h1 className="sr-only">{pageTitle}</h1> : null}
      <LoadingSpinner label={signedOut || denied ? 'Redirecting…' : 'Checking your access…'} />
    </>
  );
}
