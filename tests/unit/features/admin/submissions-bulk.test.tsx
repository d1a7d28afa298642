import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { ToastMessage } from '@/components/ui/toast/notify';
import { describeBulkResult } from '@/features/admin/bulk-enquiry-action';

import { captureToasts, quietAuditLog, releaseToasts } from '../auth/test-helpers';
import { renderDashboard, submission } from './admin-test-data';

let toasts: ToastMessage[];

beforeEach(() => {
  toasts = captureToasts();
  quietAuditLog();
});

afterEach(() => {
  releaseToasts();
  vi.restoreAllMocks();
});

const heldAt = '2025-03-01T10:05:00.000Z';

async function bodyRows() {
  const region = await screen.findByRole('region', { name: 'Submissions table' });
  return within(region).getAllByRole('row').slice(1);
}

describe('held enquiries', () => {
  it('marks a held enquiry "Held" and finds it with the held filter and its count', async () => {
    const { lastQuery } = renderDashboard({
      rows: [
        submission(1, { Name: 'Flood One' }),
        submission(2, { Name: 'Real Prospect', held_at: heldAt }),
        submission(3, { Name: 'Flood Two' }),
      ],
    });
    const row = (name: string) => screen.getByText(name).closest('tr')!;
    await screen.findByText('Real Prospect');
    expect(within(row('Real Prospect')).getByText('Held')).toBeInTheDocument();
    expect(within(row('Flood One')).queryByText('Held')).toBeNull();

    const filter = await screen.findByLabelText('Held only (1)');
    await userEvent.setup().click(filter);
    await waitFor(async () => expect(await bodyRows()).toHaveLength(1));
    expect(screen.getByText('Real Prospect')).toBeInTheDocument();
    expect(lastQuery()).toContainEqual(['not', 'held_at', 'is', null]);
    expect(screen.getByRole('button', { name: 'Clear' })).toBeInTheDocument();
    // three loads of the whole dashboard in jsdom: slow on a busy machine
  }, 15_000);

  it('says in the enquiry dialog what the hold meant, and releases it from there', async () => {
    const bulk = vi.fn(() => ({ data: { action: 'release', requested: 1, count: 1 } }));
    const { rpcCalls } = renderDashboard({
      rows: [submission(2, { Name: 'Real Prospect', held_at: heldAt })],
      enquiryId: submission(2).id,
      rpc: { bulk_enquiry_action: bulk },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Real Prospect' });
    expect(dialog).toHaveTextContent('Held. Arrived among more enquiries in an hour');
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Release hold' }));
    await waitFor(() => expect(bulk).toHaveBeenCalledTimes(1));
    expect(rpcCalls.find((call) => call.name === 'bulk_enquiry_action')?.args).toEqual({
      _ids: [submission(2).id],
      _action: 'release',
    });
    await waitFor(() => expect(within(dialog).queryByText('Held.')).toBeNull());
    expect(toasts).toContainEqual(expect.objectContaining({ title: 'Hold released' }));
  }, 15_000);
});

describe('bulk actions', () => {
  const rows = () => [
    submission(1, { Name: 'Spam One' }),
    submission(2, { Name: 'Spam Two', held_at: heldAt }),
    submission(3, { Name: 'Keep Me' }),
  ];

  it('selects rows with the keyboard and marks them spam in one call', async () => {
    const bulk = vi.fn(() => ({ data: { action: 'spam', requested: 2, count: 2 } }));
    const { rpcCalls } = renderDashboard({ rows: rows(), rpc: { bulk_enquiry_action: bulk } });
    const user = userEvent.setup();
    const first = await screen.findByRole('checkbox', { name: 'Select enquiry from Spam One' });
    first.focus();
    await user.keyboard(' ');
    screen.getByRole('checkbox', { name: 'Select enquiry from Spam Two' }).focus();
    await user.keyboard(' ');

    const group = screen.getByRole('group', { name: 'Selected enquiries' });
    expect(group).toHaveTextContent('2 selected, 1 held');
    expect(
      screen.getByRole('checkbox', { name: 'Select all enquiries on this page' }),
    ).toHaveProperty('indeterminate', true);
    await user.click(within(group).getByRole('button', { name: 'Mark as spam' }));

    await waitFor(() => expect(bulk).toHaveBeenCalledTimes(1));
    expect(rpcCalls.find((call) => call.name === 'bulk_enquiry_action')?.args).toEqual({
      _ids: [submission(1).id, submission(2).id],
      _action: 'spam',
    });
    await waitFor(() =>
      expect(toasts).toContainEqual(
        expect.objectContaining({ description: '2 enquiries marked as spam.' }),
      ),
    );
    expect(screen.queryByRole('group', { name: 'Selected enquiries' })).toBeNull();
  });

  it('selects every row on the page at once and releases the held ones', async () => {
    const bulk = vi.fn(() => ({ data: { action: 'release', requested: 3, count: 1 } }));
    const { rpcCalls } = renderDashboard({ rows: rows(), rpc: { bulk_enquiry_action: bulk } });
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('checkbox', { name: 'Select all enquiries on this page' }),
    );
    for (const box of screen.getAllByRole('checkbox', { name: /^Select enquiry from/ })) {
      expect(box).toBeChecked();
    }
    await user.click(screen.getByRole('button', { name: 'Release hold' }));
    await waitFor(() => expect(bulk).toHaveBeenCalledTimes(1));
    const call = rpcCalls.find((each) => each.name === 'bulk_enquiry_action');
    expect(call?.args).toMatchObject({ _action: 'release' });
    expect(call?.args?._ids).toHaveLength(3);
  });

  it('deletes only after the confirmation, which names the count', async () => {
    const bulk = vi.fn(() => ({ data: { action: 'delete', requested: 1, count: 1 } }));
    renderDashboard({ rows: rows(), rpc: { bulk_enquiry_action: bulk } });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Select enquiry from Spam One' }));
    await user.click(screen.getByRole('button', { name: 'Delete…' }));

    const dialog = screen.getByRole('alertdialog', { name: 'Delete 1 enquiry?' });
    expect(dialog).toHaveTextContent('It cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(bulk).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Delete…' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(bulk).toHaveBeenCalledTimes(1));
    await waitFor(() =>
      expect(toasts).toContainEqual(expect.objectContaining({ description: '1 enquiry deleted.' })),
    );
  });

  it('shows the database refusal and keeps the selection', async () => {
    renderDashboard({
      rows: rows(),
      rpc: {
        bulk_enquiry_action: () => ({
          error: { code: '42501', message: 'Only staff admins may change enquiries in bulk.' },
        }),
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Select enquiry from Keep Me' }));
    await user.click(screen.getByRole('button', { name: 'Mark as spam' }));
    await waitFor(() =>
      expect(toasts).toContainEqual(
        expect.objectContaining({
          variant: 'destructive',
          description:
            'Only staff admins signed in with their authenticator code can change enquiries in bulk.',
        }),
      ),
    );
    expect(screen.getByRole('group', { name: 'Selected enquiries' })).toHaveTextContent(
      '1 selected',
    );
  });
});

describe('describeBulkResult', () => {
  it('says what changed and what was already so', () => {
    expect(describeBulkResult({ action: 'spam', requested: 3, count: 2 })).toBe(
      '2 enquiries marked as spam (1 already spam).',
    );
    expect(describeBulkResult({ action: 'delete', requested: 1, count: 1 })).toBe(
      '1 enquiry deleted.',
    );
    expect(describeBulkResult({ action: 'release', requested: 4, count: 1 })).toBe(
      '1 enquiry released from hold (3 not held).',
    );
  });
});
