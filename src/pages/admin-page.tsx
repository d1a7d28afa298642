import { staffFooterLink } from '@/components/admin/staff-frame';
import { Seo } from '@/components/layout/seo';
import { paths } from '@/config/paths';
import { AdminDashboard } from '@/features/admin/admin-dashboard';
import { AdminQueryProvider } from '@/features/admin/admin-query-provider';
import { NeedsReplySectionNav } from '@/features/admin/needs-reply-section-nav';
import { useEnquiryAddress } from '@/features/admin/use-enquiry-address';
import { AuthProvider } from '@/features/auth/auth-provider';
import { ProtectedRoute } from '@/features/auth/protected-route';
import { StaffAreaFrame } from '@/features/auth/staff-area-frame';
import { CookieSettingsButton } from '@/features/consent/cookie-settings-button';

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
