import { AdminQueryProvider } from '@/features/admin/admin-query-provider';
import { StaffSectionPage } from '@/features/auth/staff-section-page';
import { staffAccessPage, StaffAccessPanel } from '@/features/staff-access/staff-access-panel';

export default function AdminStaffPage() {
  return (
    <StaffSectionPage {...staffAccessPage}>
      {({ client, user }) => (
        <AdminQueryProvider>
          <StaffAccessPanel client={client} currentUserId={user.id} />
        </AdminQueryProvider>
      )}
    </StaffSectionPage>
  );
}
