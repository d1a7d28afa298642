import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { MailProblemBadge } from '@/features/admin/shared/mail-problem';

describe('MailProblemBadge', () => {
  it('names a bounced or complained address in words, with what to do on hover', () => {
    render(
      <p>
        <MailProblemBadge problem="bounced" />
        <MailProblemBadge problem="complained" />
      </p>,
    );
    expect(screen.getByText('E-mail bounced').closest('[title]')).toHaveAttribute(
      'title',
      'Our e-mail to this address bounced: phone them.',
    );
    expect(screen.getByText('Marked as spam')).toBeVisible();
  });

  it("says when it was the enquiry's own acknowledgement that bounced", () => {
    render(<MailProblemBadge problem="acknowledgement_bounced" />);
    expect(screen.getByText('E-mail bounced').closest('[title]')).toHaveAttribute(
      'title',
      'The acknowledgement bounced: phone them.',
    );
  });

  it('shows nothing for an address mail reaches, or a value it does not know', () => {
    const { container } = render(
      <p>
        <MailProblemBadge problem={null} />
        <MailProblemBadge problem="unheard-of" />
      </p>,
    );
    expect(container).toHaveTextContent('');
  });
});
