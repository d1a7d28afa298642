import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';

import { AuthCard } from '@/features/auth/auth-card';
import { useAuth } from '@/features/auth/auth-context';
import { LoadingSpinner } from '@/features/auth/loading-spinner';
import { MfaChallenge } from '@/features/auth/mfa-challenge';
import { MfaEnrolment } from '@/features/auth/mfa-enrolment';
import { NoAccessNotice } from '@/features/auth/no-access-notice';
import { safeNextPath } from '@/features/auth/safe-next-path';
import { useAssurance } from '@/features/auth/use-assurance';
import { useRole } from '@/features/auth/use-role';

/**
 * /auth: the sign-in / sign-up card. A signed-in admin must then pass the second step: the code
 * of their authenticator app, or enrolling one first if they have none; only an aal2 session goes
 * on, to the `next` page it came from (same-origin paths only) or /admin. A signed-in user
 * without the role sees why instead (see NoAccessNotice). While the session loads (and in the
 * prerendered HTML) the card shows, so the page is usable at once.
 */
export function AuthScreen() {
  const { status, user } = useAuth();
  const { role, loading: roleLoading } = useRole();
  const assurance = useAssurance();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const next = safeNextPath(searchParams.get('next'));
  const signedIn = status === 'signed-in' && user !== null;
  const admin = signedIn && role === 'admin';
  const verified = admin && !assurance.loading && assurance.currentLevel === 'aal2';

  useEffect(() => {
    if (verified) void navigate(next, { replace: true });
  }, [verified, next, navigate]);

  let content = <AuthCard />;
  if (signedIn && (roleLoading || (admin && (assurance.loading || verified)))) {
    content = <LoadingSpinner label="Checking your access…" />;
  } else if (admin) {
    content = assurance.nextLevel === 'aal2' ? <MfaChallenge /> : <MfaEnrolment />;
  } else if (signedIn && role === 'user') {
    content = <NoAccessNotice email={user.email ?? ''} />;
  }

  return (
    <section className="flex min-h-screen-below-header items-center justify-center bg-slate-50 px-4 py-12 sm:py-16">
      {content}
    </section>
  );
}
