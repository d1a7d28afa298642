import { Badge } from '@/components/ui/badge';

/** What "held" means, for the badge's tooltip and the enquiry dialog. */
export const heldExplanation =
  'Arrived among more enquiries in an hour than the site answers one by one: kept, but no acknowledgement went to the sender and staff heard of it only in a summary e-mail.';

/** Marks a held enquiry (one past the hourly limit); the word carries the meaning, not the colour. */
export function HeldBadge() {
  return (
    <span title={heldExplanation}>
      <Badge className="bg-violet-100 whitespace-nowrap text-violet-900">Held</Badge>
    </span>
  );
}
