import { NeedsReplySectionNav } from '@/features/admin/needs-reply/needs-reply-section-nav';
import { AdminQueryProvider } from '@/features/admin/shared/admin-query-provider';
import { useEnquiryAddress } from '@/features/admin/shared/use-enquiry-address';
import { CookieSettingsButton } from '@/features/consent/cookie-settings-button';
import { dataRequestsPage, DataRequestsPanel } from '@/features/data-requests/data-requests-panel';
import { staffFooterLink } from '@/features/staff-frame/staff-frame';
import { StaffSectionPage } from '@/features/staff-frame/staff-section-page';

export default function AdminDataRequestsPage() {
  // Only `?poll=` applies here: the frame's Needs a reply count reloads like every staff page's.
  const { pollIntervalMs } = useEnquiryAddress();

  // The query cache is the frame's alone here: the count beside Needs a reply.
  return (
    <AdminQueryProvider>
      <StaffSectionPage
        {...dataRequestsPage}
        footer={<CookieSettingsButton className={staffFooterLink} />}
        sectionNav={(current) => <NeedsReplySectionNav current={current} pollMs={pollIntervalMs} />}
      >
        {() => <DataRequestsPanel />}
      </StaffSectionPage>
    </AdminQueryProvider>
  );
}
