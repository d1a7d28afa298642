import { useState } from 'react';

import { prefetchNeedsReply } from '@/features/admin/needs-reply/needs-reply-queries';
import { NeedsReplySectionNav } from '@/features/admin/needs-reply/needs-reply-section-nav';
import { needsReplyPage, NeedsReplyView } from '@/features/admin/needs-reply/needs-reply-view';
import { AdminQueryProvider } from '@/features/admin/shared/admin-query-provider';
import { startBeforeRender } from '@/features/admin/shared/start-before-render';
import { useEnquiryAddress } from '@/features/admin/shared/use-enquiry-address';
import { startRoleCheck } from '@/features/auth/use-role';
import { CookieSettingsButton } from '@/features/consent/cookie-settings-button';
import { adminSectionPaths } from '@/features/staff-frame/admin-section-paths';
import { staffFooterLink } from '@/features/staff-frame/staff-frame';
import { StaffSectionPage } from '@/features/staff-frame/staff-section-page';

/** On a direct load (the staff alert's link, often on a phone): the role check and the list. */
const takeQueryClient = startBeforeRender(adminSectionPaths.needsReply, {
  access: startRoleCheck,
  page: (queryClient, client) => prefetchNeedsReply(queryClient, client),
});

export default function AdminNeedsReplyPage() {
  // `?enquiry=<id>` is the open dialog, as on /admin: the staff alert's link opens it here.
  const { enquiryId, setEnquiry, pollIntervalMs } = useEnquiryAddress();
  const [queryClient] = useState(takeQueryClient);

  // The query cache sits above the frame: its Needs a reply count is one of the page's queries.
  return (
    <AdminQueryProvider client={queryClient}>
      <StaffSectionPage
        {...needsReplyPage}
        footer={<CookieSettingsButton className={staffFooterLink} />}
        sectionNav={(current) => <NeedsReplySectionNav current={current} pollMs={pollIntervalMs} />}
      >
        {() => (
          <NeedsReplyView
            enquiryId={enquiryId}
            onEnquiryChange={setEnquiry}
            pollIntervalMs={pollIntervalMs}
          />
        )}
      </StaffSectionPage>
    </AdminQueryProvider>
  );
}
