import { NeedsReplySectionNav } from '@/features/admin/needs-reply/needs-reply-section-nav';
import { AdminQueryProvider } from '@/features/admin/shared/admin-query-provider';
import { useEnquiryAddress } from '@/features/admin/shared/use-enquiry-address';
import { CookieSettingsButton } from '@/features/consent/cookie-settings-button';
import { staffAccessPage, StaffAccessPanel } from '@/features/staff-access/staff-access-panel';
import { staffFooterLink } from '@/features/staff-frame/staff-frame';
import { StaffSectionPage } from '@/features/staff-frame/staff-section-page';

export default function AdminStaffPage() {
  // Only `?poll=` applies here: the frame's Needs a reply count reloads like every staff page's.
  const { pollIntervalMs } = useEnquiryAddress();

  // The query cache sits above the frame, so its count and the staff list share it.
  return (
    <AdminQueryProvider>
      <StaffSectionPage
        {...staffAccessPage}
        footer={<CookieSettingsButton className={staffFooterLink} />}
        sectionNav={(current) => <NeedsReplySectionNav current={current} pollMs={pollIntervalMs} />}
      >
        {({ user }) => <StaffAccessPanel currentUserId={user.id} />}
      </StaffSectionPage>
    </AdminQueryProvider>
  );
}
