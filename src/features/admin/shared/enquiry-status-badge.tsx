import { Badge } from '@/components/ui/badge';
import { statusBadgeClass, statusLabel } from '@/features/admin/shared/enquiry-status';

export function EnquiryStatusBadge({ status }: { status: string }) {
  return (
    <Badge className={`whitespace-nowrap ${statusBadgeClass(status)}`}>{statusLabel(status)}</Badge>
  );
}
