import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { FailedMailNotice } from '@/features/admin/overview/failed-mail-notice';
import type { FailedMail } from '@/features/admin/overview/list-failed-mail';

import { renderAdmin } from '../admin-test-data';
import { createFakeAdminClient } from '../fake-admin-client';

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

describe('FailedMailNotice', () => {
  it('renders nothing when no e-mail failed', async () => {
    const { client, rpcCalls } = createFakeAdminClient({
      rpc: { list_failed_enquiry_mail: () => ({ data: [] }) },
    });
    const { container } = renderAdmin(<FailedMailNotice />, client);
    await waitFor(() => expect(rpcCalls).toHaveLength(1));
    expect(container).toBeEmptyDOMElement();
  });

  it('renders nothing when the list cannot be read', async () => {
    const { client, rpcCalls } = createFakeAdminClient({
      rpc: {
        list_failed_enquiry_mail: () => ({ error: { code: '42501', message: 'Only staff' } }),
      },
    });
    const { container } = renderAdmin(<FailedMailNotice />, client);
    await waitFor(() => expect(rpcCalls).toHaveLength(1));
    expect(container).toBeEmptyDOMElement();
  });

  it('lists the failed e-mails and re-queues one with Retry', async () => {
    let rows = [
      failed({}),
      failed({ id: 'job-2', kind: 'staff_digest', submission_id: null, enquiry_count: 4 }),
      failed({ id: 'job-3', kind: 'acknowledgement', recipient: 'ann@example.com' }),
    ];
    const { client, rpcCalls } = createFakeAdminClient({
      rpc: {
        list_failed_enquiry_mail: () => ({ data: rows }),
        retry_failed_enquiry_mail: (args) => {
          rows = rows.filter((row) => row.id !== args?.job_id);
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
    expect(rpcCalls).toContainEqual({
      name: 'retry_failed_enquiry_mail',
      args: { job_id: 'job-2' },
    });
    expect(
      await screen.findByRole('heading', { name: '2 notification e-mails could not be sent' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Staff summary of 4 enquiries is queued to be sent again.',
    );
  });
});
