import { useEffect } from 'react';
import { useNavigate } from 'react-router';

import { paths } from '@/config/paths';
import { AuthCard } from '@/features/auth/auth-card';
import { useAuth } from '@/features/auth/auth-context';
import { LoadingSpinner } from '@/features/auth/loading-spinner';
import { NoAccessNotice } from '@/features/auth/no-access-notice';
import { useRole } from '@/features/auth/use-role';

/**
 * /auth: the sign-in / sign-up card. A signed-in admin goes on to /admin; a signed-in user
 * without the role sees why instead (see NoAccessNotice). While the session loads (and in the
 * prerendered HTML) the card shows, so the page is usable at once.
 */
export function AuthScreen() {
  const { status, user } = useAuth();
  const { role, loading: roleLoading } = useRole();
  const navigate = useNavigate();
  const signedIn = status === 'signed-in' && user !== null;

  useEffect(() => {
    if (signedIn && role === 'admin') void navigate(paths.admin, { replace: true });
  }, [signedIn, role, navigate]);

  let content = <AuthCard />;
  if (signedIn && (roleLoading || role === 'admin')) {
    content = <LoadingSpinner label="Checking your access…" />;
  } else if (signedIn && role === 'user') {
    content = <NoAccessNotice email={user.email ?? ''} />;
  }

  return (
    <section className="flex min-h-screen-below-header items-center justify-center bg-slate-50 px-4 py-12 sm:py-16">
      {content}
    </section>
  );
}
