import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

import { staffFooterLink } from '@/components/admin/staff-frame';
import { limits } from '@/config/site';
import { AdminQueryProvider } from '@/features/admin/admin-query-provider';
import { needsReplyPage, NeedsReplyView } from '@/features/admin/needs-reply-view';
import { StaffSectionPage } from '@/features/auth/staff-section-page';
import { CookieSettingsButton } from '@/features/consent/cookie-settings-button';

/** `?poll=<ms>` shortens the check for changes (the e2e tests use it); never below the floor. */
function pollInterval(value: string | null): number {
  const ms = Number(value);
  return value && Number.isFinite(ms) ? Math.max(limits.adminMinPollMs, ms) : limits.adminPollMs;
}

export default function AdminNeedsReplyPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const enquiryId = searchParams.get('enquiry');
  const pollIntervalMs = pollInterval(searchParams.get('poll'));

  // `?enquiry=<id>` is the open dialog, as on /admin: the staff alert's link opens it here.
  const setEnquiry = useCallback(
    (id: string | null) =>
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (id === null) next.delete('enquiry');
          else next.set('enquiry', id);
          return next;
        },
        { replace: id === null, preventScrollReset: true },
      ),
    [setSearchParams],
  );

  return (
    <StaffSectionPage
      {...needsReplyPage}
      footer={<CookieSettingsButton className={staffFooterLink} />}
    >
      {({ client }) => (
        <AdminQueryProvider>
          <NeedsReplyView
            client={client}
            enquiryId={enquiryId}
            onEnquiryChange={setEnquiry}
            pollIntervalMs={pollIntervalMs}
          />
        </AdminQueryProvider>
      )}
    </StaffSectionPage>
  );
}
