import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { ToastMessage } from '@/components/ui/toast/notify';
import { describeBulkResult } from '@/features/admin/bulk/bulk-enquiry-action';

import { filterOn, type PostgrestRequest } from '../../../support/supabase-network';
import { captureToasts, quietAuditLog, releaseToasts } from '../../auth/test-helpers';
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

const heldAt = '2025-03-01T10:05:00.000Z';

/** The arguments the first bulk_enquiry_action request sent. */
const bulkArgs = (requests: PostgrestRequest[]) =>
  requests.find((request) => request.kind === 'rpc' && request.name === 'bulk_enquiry_action')
    ?.body as { _ids?: string[]; _action?: string; _value?: string } | undefined;

async function bodyRows() {
  const region = await screen.findByRole('region', { name: 'Submissions table' });
  return within(region).getAllByRole('row').slice(1);
}

describe('held enquiries', () => {
  it('marks a held enquiry "Held" and finds it with the held filter and its count', async () => {
    const { lastListRequest } = renderDashboard(network, {
      rows: [
        enquiry(1, { Name: 'Flood One' }),
        enquiry(2, { Name: 'Real Prospect', held_at: heldAt }),
        enquiry(3, { Name: 'Flood Two' }),
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
    expect(filterOn(lastListRequest(), 'held_at')).toEqual({ op: 'not.is', value: 'null' });
    expect(screen.getByRole('button', { name: 'Clear' })).toBeInTheDocument();
    // three loads of the whole dashboard in jsdom: slow on a busy machine
  }, 15_000);

  it('says in the enquiry dialog what the hold meant, and releases it from there', async () => {
    const held = enquiry(2, { Name: 'Real Prospect', held_at: heldAt });
    // the database releases it: the reload after the action reads the row without its hold
    const bulk = vi.fn(() => {
      held.held_at = null;
      return { data: { action: 'release', requested: 1, count: 1 } };
    });
    const { requests } = renderDashboard(network, {
      rows: [held],
      enquiryId: enquiry(2).id,
      rpc: { bulk_enquiry_action: bulk },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Real Prospect' });
    expect(dialog).toHaveTextContent('Held. Arrived among more enquiries in an hour');
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Release hold' }));
    await waitFor(() => expect(bulk).toHaveBeenCalledTimes(1));
    expect(bulkArgs(requests)).toEqual({
      _ids: [enquiry(2).id],
      _action: 'release',
    });
    await waitFor(() => expect(within(dialog).queryByText('Held.')).toBeNull());
    expect(toasts).toContainEqual(expect.objectContaining({ title: 'Hold released' }));
  }, 15_000);
});

describe('bulk actions', () => {
  const rows = () => [
    enquiry(1, { Name: 'Spam One' }),
    enquiry(2, { Name: 'Spam Two', held_at: heldAt }),
    enquiry(3, { Name: 'Keep Me' }),
  ];

  it('selects rows with the keyboard and marks them spam in one call', async () => {
    const bulk = vi.fn(() => ({ data: { action: 'spam', requested: 2, count: 2 } }));
    const { requests } = renderDashboard(network, {
      rows: rows(),
      rpc: { bulk_enquiry_action: bulk },
    });
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
    expect(bulkArgs(requests)).toEqual({
      _ids: [enquiry(1).id, enquiry(2).id],
      _action: 'spam',
      _seen: { [enquiry(1).id]: enquiry(1).status, [enquiry(2).id]: enquiry(2).status },
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
    const { requests } = renderDashboard(network, {
      rows: rows(),
      rpc: { bulk_enquiry_action: bulk },
    });
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('checkbox', { name: 'Select all enquiries on this page' }),
    );
    for (const box of screen.getAllByRole('checkbox', { name: /^Select enquiry from/ })) {
      expect(box).toBeChecked();
    }
    await user.click(screen.getByRole('button', { name: 'Release hold' }));
    await waitFor(() => expect(bulk).toHaveBeenCalledTimes(1));
    expect(bulkArgs(requests)).toMatchObject({ _action: 'release' });
    expect(bulkArgs(requests)?._ids).toHaveLength(3);
  });

  it('deletes only after the confirmation, which names the count', async () => {
    const bulk = vi.fn(() => ({ data: { action: 'delete', requested: 1, count: 1 } }));
    renderDashboard(network, { rows: rows(), rpc: { bulk_enquiry_action: bulk } });
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
    renderDashboard(network, {
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

describe('bulk assign, status and not spam', () => {
  const staff = [
    { id: 'staff-1', email: 'ada@example.com', display_name: 'Ada Lead' },
    { id: 'staff-2', email: 'bob@example.com', display_name: null },
  ];
  const rows = () => [
    enquiry(1, { Name: 'First One' }),
    enquiry(2, { Name: 'Second Two' }),
    enquiry(3, { Name: 'Third Three' }),
  ];

  async function selectTwo(user: ReturnType<typeof userEvent.setup>) {
    await user.click(
      await screen.findByRole('checkbox', { name: 'Select enquiry from First One' }),
    );
    await user.click(screen.getByRole('checkbox', { name: 'Select enquiry from Second Two' }));
    return screen.getByRole('group', { name: 'Selected enquiries' });
  }

  it('assigns the selection to a staff member chosen by name, after the dialog asks', async () => {
    const bulk = vi.fn(() => ({ data: { action: 'assign', requested: 2, count: 2 } }));
    const { requests } = renderDashboard(network, {
      rows: rows(),
      rpc: { bulk_enquiry_action: bulk, list_staff: () => ({ data: staff }) },
    });
    const user = userEvent.setup();
    const group = await selectTwo(user);
    await user.click(within(group).getByRole('button', { name: 'Assign…' }));

    const dialog = screen.getByRole('dialog', { name: 'Assign 2 enquiries' });
    const assign = within(dialog).getByRole('button', { name: 'Assign' });
    expect(assign).toBeDisabled();
    await user.selectOptions(
      within(dialog).getByLabelText('Assign to'),
      'Ada Lead (ada@example.com)',
    );
    await user.click(assign);

    await waitFor(() => expect(bulk).toHaveBeenCalledTimes(1));
    expect(bulkArgs(requests)).toEqual({
      _ids: [enquiry(1).id, enquiry(2).id],
      _action: 'assign',
      _value: 'staff-1',
      _seen: { [enquiry(1).id]: null, [enquiry(2).id]: null },
    });
    await waitFor(() =>
      expect(toasts).toContainEqual(
        expect.objectContaining({ description: '2 enquiries assigned to Ada Lead.' }),
      ),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('group', { name: 'Selected enquiries' })).toBeNull();
  });

  it('names a staff member without a name by address, and unassigns with "No one"', async () => {
    const bulk = vi.fn(() => ({ data: { action: 'assign', requested: 2, count: 1 } }));
    const { requests } = renderDashboard(network, {
      rows: rows(),
      rpc: { bulk_enquiry_action: bulk, list_staff: () => ({ data: staff }) },
    });
    const user = userEvent.setup();
    const group = await selectTwo(user);
    await user.click(within(group).getByRole('button', { name: 'Assign…' }));
    const dialog = screen.getByRole('dialog', { name: 'Assign 2 enquiries' });
    const select = within(dialog).getByLabelText('Assign to');
    expect(within(select).getByRole('option', { name: 'bob@example.com' })).toBeInTheDocument();
    await user.selectOptions(select, 'No one (unassign)');
    await user.click(within(dialog).getByRole('button', { name: 'Unassign' }));

    await waitFor(() => expect(bulk).toHaveBeenCalledTimes(1));
    expect(bulkArgs(requests)).toEqual({
      _ids: [enquiry(1).id, enquiry(2).id],
      _action: 'assign',
      _seen: { [enquiry(1).id]: null, [enquiry(2).id]: null },
    });
    await waitFor(() =>
      expect(toasts).toContainEqual(
        expect.objectContaining({ description: '1 enquiry unassigned (1 already unassigned).' }),
      ),
    );
  });

  it('sets a workflow status, spam not among the choices, and cancelling changes nothing', async () => {
    const bulk = vi.fn(() => ({ data: { action: 'status', requested: 2, count: 2 } }));
    const { requests } = renderDashboard(network, {
      rows: rows(),
      rpc: { bulk_enquiry_action: bulk },
    });
    const user = userEvent.setup();
    const group = await selectTwo(user);
    await user.click(within(group).getByRole('button', { name: 'Set status…' }));
    let dialog = screen.getByRole('dialog', { name: 'Set the status of 2 enquiries' });
    const options = within(within(dialog).getByLabelText('Status')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Choose a status',
      'New',
      'In progress',
      'Won',
      'Lost',
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(bulk).not.toHaveBeenCalled();

    await user.click(within(group).getByRole('button', { name: 'Set status…' }));
    dialog = screen.getByRole('dialog', { name: 'Set the status of 2 enquiries' });
    // each opening starts with nothing chosen
    expect(within(dialog).getByLabelText('Status')).toHaveValue('');
    await user.selectOptions(within(dialog).getByLabelText('Status'), 'Won');
    await user.click(within(dialog).getByRole('button', { name: 'Set status' }));
    await waitFor(() => expect(bulk).toHaveBeenCalledTimes(1));
    expect(bulkArgs(requests)).toEqual({
      _ids: [enquiry(1).id, enquiry(2).id],
      _action: 'status',
      _value: 'won',
      _seen: { [enquiry(1).id]: enquiry(1).status, [enquiry(2).id]: enquiry(2).status },
    });
    await waitFor(() =>
      expect(toasts).toContainEqual(
        expect.objectContaining({ description: '2 enquiries set to Won.' }),
      ),
    );
  });

  it('offers "Not spam" and not "Mark as spam" in the spam list, and says where each went', async () => {
    const bulk = vi.fn(() => ({
      data: {
        action: 'not_spam',
        requested: 2,
        count: 2,
        changes: [
          { to: 'new', ids: [enquiry(1).id] },
          { to: 'in_progress', ids: [enquiry(2).id] },
        ],
      },
    }));
    const { requests } = renderDashboard(network, {
      url: '/admin?status=spam',
      rows: rows().map((row) => ({ ...row, status: 'spam' })),
      rpc: { bulk_enquiry_action: bulk },
    });
    const user = userEvent.setup();
    const group = await selectTwo(user);
    const offered = within(group)
      .getAllByRole('button')
      .map((button) => button.textContent);
    expect(offered).toEqual(['Not spam', 'Delete…', 'Clear selection']);
    await user.click(within(group).getByRole('button', { name: 'Not spam' }));

    await waitFor(() => expect(bulk).toHaveBeenCalledTimes(1));
    expect(bulkArgs(requests)).toEqual({
      _ids: [enquiry(1).id, enquiry(2).id],
      _action: 'not_spam',
    });
    await waitFor(() =>
      expect(toasts).toContainEqual(
        expect.objectContaining({
          description: '2 enquiries marked as not spam: 1 back to New, 1 back to In progress.',
        }),
      ),
    );
  });

  it('outside the spam list offers assign, status and spam, and no "Not spam"', async () => {
    renderDashboard(network, { rows: rows() });
    const group = await selectTwo(userEvent.setup());
    expect(
      within(group)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Assign…', 'Set status…', 'Mark as spam', 'Delete…', 'Clear selection']);
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
