import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

import { staffFooterLink } from '@/components/admin/staff-frame';
import { Seo } from '@/components/layout/seo';
import { paths } from '@/config/paths';
import { limits } from '@/config/site';
import { AdminDashboard } from '@/features/admin/admin-dashboard';
import { prefetchDashboard } from '@/features/admin/admin-queries';
import { AdminQueryProvider } from '@/features/admin/admin-query-provider';
import { readListView } from '@/features/admin/list-params';
import { NeedsReplySectionNav } from '@/features/admin/needs-reply-section-nav';
import { useEnquiryAddress } from '@/features/admin/use-enquiry-address';
import { useAuth } from '@/features/auth/auth-context';
import { AuthProvider } from '@/features/auth/auth-provider';
import { ProtectedRoute } from '@/features/auth/protected-route';
import { StaffAreaFrame } from '@/features/auth/staff-area-frame';
import { CookieSettingsButton } from '@/features/consent/cookie-settings-button';
import { jwtClaim } from '@/lib/jwt-claim';

/**
 * Starts the dashboard's requests as soon as the session's token says aal2, while the access check
 * asks for the role, so the list and figures are on their way when access is granted. For anyone
 * the database does not count as an admin they are refused or empty, and never shown.
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

  return (
    <>
      <Seo
        title="Admin Dashboard"
        description="Review contact form submissions."
        path={paths.admin}
        noindex
      />
      <AuthProvider>
        <AdminQueryProvider>
          <StartDashboardEarly />
          <StaffAreaFrame
            current="enquiries"
            footer={<CookieSettingsButton className={staffFooterLink} />}
            sectionNav={(current, client) => (
              <NeedsReplySectionNav current={current} client={client} pollMs={pollIntervalMs} />
            )}
          >
            <ProtectedRoute adminOnly pageTitle="Admin Dashboard">
              {({ user, role, client }) => (
                <AdminDashboard
                  client={client}
                  email={user.email ?? ''}
                  role={role}
                  enquiryId={enquiryId}
                  onEnquiryChange={setEnquiry}
                  pollIntervalMs={pollIntervalMs}
                />
              )}
            </ProtectedRoute>
          </StaffAreaFrame>
        </AdminQueryProvider>
      </AuthProvider>
    </>
  );
}
