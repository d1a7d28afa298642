import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { ToastMessage } from '@/components/ui/toast/notify';
import type { TimelineEvent } from '@/features/admin/record/enquiry-timeline';
import type { Enquiry } from '@/features/admin/list/list-enquiries';

import { captureToasts, quietAuditLog, releaseToasts } from '../../auth/test-helpers';
import { type PostgrestHandler, type PostgrestRequest } from '../../../support/supabase-network';
import { enquiry, renderDashboard, useDashboardNetwork } from '../admin-test-data';

const network = useDashboardNetwork();

let toasts: ToastMessage[];

beforeEach(() => {
  toasts = captureToasts();
  quietAuditLog();
});

afterEach(() => {
  releaseToasts();
  vi.restoreAllMocks();
});

const respondedAt = '2025-03-01T11:30:00.000Z';

/** The dashboard with enquiry 1 open; replies and contacts stamp its first response. */
function openEnquiry(
  overrides: Partial<Enquiry> = {},
  timeline: TimelineEvent[] = [],
  rpc: Record<string, PostgrestHandler> = {},
) {
  const row = enquiry(1, overrides);
  const rows = [row];
  const respond = () => {
    rows[0] = { ...row, first_response_at: respondedAt, last_contacted_at: respondedAt };
  };
  const dashboard = renderDashboard(network, {
    rows,
    enquiryId: row.id,
    rpc: {
      enquiry_timeline: () => ({ data: timeline }),
      send_enquiry_reply: () => {
        respond();
        return { data: { reply_id: 'reply-1', held_for_review: false } };
      },
      record_enquiry_contact: () => {
        respond();
        return { data: 'contact-1' };
      },
      ...rpc,
    },
  });
  return { ...dashboard, row };
}

/** The database functions called, each with the arguments it was sent. */
const rpcCalls = (requests: PostgrestRequest[]) =>
  requests
    .filter(({ kind }) => kind === 'rpc')
    .map(({ method, name, body }) => ({ method, name, args: body }));

const timelineCalls = (requests: PostgrestRequest[]) =>
  requests.filter(({ kind, name }) => kind === 'rpc' && name === 'enquiry_timeline').length;

describe('replying from the enquiry dialog', () => {
  it('sends the reply, names the recipient, clears the box and reloads enquiry, list and timeline', async () => {
    const { requests, row } = openEnquiry();
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Person 1' });
    await waitFor(() => expect(timelineCalls(requests)).toBe(1));
    const box = within(dialog).getByRole('textbox', { name: /Reply to person1@example.com/ });
    await user.type(box, '  Thanks, we can talk on Tuesday.  ');
    await user.click(within(dialog).getByRole('button', { name: 'Send reply' }));
    await waitFor(() =>
      expect(toasts).toContainEqual(
        expect.objectContaining({
          title: 'Reply sent',
          description: 'Sent to person1@example.com.',
        }),
      ),
    );
    expect(rpcCalls(requests)).toContainEqual({
      method: 'POST',
      name: 'send_enquiry_reply',
      args: { _submission_id: row.id, _body: 'Thanks, we can talk on Tuesday.' },
    });
    expect(box).toHaveValue('');
    await waitFor(() => expect(timelineCalls(requests)).toBe(2));
    expect(await within(dialog).findByText(/First response:/)).toHaveTextContent(
      'First response: 01 Mar 2025, 11:30',
    );
  });

  it('refuses an empty reply beside the box without calling the database', async () => {
    const { requests } = openEnquiry();
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Person 1' });
    await user.type(within(dialog).getByRole('textbox', { name: /Reply to/ }), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Send reply' }));
    expect(await within(dialog).findByText('Write a reply before sending it.')).toBeInTheDocument();
    expect(rpcCalls(requests).map(({ name }) => name)).not.toContain('send_enquiry_reply');
  });

  it("shows the database's refusal as a toast and keeps the draft", async () => {
    openEnquiry({}, [], {
      send_enquiry_reply: () => ({ error: { code: '42501', message: 'permission denied' } }),
    });
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Person 1' });
    const box = within(dialog).getByRole('textbox', { name: /Reply to/ });
    await user.type(box, 'Hello');
    await user.click(within(dialog).getByRole('button', { name: 'Send reply' }));
    await waitFor(() =>
      expect(toasts).toContainEqual(
        expect.objectContaining({
          title: 'Not sent',
          description:
            'Only staff admins signed in with their authenticator code can reply to enquiries.',
          variant: 'destructive',
        }),
      ),
    );
    expect(box).toHaveValue('Hello');
  });

  it.each([
    ['Log a call', 'phone', 'Call logged'],
    ['Replied by e-mail', 'email', 'E-mail reply recorded'],
  ])('"%s" records a %s contact and the first response appears', async (label, channel, title) => {
    const { requests, row } = openEnquiry();
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Person 1' });
    expect(within(dialog).getByText(/No response yet — due/)).toHaveTextContent(
      'No response yet — due 02 Mar 2025, 09:00',
    );
    await user.click(within(dialog).getByRole('button', { name: label }));
    if (channel === 'phone') {
      await user.click(within(dialog).getByRole('radio', { name: 'Reached' }));
      await user.click(within(dialog).getByRole('button', { name: 'Save call' }));
    }
    await waitFor(() =>
      expect(rpcCalls(requests)).toContainEqual({
        method: 'POST',
        name: 'record_enquiry_contact',
        args: {
          _submission_id: row.id,
          _channel: channel,
          ...(channel === 'phone' ? { _outcome: 'reached' } : {}),
          // the last-contacted date the record showed: never contacted.
          _seen_last_contacted: row.last_contacted_at,
        },
      }),
    );
    await waitFor(() => expect(toasts).toContainEqual(expect.objectContaining({ title })));
    expect(await within(dialog).findByText(/First response:/)).toHaveTextContent(
      'First response: 01 Mar 2025, 11:30',
    );
    await waitFor(() => expect(timelineCalls(requests)).toBe(2));
  });
});

describe('the reply clock in the dialog', () => {
  it('says an unanswered open enquiry is overdue in words, not only in colour', async () => {
    openEnquiry();
    const dialog = await screen.findByRole('dialog', { name: 'Person 1' });
    const due = within(dialog).getByText(/No response yet — due/);
    expect(due).toHaveTextContent(/\(Overdue by \d+ days\)/);
  });

  it('owes no reply for a held or closed enquiry', async () => {
    openEnquiry({ status: 'lost' });
    const dialog = await screen.findByRole('dialog', { name: 'Person 1' });
    expect(within(dialog).getByText('No response recorded')).toBeInTheDocument();
    expect(within(dialog).queryByText(/due/)).not.toBeInTheDocument();
  });
});

describe('the enquiry timeline', () => {
  it('lists every event oldest first with a UK time and a short label', async () => {
    openEnquiry({}, [
      { occurred_at: '2025-03-01T09:00:00Z', event: 'received', actor: null, details: {} },
      {
        occurred_at: '2025-03-01T09:00:05Z',
        event: 'mail_acknowledgement_sent',
        actor: null,
        details: { job_id: 'j1' },
      },
      {
        occurred_at: '2025-03-01T09:00:06Z',
        event: 'mail_staff_alert_failed',
        actor: null,
        details: { last_error: 'provider_down' },
      },
      {
        occurred_at: '2025-03-01T10:15:00Z',
        event: 'status_changed',
        actor: 'Ada Lovelace',
        details: {},
      },
      {
        occurred_at: '2025-03-01T10:20:00Z',
        event: 'reply_sent',
        actor: 'Ada Lovelace',
        details: { channel: 'reply', author_name: 'Ada Lovelace', body: 'Hello' },
      },
      {
        occurred_at: '2025-03-01T10:30:00Z',
        event: 'contact_recorded',
        actor: 'Ada Lovelace',
        details: { channel: 'phone', outcome: 'no_answer', author_name: null, note: 'Rang twice.' },
      },
    ]);
    const dialog = await screen.findByRole('dialog', { name: 'Person 1' });
    const list = await within(dialog).findByRole('list', { name: 'Timeline, oldest first' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      '01 Mar 2025, 09:00Enquiry received',
      '01 Mar 2025, 09:00Acknowledgement sent',
      '01 Mar 2025, 09:00Staff alert failed · provider down',
      '01 Mar 2025, 10:15Status changed · by Ada Lovelace',
      '01 Mar 2025, 10:20Reply sent · by Ada LovelaceShow the replyHello',
      '01 Mar 2025, 10:30Call: No answer · by Ada LovelaceRang twice.',
    ]);
    expect(items[3]?.querySelector('time')).toHaveAttribute('datetime', '2025-03-01T10:15:00Z');
  });
});
