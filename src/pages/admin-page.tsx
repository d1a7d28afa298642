import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

import { Seo } from '@/components/layout/seo';
import { paths } from '@/config/paths';
import { limits } from '@/config/site';
import { AdminDashboard } from '@/features/admin/list/admin-dashboard';
import { readListView } from '@/features/admin/list/list-params';
import { prefetchDashboard } from '@/features/admin/list/list-queries';
import { NeedsReplySectionNav } from '@/features/admin/needs-reply/needs-reply-section-nav';
import { AdminQueryProvider } from '@/features/admin/shared/admin-query-provider';
import { startBeforeRender } from '@/features/admin/shared/start-before-render';
import { useEnquiryAddress } from '@/features/admin/shared/use-enquiry-address';
import { useAuth } from '@/features/auth/auth-context';
import { AuthProvider } from '@/features/auth/auth-provider';
import { ProtectedRoute } from '@/features/auth/protected-route';
import { startRoleCheck } from '@/features/auth/use-role';
import { CookieSettingsButton } from '@/features/consent/cookie-settings-button';
import { StaffAreaFrame } from '@/features/staff-frame/staff-area-frame';
import { staffFooterLink } from '@/features/staff-frame/staff-frame';
import { jwtClaim } from '@/lib/jwt-claim';

/** On a direct load of /admin: the role check, then the list, figures and counts. */
const takeQueryClient = startBeforeRender(paths.admin, {
  access: startRoleCheck,
  page: (queryClient, client) => {
    const view = readListView(new URLSearchParams(window.location.search));
    prefetchDashboard(queryClient, client, view, limits.adminPageSize);
  },
});

/**
 * Starts the dashboard's requests once React has a session whose token says aal2, while the access
 * check asks for the role: for a visit the start before render did not cover (a client-side
 * navigation from another staff page); after a direct load they are already in the cache and
 * nothing is asked twice. For anyone the database does not count as an admin they are refused or
 * empty, and never shown.
 */
function StartDashboardEarly() {
  const { client, session } = useAuth();
  const aal2 = session ? jwtClaim(session.access_token, 'aal') === 'aal2' : false;
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const started = useRef(false);
  useEffect(() => {
    if (!client || !aal2 || started.current) return;
    started.current = true;
    prefetchDashboard(queryClient, client, readListView(params), limits.adminPageSize);
  }, [client, aal2, queryClient, params]);
  return null;
}

export default function AdminPage() {
  const { enquiryId, setEnquiry, pollIntervalMs } = useEnquiryAddress();
  const [queryClient] = useState(takeQueryClient);

  return (
    <>
      <Seo
        title="Admin Dashboard"
        description="Review contact form submissions."
        path={paths.admin}
        noindex
      />
      <AuthProvider>
        <AdminQueryProvider client={queryClient}>
          <StaffAreaFrame
            current="enquiries"
            footer={<CookieSettingsButton className={staffFooterLink} />}
            sectionNav={(current) => (
              <NeedsReplySectionNav current={current} pollMs={pollIntervalMs} />
            )}
          >
            <ProtectedRoute adminOnly pageTitle="Admin Dashboard">
              {({ user, role }) => (
                <AdminDashboard
                  email={user.email ?? ''}
                  role={role}
                  enquiryId={enquiryId}
                  onEnquiryChange={setEnquiry}
                  pollIntervalMs={pollIntervalMs}
                />
              )}
            </ProtectedRoute>
          </StaffAreaFrame>
          {/* After the frame: its role check's request goes out first (effects run in order). */}
          <StartDashboardEarly />
        </AdminQueryProvider>
      </AuthProvider>
    </>
  );
}
