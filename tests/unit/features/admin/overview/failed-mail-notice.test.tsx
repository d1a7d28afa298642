import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { FailedMailNotice } from '@/features/admin/overview/failed-mail-notice';
import { describeFailedMail, type FailedMail } from '@/features/admin/overview/list-failed-mail';
import { adminKeys } from '@/features/admin/shared/admin-queries';
import { createAdminQueryClient } from '@/features/admin/shared/admin-query-provider';

import { useSupabaseNetwork } from '../../../support/supabase-network';
import { renderAdmin } from '../admin-test-data';

const network = useSupabaseNetwork();

const failed = (overrides: Partial<FailedMail>): FailedMail => ({
  id: 'job-1',
  kind: 'staff_alert',
  submission_id: 'enquiry-1',
  recipient: null,
  enquiry_count: 1,
  attempts: 5,
  last_error: 'mail API answered 500',
  created_at: '2026-11-25T02:00:00Z',
  updated_at: '2026-11-25T02:30:00Z',
  ...overrides,
});

/** The notice in a cache the test can read, so it waits until the list has answered. */
function renderNotice(client: Parameters<typeof renderAdmin>[1]) {
  const queryClient = createAdminQueryClient();
  const { container } = renderAdmin(<FailedMailNotice />, client, { queryClient });
  const listStatus = () => queryClient.getQueryState(adminKeys.failedMail)?.status;
  return { container, listStatus };
}

describe('FailedMailNotice', () => {
  it('renders nothing when no e-mail failed', async () => {
    const { client, requests } = network.answer({
      rpc: { list_failed_enquiry_mail: () => ({ data: [] }) },
    });
    const { container, listStatus } = renderNotice(client);
    await waitFor(() => expect(listStatus()).toBe('success'));
    expect(requests.map(({ method, name, body }) => ({ method, name, body }))).toEqual([
      { method: 'POST', name: 'list_failed_enquiry_mail', body: {} },
    ]);
    expect(container).toBeEmptyDOMElement();
  });

  it('renders nothing when the list cannot be read', async () => {
    const { client, requests } = network.answer({
      rpc: {
        list_failed_enquiry_mail: () => ({ error: { code: '42501', message: 'Only staff' } }),
      },
    });
    const { container, listStatus } = renderNotice(client);
    await waitFor(() => expect(listStatus()).toBe('error'));
    expect(requests.map(({ name }) => name)).toEqual(['list_failed_enquiry_mail']);
    expect(container).toBeEmptyDOMElement();
  });

  it('lists the failed e-mails and re-queues one with Retry', async () => {
    let rows = [
      failed({}),
      failed({ id: 'job-2', kind: 'staff_digest', submission_id: null, enquiry_count: 4 }),
      failed({ id: 'job-3', kind: 'acknowledgement', recipient: 'ann@example.com' }),
    ];
    const { client, requests } = network.answer({
      rpc: {
        list_failed_enquiry_mail: () => ({ data: rows }),
        retry_failed_enquiry_mail: ({ body }) => {
          const { job_id } = body as { job_id: string };
          rows = rows.filter((row) => row.id !== job_id);
          return { data: true };
        },
      },
    });
    renderAdmin(<FailedMailNotice />, client);
    const heading = await screen.findByRole('heading', {
      name: '3 notification e-mails could not be sent',
    });
    expect(heading).toBeInTheDocument();
    expect(
      screen.getByText('Staff summary of 4 enquiries', { selector: '.font-medium' }),
    ).toBeVisible();
    expect(
      screen.getByText('Acknowledgement to ann@example.com', { selector: '.font-medium' }),
    ).toBeVisible();
    expect(screen.getAllByText('mail API answered 500')).toHaveLength(3);

    await userEvent.click(
      screen.getByRole('button', { name: 'Retry Staff summary of 4 enquiries' }),
    );
    expect(
      await screen.findByRole('heading', { name: '2 notification e-mails could not be sent' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Staff summary of 4 enquiries is queued to be sent again.',
    );
    // the retry, then the list read again
    expect(requests.map(({ method, name, body }) => ({ method, name, body }))).toEqual([
      { method: 'POST', name: 'list_failed_enquiry_mail', body: {} },
      { method: 'POST', name: 'retry_failed_enquiry_mail', body: { job_id: 'job-2' } },
      { method: 'POST', name: 'list_failed_enquiry_mail', body: {} },
    ]);
  });
});

describe('FailedMailNotice with mail held for review', () => {
  const held = failed({
    id: 'job-9',
    kind: 'consultation_moved',
    recipient: 'sam@example.com',
    attempts: 0,
    last_error: 'Held for review: this address has had 6 e-mails about its enquiry in a day.',
  });

  it('calls mail held before any attempt held, and offers to send it', async () => {
    const { client } = network.answer({
      rpc: {
        list_failed_enquiry_mail: () => ({ data: [held] }),
        retry_failed_enquiry_mail: () => ({ data: true }),
      },
    });
    renderNotice(client);
    expect(
      await screen.findByRole('heading', { name: '1 e-mail held for review' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Each was held before sending/)).toBeVisible();
    await userEvent.click(
      screen.getByRole('button', { name: 'Send Consultation change to sam@example.com' }),
    );
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Consultation change to sam@example.com is queued to be sent.',
    );
  });

  it('says both when some failed and some were held', async () => {
    const { client } = network.answer({
      rpc: { list_failed_enquiry_mail: () => ({ data: [failed({}), held] }) },
    });
    renderNotice(client);
    expect(await screen.findByRole('heading', { name: '2 e-mails not sent' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Retry Staff alert/ })).toBeVisible();
    expect(screen.getByRole('button', { name: /^Send Consultation change/ })).toBeVisible();
  });
});

describe('describeFailedMail', () => {
  it('names each consultation e-mail and the prospect it was for', () => {
    const to = (kind: string) => describeFailedMail(failed({ kind, recipient: 'sam@example.com' }));
    expect(to('consultation_booked')).toBe('Consultation confirmation to sam@example.com');
    expect(to('consultation_moved')).toBe('Consultation change to sam@example.com');
    expect(to('consultation_cancelled')).toBe('Consultation cancellation to sam@example.com');
    expect(to('consultation_reminder')).toBe('Consultation reminder to sam@example.com');
    expect(describeFailedMail(failed({ kind: 'consultation_reminder' }))).toBe(
      'Consultation reminder',
    );
  });

  it("names the host's calendar invitation and the host it was for", () => {
    expect(
      describeFailedMail(
        failed({ kind: 'consultation_host_invite', recipient: 'ada@kestrel.test' }),
      ),
    ).toBe("Host's calendar invitation to ada@kestrel.test");
  });
});
