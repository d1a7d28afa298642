import { StaffSectionPage } from '@/features/auth/staff-section-page';
import { DataRequestsPanel } from '@/features/data-requests/data-requests-panel';

export default function AdminDataRequestsPage() {
  return (
    <StaffSectionPage
      section="dataRequests"
      title="Data requests"
      description="Find, export and erase the data held about a person."
      intro="Answer a request to see, take away or erase personal data: look up an e-mail address to see what the database holds under it, download it as JSON, or erase it everywhere. Every look-up and erasure is recorded in the audit log."
    >
      {({ client }) => <DataRequestsPanel client={client} />}
    </StaffSectionPage>
  );
}
