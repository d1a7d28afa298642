import { Badge } from '@/components/ui/badge';

/** What "held" means, for the badge's tooltip and the enquiry dialog. */
export const heldExplanation =
  'Arrived while enquiries were past the hourly ceiling: stored, but no acknowledgement was sent and staff were told only in a digest.';

/** Marks an enquiry held at the hourly ceiling; the word carries the meaning, not the colour. */
export function HeldBadge() {
  return (
    <span title={heldExplanation}>
      <Badge className="bg-violet-100 whitespace-nowrap text-violet-900">Held</Badge>
    </span>
  );
}
