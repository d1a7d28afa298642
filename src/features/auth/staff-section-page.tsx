import type { ReactNode } from 'react';

import { AdminSectionNav } from '@/components/admin/admin-section-nav';
import { adminSectionPaths, type AdminSection } from '@/components/admin/admin-section-paths';
import { Seo } from '@/components/layout/seo';
import { AuthProvider } from '@/features/auth/auth-provider';
import { ProtectedRoute, type ProtectedAccess } from '@/features/auth/protected-route';

type StaffSectionPageProps = {
  section: Exclude<AdminSection, 'enquiries'>;
  title: string;
  description: string;
  intro: ReactNode;
  children: (access: ProtectedAccess) => ReactNode;
};

/** A staff-area page beside the dashboard: admin only, not indexed, with the section links. */
export function StaffSectionPage({
  section,
  title,
  description,
  intro,
  children,
}: StaffSectionPageProps) {
  return (
    <>
      <Seo title={title} description={description} path={adminSectionPaths[section]} noindex />
      <AuthProvider>
        <ProtectedRoute adminOnly pageTitle={title}>
          {(access) => (
            <div className="bg-slate-50">
              <div className="container-page space-y-6 py-8 sm:py-12">
                <header className="space-y-4">
                  <AdminSectionNav current={section} />
                  <h1 className="text-3xl font-bold text-ink">{title}</h1>
                  <p className="max-w-3xl text-ink-muted">{intro}</p>
                </header>
                {children(access)}
              </div>
            </div>
          )}
        </ProtectedRoute>
      </AuthProvider>
    </>
  );
}
