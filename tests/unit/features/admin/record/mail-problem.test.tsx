import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { useSupabaseNetwork, type PostgrestRequest } from '../../../support/supabase-network';
import { enquiry, renderDashboard } from '../admin-test-data';

const network = useSupabaseNetwork();

const rpcNames = (requests: PostgrestRequest[]) =>
  requests.filter(({ kind }) => kind === 'rpc').map(({ name }) => name);

/** The record of an enquiry whose address bounced, with Allow mail again answered. */
function openBounced() {
  let problem: string | null = 'bounced';
  const row = enquiry(1, { Name: 'Bounced Prospect', Email: 'bounced@resend.dev' });
  const dashboard = renderDashboard(network, {
    rows: [row],
    enquiryId: row.id,
    rpc: {
      enquiry_mail_problem: () => ({ data: problem }),
      clear_mail_suppression: () => {
        problem = null;
        return { data: true };
      },
      send_enquiry_reply: () => ({ data: { reply_id: 'reply-1', held_for_review: false } }),
    },
  });
  return { ...dashboard, row };
}

describe('an enquiry whose address no mail reaches', () => {
  it('says so in the record, and Allow mail again clears the block', async () => {
    const { requests, row } = openBounced();
    const notes = await screen.findAllByText('Our e-mail to this address bounced: phone them.');
    expect(notes.length).toBeGreaterThanOrEqual(1);
    await userEvent.click(screen.getByRole('button', { name: 'Allow mail again' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Allow mail again' })).toBeNull(),
    );
    expect(requests.find(({ name }) => name === 'clear_mail_suppression')?.body).toEqual({
      _submission_id: row.id,
    });
    expect(screen.queryByText(/A reply from here would not be sent/)).toBeNull();
  });

  it('the reply box warns, and refuses to send while mail is blocked, keeping the draft', async () => {
    const { requests } = openBounced();
    expect(await screen.findByText(/A reply from here would not be sent/)).toBeVisible();
    const box = screen.getByRole('textbox', { name: /Reply to/ });
    await userEvent.type(box, 'Thanks for getting in touch.');
    await userEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText(/Not sent: mail to this address is blocked/)).toBeVisible();
    expect(box).toHaveValue('Thanks for getting in touch.');
    expect(rpcNames(requests)).not.toContain('send_enquiry_reply');
  });
});
