import { StaffSectionPage } from '@/features/auth/staff-section-page';
import { dataRequestsPage, DataRequestsPanel } from '@/features/data-requests/data-requests-panel';

export default function AdminDataRequestsPage() {
  return (
    <StaffSectionPage {...dataRequestsPage}>
      {({ client }) => <DataRequestsPanel client={client} />}
    </StaffSectionPage>
  );
}
