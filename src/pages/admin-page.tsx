import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

import { staffFooterLink } from '@/components/admin/staff-frame';
import { Seo } from '@/components/layout/seo';
import { paths } from '@/config/paths';
import { limits } from '@/config/site';
import { AdminDashboard } from '@/features/admin/admin-dashboard';
import { AdminQueryProvider } from '@/features/admin/admin-query-provider';
import { AuthProvider } from '@/features/auth/auth-provider';
import { ProtectedRoute } from '@/features/auth/protected-route';
import { StaffAreaFrame } from '@/features/auth/staff-area-frame';
import { CookieSettingsButton } from '@/features/consent/cookie-settings-button';

/** `?poll=<ms>` shortens the new-enquiry check (the e2e tests use it); never below the floor. */
function pollInterval(value: string | null): number {
  const ms = Number(value);
  return value && Number.isFinite(ms) ? Math.max(limits.adminMinPollMs, ms) : limits.adminPollMs;
}

export default function AdminPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const enquiryId = searchParams.get('enquiry');
  const pollIntervalMs = pollInterval(searchParams.get('poll'));

  // `?enquiry=<id>` is the open dialog: a link to it opens it, closing it removes the parameter.
  const setEnquiry = useCallback(
    (id: string | null) =>
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (id === null) next.delete('enquiry');
          else next.set('enquiry', id);
          return next;
        },
        { replace: id === null, preventScrollReset: true },
      ),
    [setSearchParams],
  );

  // Signing out lands on the plain /auth, not on one whose next= reopens this list.
  const clearList = useCallback(
    () => setSearchParams(new URLSearchParams(), { replace: true }),
    [setSearchParams],
  );

  return (
    <>
      <Seo
        title="Admin Dashboard"
        description="Review contact form submissions."
        path={paths.admin}
        noindex
      />
      <AuthProvider>
        <StaffAreaFrame
          current="enquiries"
          footer={<CookieSettingsButton className={staffFooterLink} />}
          beforeSignOut={clearList}
        >
          <ProtectedRoute adminOnly pageTitle="Admin Dashboard">
            {({ user, role, client }) => (
              <AdminQueryProvider>
                <AdminDashboard
                  client={client}
                  email={user.email ?? ''}
                  role={role}
                  enquiryId={enquiryId}
                  onEnquiryChange={setEnquiry}
                  pollIntervalMs={pollIntervalMs}
                />
              </AdminQueryProvider>
            )}
          </ProtectedRoute>
        </StaffAreaFrame>
      </AuthProvider>
    </>
  );
}
