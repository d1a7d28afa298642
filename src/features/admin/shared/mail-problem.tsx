import { Badge } from '@/components/ui/badge';

/** Why mail to an enquiry's address is blocked: a hard bounce, or our mail marked as spam. */
export type MailProblem = 'bounced' | 'complained';

export const asMailProblem = (value: string | null | undefined): MailProblem | null =>
  value === 'bounced' || value === 'complained' ? value : null;

const badgeWords: Record<MailProblem, string> = {
  bounced: 'E-mail bounced',
  complained: 'Marked as spam',
};

/** What staff should do, in one line: e-mail cannot reach them, so phone. */
export const mailProblemSentence: Record<MailProblem, string> = {
  bounced: 'Our e-mail to this address bounced: phone them.',
  complained: 'They marked our e-mail as spam: phone them.',
};

/**
 * Marks an enquiry whose address no mail reaches (nothing for any other value); the words carry
 * the meaning, not the colour.
 */
export function MailProblemBadge({ problem }: { problem: string | null | undefined }) {
  const known = asMailProblem(problem);
  if (!known) return null;
  return (
    <span title={mailProblemSentence[known]}>
      <Badge className="bg-red-100 whitespace-nowrap text-red-900">{badgeWords[known]}</Badge>
    </span>
  );
}
