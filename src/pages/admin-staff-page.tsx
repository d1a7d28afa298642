import { AdminSectionNav } from '@/components/admin/admin-section-nav';
import { adminSectionPaths } from '@/components/admin/admin-section-paths';
import { Seo } from '@/components/layout/seo';
import { AuthProvider } from '@/features/auth/auth-provider';
import { ProtectedRoute } from '@/features/auth/protected-route';
import { StaffAccessPanel } from '@/features/staff-access/staff-access-panel';

const TITLE = 'Staff access';

export default function AdminStaffPage() {
  return (
    <>
      <Seo
        title={TITLE}
        description="Who holds a role, with multi-factor authentication and last sign-in."
        path={adminSectionPaths.staff}
        noindex
      />
      <AuthProvider>
        <ProtectedRoute adminOnly pageTitle={TITLE}>
          {({ client }) => (
            <div className="bg-slate-50">
              <div className="container-page space-y-6 py-8 sm:py-12">
                <header className="space-y-4">
                  <AdminSectionNav current="staff" />
                  <h1 className="text-3xl font-bold text-ink">{TITLE}</h1>
                  <p className="max-w-3xl text-ink-muted">
                    The accounts that can reach enquiries. Granting and revoking the admin role is
                    recorded in the audit log, and the last admin cannot be removed.
                  </p>
                </header>
                <StaffAccessPanel client={client} />
              </div>
            </div>
          )}
        </ProtectedRoute>
      </AuthProvider>
    </>
  );
}
