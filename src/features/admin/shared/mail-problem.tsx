import { Badge } from '@/components/ui/badge';

/**
 * Why mail to an enquiry's address is blocked: its own acknowledgement bounced for good (the
 * address was wrong from the start), other mail to it did, or our mail was marked as spam.
 */
export type MailProblem = 'acknowledgement_bounced' | 'bounced' | 'complained';

const mailProblems: readonly MailProblem[] = ['acknowledgement_bounced', 'bounced', 'complained'];

export const asMailProblem = (value: string | null | undefined): MailProblem | null =>
  mailProblems.find((problem) => problem === value) ?? null;

const badgeWords: Record<MailProblem, string> = {
  acknowledgement_bounced: 'E-mail bounced',
  bounced: 'E-mail bounced',
  complained: 'Marked as spam',
};

/** What staff should do, in one line: e-mail cannot reach them, so phone. */
export const mailProblemSentence: Record<MailProblem, string> = {
  acknowledgement_bounced: 'The acknowledgement bounced: phone them.',
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
