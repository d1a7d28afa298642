import { StaffSectionPage } from '@/features/auth/staff-section-page';
import { StaffAccessPanel } from '@/features/staff-access/staff-access-panel';

export default function AdminStaffPage() {
  return (
    <StaffSectionPage
      section="staff"
      title="Staff access"
      description="Who holds a role, with multi-factor authentication and last sign-in."
      intro="The accounts that can reach enquiries. Granting and revoking the admin role is recorded in the audit log, and the last admin cannot be removed."
    >
      {({ client }) => <StaffAccessPanel client={client} />}
    </StaffSectionPage>
  );
}
