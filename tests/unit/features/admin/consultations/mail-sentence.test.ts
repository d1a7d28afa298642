import { describe, expect, it } from 'vitest';

import { mailSentence } from '@/features/admin/consultations/consultation-bookings';

const change = (mailHeld: string | null) => ({
  booking: {} as Parameters<typeof mailSentence>[0]['booking'],
  mailHeld,
});

describe('mailSentence', () => {
  it('says the prospect is mailed when the mail is on its way', () => {
    expect(mailSentence(change(null), 'the cancellation')).toBe(
      'The prospect is e-mailed the cancellation.',
    );
  });

  it('reads a held mail as one sentence, with the reason and where it waits', () => {
    expect(
      mailSentence(
        change('Held for review: more than 20 booking changes from one staff member in an hour.'),
        'the updated invitation',
      ),
    ).toBe(
      'The e-mail to the prospect is held for review: more than 20 booking changes from one staff member in an hour. It waits on the dashboard, to be sent from there if it should go.',
    );
  });

  it('keeps any other reason as it is', () => {
    expect(mailSentence(change('The address is refused.'), 'the cancellation')).toBe(
      'The e-mail to the prospect was not sent: The address is refused. It waits on the dashboard, to be sent from there if it should go.',
    );
  });
});
