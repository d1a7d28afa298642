import type { User } from '@supabase/supabase-js';
import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';

import { notify } from '@/components/ui/toast/notify';
import { useAuth } from '@/features/auth/auth-context';
import { authMessages } from '@/features/auth/auth-messages';
import type { AppRole } from '@/features/auth/fetch-user-role';
import { LoadingSpinner } from '@/features/auth/loading-spinner';
import { authPathFor } from '@/features/auth/safe-next-path';
import { useAssurance } from '@/features/auth/use-assurance';
import { useRole } from '@/features/auth/use-role';

export type ProtectedAccess = { user: User; role: AppRole };

type ProtectedRouteProps = {
  /**
   * Also require the admin role (non-admins get "Access Denied" and go to /auth) and an aal2
   * session: an admin who has only given a password goes to the code step at /auth.
   */
  adminOnly?: boolean;
  /** The page's heading, kept (visually hidden) while access is checked: every state has its h1. */
  pageTitle?: string;
  /** What to show once access is granted, given the user and role. */
  children: (access: ProtectedAccess) => ReactNode;
};

/**
 * Guards a page in the UI: a spinner while the session (and, for adminOnly, the role and the
 * assurance level) loads; signed out → /auth; signed in without admin → Access Denied toast and
 * /auth; an admin below aal2 → /auth for the second factor. /auth gets `next` (this page and its
 * query) so the visitor comes back to exactly it. This only decides what to show: RLS is what
 * keeps the data from non-admins.
 */
export function ProtectedRoute({ adminOnly = false, pageTitle, children }: ProtectedRouteProps) {
  const { status, user, client } = useAuth();
  const { role, loading: roleLoading } = useRole();
  const assurance = useAssurance();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const authPath = authPathFor(`${pathname}${search}`);
  const deniedOnce = useRef(false);

  const signedOut = status === 'signed-out';
  const denied = adminOnly && status === 'signed-in' && !roleLoading && role !== 'admin';
  const secondFactorMissing =
    adminOnly &&
    status === 'signed-in' &&
    role === 'admin' &&
    !assurance.loading &&
    assurance.currentLevel !== 'aal2';

  useEffect(() => {
    if (signedOut || secondFactorMissing) {
      void navigate(authPath, { replace: true });
    } else if (denied && !deniedOnce.current) {
      deniedOnce.current = true;
      notify({
        title: authMessages.accessDeniedTitle,
        description: authMessages.accessDeniedDescription,
        variant: 'destructive',
      });
      void navigate(authPath, { replace: true });
    }
  }, [signedOut, secondFactorMissing, denied, authPath, navigate]);

  const levelMet = !adminOnly || (!assurance.loading && assurance.currentLevel === 'aal2');
  if (status === 'signed-in' && user && client && !roleLoading && role && !denied && levelMet) {
    return children({ user, role });
  }
  return (
    <>
      {pageTitle ? <h1 className="sr-only">{pageTitle}</h1> : null}
      <LoadingSpinner
        label={
          signedOut || denied || secondFactorMissing ? 'Redirecting…' : 'Checking your access…'
        }
      />
    </>
  );
}
