import { staffFooterLink } from '@/components/admin/staff-frame';
import { StaffSectionPage } from '@/features/auth/staff-section-page';
import { CookieSettingsButton } from '@/features/consent/cookie-settings-button';
import { dataRequestsPage, DataRequestsPanel } from '@/features/data-requests/data-requests-panel';

export default function AdminDataRequestsPage() {
  return (
    <StaffSectionPage
      {...dataRequestsPage}
      footer={<CookieSettingsButton className={staffFooterLink} />}
    >
      {({ client }) => <DataRequestsPanel client={client} />}
    </StaffSectionPage>
  );
}
