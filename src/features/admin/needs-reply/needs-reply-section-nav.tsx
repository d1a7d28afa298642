import { useResponseOverview } from '@/features/admin/needs-reply/needs-reply-queries';
import { AdminSectionNav } from '@/features/staff-frame/admin-section-nav';
import type { AdminSection } from '@/features/staff-frame/admin-section-paths';

type NeedsReplySectionNavProps = {
  current: AdminSection;
  /** The page's polling interval; the count reloads with the rest of its figures. */
  pollMs: number;
};

/**
 * The section links with the number of enquiries awaiting a reply beside "Needs a reply".
 * The count is the overview's figures query (enquiry_dashboard_figures), so on /admin the
 * figure and the badge share one request; it sits under the enquiries' key, so a reply recorded
 * anywhere in the staff area reloads it.
 */
export function NeedsReplySectionNav({ current, pollMs }: NeedsReplySectionNavProps) {
  const { data } = useResponseOverview(pollMs);
  return <AdminSectionNav current={current} awaitingReply={data ? data.awaiting_reply : null} />;
}
