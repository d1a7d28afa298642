import type { ReactNode } from 'react';

import { Seo } from '@/components/layout/seo';
import { AuthProvider } from '@/features/auth/auth-provider';
import { ProtectedRoute, type ProtectedAccess } from '@/features/auth/protected-route';
import { adminSectionPaths, type AdminSection } from '@/features/staff-frame/admin-section-paths';
import { StaffAreaFrame, type SectionNavSlot } from '@/features/staff-frame/staff-area-frame';
import { staffPageWidth } from '@/features/staff-frame/staff-frame';

type StaffSectionPageProps = {
  section: Exclude<AdminSection, 'enquiries'>;
  title: string;
  description: string;
  intro: ReactNode;
  /** The frame's small print ("Cookie settings"), which the page composes in. */
  footer: ReactNode;
  /** The frame's section links (e.g. with the Needs a reply count); the plain links if left out. */
  sectionNav?: SectionNavSlot;
  children: (access: ProtectedAccess) => ReactNode;
};

/** A staff-area page beside the dashboard: admin only, not indexed, in the staff frame. */
export function StaffSectionPage({
  section,
  title,
  description,
  intro,
  footer,
  sectionNav,
  children,
}: StaffSectionPageProps) {
  return (
    <>
      <Seo title={title} description={description} path={adminSectionPaths[section]} noindex />
      <AuthProvider>
        <StaffAreaFrame current={section} footer={footer} sectionNav={sectionNav}>
          <ProtectedRoute adminOnly pageTitle={title}>
            {(access) => (
              <div className={`${staffPageWidth} space-y-6 py-8 sm:py-12`}>
                <div className="space-y-4">
                  <h1 className="text-3xl font-bold text-ink">{title}</h1>
                  <p className="max-w-3xl text-ink-muted">{intro}</p>
                </div>
                {children(access)}
              </div>
            )}
          </ProtectedRoute>
        </StaffAreaFrame>
      </AuthProvider>
    </>
  );
}
