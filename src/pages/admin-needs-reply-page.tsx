import { staffFooterLink } from '@/components/admin/staff-frame';
import { AdminQueryProvider } from '@/features/admin/admin-query-provider';
import { NeedsReplySectionNav } from '@/features/admin/needs-reply-section-nav';
import { needsReplyPage, NeedsReplyView } from '@/features/admin/needs-reply-view';
import { useEnquiryAddress } from '@/features/admin/use-enquiry-address';
import { StaffSectionPage } from '@/features/auth/staff-section-page';
import { CookieSettingsButton } from '@/features/consent/cookie-settings-button';

export default function AdminNeedsReplyPage() {
  // `?enquiry=<id>` is the open dialog, as on /admin: the staff alert's link opens it here.
  const { enquiryId, setEnquiry, pollIntervalMs } = useEnquiryAddress();

  // The query cache sits above the frame: its Needs a reply count is one of the page's queries.
  return (
    <AdminQueryProvider>
      <StaffSectionPage
        {...needsReplyPage}
        footer={<CookieSettingsButton className={staffFooterLink} />}
        sectionNav={(current, client) => (
          <NeedsReplySectionNav current={current} client={client} pollMs={pollIntervalMs} />
        )}
      >
        {({ client }) => (
          <NeedsReplyView
            client={client}
            enquiryId={enquiryId}
            onEnquiryChange={setEnquiry}
            pollIntervalMs={pollIntervalMs}
          />
        )}
      </StaffSectionPage>
    </AdminQueryProvider>
  );
}
