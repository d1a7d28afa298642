import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

import { staffFooterLink } from '@/components/admin/staff-frame';
import { Seo } from '@/components/layout/seo';
import { paths } from '@/config/paths';
import { limits } from '@/config/site';
import { AdminDashboard } from '@/features/admin/admin-dashboard';
import { prefetchDashboard } from '@/features/admin/admin-queries';
import { AdminQueryProvider, createAdminQueryClient } from '@/features/admin/admin-query-provider';
import { readListView } from '@/features/admin/list-params';
import { NeedsReplySectionNav } from '@/features/admin/needs-reply-section-nav';
import { useEnquiryAddress } from '@/features/admin/use-enquiry-address';
import { useAuth } from '@/features/auth/auth-context';
import { AuthProvider } from '@/features/auth/auth-provider';
import { ProtectedRoute } from '@/features/auth/protected-route';
import { StaffAreaFrame } from '@/features/auth/staff-area-frame';
import { startRoleCheck } from '@/features/auth/use-role';
import { CookieSettingsButton } from '@/features/consent/cookie-settings-button';
import { jwtClaim } from '@/lib/jwt-claim';
import { loadSupabase } from '@/lib/load-supabase';

/**
 * The dashboard's requests, started as soon as this code runs on a direct load of /admin, before
 * React has rendered the page (which takes a while, most of all on a phone): supabase-js, the
 * stored session and, for a session at aal2, the role check and the list, counts and figures,
 * into a query cache the page then takes over. Evaluated for another reason (a link's prefetch on
 * another page) it starts nothing. Failures are left to the page, which asks again.
 */
function startBeforeRender(): QueryClient {
  const queryClient = createAdminQueryClient();
  loadSupabase()
    .then(async (client) => {
      const { session } = (await client.auth.getSession()).data;
      if (!session || jwtClaim(session.access_token, 'aal') !== 'aal2') return;
      startRoleCheck(client, session.user.id);
      const view = readListView(new URLSearchParams(window.location.search));
      prefetchDashboard(queryClient, client, view, limits.adminPageSize);
    })
    .catch(() => {});
  return queryClient;
}

let startedCache: QueryClient | null =
  typeof window !== 'undefined' && window.location.pathname.replace(/\/$/, '') === paths.admin
    ? startBeforeRender()
    : null;

/** The cache started before render, for the first dashboard only (a later visit starts afresh). */
function takeQueryClient(): QueryClient {
  const taken = startedCache ?? createAdminQueryClient();
  startedCache = null;
  return taken;
}

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
          {/* After the frame: its role check's request goes out first (effects run in order). */}
          <StartDashboardEarly />
        </AdminQueryProvider>
      </AuthProvider>
    </>
  );
}
