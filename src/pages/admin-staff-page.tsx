import { staffFooterLink } from '@/components/admin/staff-frame';
import { AdminQueryProvider } from '@/features/admin/admin-query-provider';
import { StaffSectionPage } from '@/features/auth/staff-section-page';
import { CookieSettingsButton } from '@/features/consent/cookie-settings-button';
import { staffAccessPage, StaffAccessPanel } from '@/features/staff-access/staff-access-panel';

export default function AdminStaffPage() {
  return (
    <StaffSectionPage
      {...staffAccessPage}
      footer={<CookieSettingsButton className={staffFooterLink} />}
    >
      {({ client, user }) => (
        <AdminQueryProvider>
          <StaffAccessPanel client={client} currentUserId={user.id} />
        </AdminQueryProvider>
      )}
    </StaffSectionPage>
  );
}
