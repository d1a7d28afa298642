import { AdminSectionNav } from '@/components/admin/admin-section-nav';
import { adminSectionPaths } from '@/components/admin/admin-section-paths';
import { Seo } from '@/components/layout/seo';
import { AuthProvider } from '@/features/auth/auth-provider';
import { ProtectedRoute } from '@/features/auth/protected-route';
import { DataRequestsPanel } from '@/features/data-requests/data-requests-panel';

const TITLE = 'Data requests';

export default function AdminDataRequestsPage() {
  return (
    <>
      <Seo
        title={TITLE}
        description="Find, export and erase the data held about a person."
        path={adminSectionPaths.dataRequests}
        noindex
      />
      <AuthProvider>
        <ProtectedRoute adminOnly pageTitle={TITLE}>
          {({ client }) => (
            <div className="bg-slate-50">
              <div className="container-page space-y-6 py-8 sm:py-12">
                <header className="space-y-4">
                  <AdminSectionNav current="dataRequests" />
                  <h1 className="text-3xl font-bold text-ink">{TITLE}</h1>
                  <p className="max-w-3xl text-ink-muted">
                    Answer a request to see, take away or erase personal data: look up an e-mail
                    address to see what the database holds under it, download it as JSON, or erase
                    it everywhere. Every look-up and erasure is recorded in the audit log.
                  </p>
                </header>
                <DataRequestsPanel client={client} />
              </div>
            </div>
          )}
        </ProtectedRoute>
      </AuthProvider>
    </>
  );
}
