import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { ToastMessage } from '@/components/ui/toast/notify';

import { captureToasts, quietAuditLog, releaseToasts } from '../../auth/test-helpers';
import type { Enquiry } from '@/features/admin/list/list-enquiries';

import {
  filterOn,
  filtersOn,
  type PostgrestAnswer,
  type PostgrestRequest,
} from '../../../support/supabase-network';
import { enquiry, renderDashboard, rowsHandler, useDashboardNetwork } from '../admin-test-data';

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

const calledAt = '2026-11-24T15:30:00.000Z';

/** The columns a write is conditional on: its filters other than the enquiry's id. */
function conditions(request: PostgrestRequest): string[] {
  return [...new Set(request.params.keys())].filter(
    (column) => column !== 'id' && column !== 'select',
  );
}

/** Whether `row` meets PostgREST filter `column=eq.X` or `column=is.null`, as the database would. */
function meets(row: Enquiry, request: PostgrestRequest, column: string): boolean {
  const held = row[column as keyof Enquiry];
  return filtersOn(request, column).every(({ op, value }) =>
    op === 'eq'
      ? held !== null && String(held) === value
      : op === 'is' && value === 'null' && held === null,
  );
}

/**
 * Enquiry 1 open in the dialog, over a fake database that keeps one row: updates change it,
 * a call with an outcome that counts moves its last contact, an undo of that call puts it back.
 */
function openEnquiry(options: { refuse?: () => boolean; hold?: Promise<void> } = {}) {
  const row = enquiry(1, { last_contacted_at: '2026-11-20T12:00:00.000Z' });
  const updates: unknown[] = [];
  let beforeCall: string | null = null;
  const dashboard = renderDashboard(network, {
    rows: [row],
    enquiryId: row.id,
    tables: {
      contact_submissions: async (request): Promise<PostgrestAnswer> => {
        if (request.method !== 'PATCH') return rowsHandler(() => [row])(request);
        // An undo is conditional (eq/is on the field): like the database, change nothing and
        // return no row when the field no longer holds the expected value.
        const isRow = filterOn(request, 'id')?.value === row.id;
        if (!isRow || !conditions(request).every((column) => meets(row, request, column))) {
          return { data: [] };
        }
        const change = request.body as Partial<Enquiry>;
        updates.push(change);
        await options.hold;
        if (options.refuse?.()) {
          return { error: { code: '42501', message: 'permission denied for table' } };
        }
        Object.assign(row, change);
        // the row as written, not filtered again by the condition it has just stopped meeting
        return { data: [row] };
      },
    },
    rpc: {
      record_enquiry_contact: (request) => {
        if ((request.body as { _outcome?: string })._outcome !== 'no_answer') {
          beforeCall = row.last_contacted_at;
          Object.assign(row, { last_contacted_at: calledAt, first_response_at: calledAt });
        }
        return { data: 'contact-1' };
      },
      undo_enquiry_contact: () => {
        Object.assign(row, { last_contacted_at: beforeCall, first_response_at: null });
        return {};
      },
    },
  });
  /** The database functions called, each with the arguments it was sent. */
  const rpcCalls = () =>
    dashboard.requests
      .filter(({ kind }) => kind === 'rpc')
      .map(({ name, body }) => ({ name, args: body }));
  /** The writes sent: each one's body and the filters it was conditional on. */
  const patches = () =>
    dashboard.requests
      .filter(({ method }) => method === 'PATCH')
      .map((request) => ({
        body: request.body,
        id: filterOn(request, 'id'),
        unless: Object.fromEntries(
          conditions(request).map((column) => [column, filtersOn(request, column)]),
        ),
      }));
  return { ...dashboard, row, updates, rpcCalls, patches };
}

async function logCall(dialog: HTMLElement, outcome: string, note = '') {
  const user = userEvent.setup();
  if (!within(dialog).queryByRole('form', { name: 'Log a call' })) {
    await user.click(within(dialog).getByRole('button', { name: 'Log a call' }));
  }
  const panel = within(dialog).getByRole('form', { name: 'Log a call' });
  await user.click(within(panel).getByRole('radio', { name: outcome }));
  if (note) await user.type(within(panel).getByLabelText('Note (optional)'), note);
  await user.click(within(panel).getByRole('button', { name: 'Save call' }));
}

const lastToast = (title: string) => toasts.filter((toast) => toast.title === title).at(-1);

describe('editing an enquiry field by field', { timeout: 20_000 }, () => {
  it('a call then a status change keeps the call’s last contact: only the status is sent', async () => {
    const { updates, row } = openEnquiry();
    const dialog = await screen.findByRole('dialog', { name: 'Person 1' });
    const date = within(dialog).getByLabelText('Last contacted');
    expect(date).toHaveValue('20/11/2026');
    await logCall(dialog, 'Reached');
    // the date box shows what the call stored, not what it held when the dialog opened
    await waitFor(() => expect(date).toHaveValue('24/11/2026'));
    const user = userEvent.setup();
    await user.selectOptions(within(dialog).getByLabelText('Status'), 'in_progress');
    await waitFor(() => expect(updates).toEqual([{ status: 'in_progress' }]));
    await waitFor(() => expect(lastToast('Saved')).toBeDefined());
    expect(row.last_contacted_at).toBe(calledAt);
    expect(date).toHaveValue('24/11/2026');
  });

  it('shows a change at once, before the database answers, in the dialog and the list', async () => {
    let answer = () => {};
    const hold = new Promise<void>((resolve) => (answer = resolve));
    openEnquiry({ hold });
    const dialog = await screen.findByRole('dialog', { name: 'Person 1' });
    const user = userEvent.setup();
    await user.selectOptions(within(dialog).getByLabelText('Status'), 'won');
    expect(within(dialog).getByLabelText('Status')).toHaveValue('won');
    expect(lastToast('Saved')).toBeUndefined();
    answer();
    await waitFor(() =>
      expect(lastToast('Saved')).toMatchObject({ description: 'Status: New → Won' }),
    );
  });

  it('a refused change goes back to the old value with a plain message', async () => {
    openEnquiry({ refuse: () => true });
    const dialog = await screen.findByRole('dialog', { name: 'Person 1' });
    const user = userEvent.setup();
    await user.selectOptions(within(dialog).getByLabelText('Status'), 'lost');
    await waitFor(() => expect(lastToast('Not saved')).toBeDefined());
    expect(within(dialog).getByLabelText('Status')).toHaveValue('new');
  });

  it('Undo on the confirmation saves the previous value the same way', async () => {
    const { updates, patches, row } = openEnquiry();
    const dialog = await screen.findByRole('dialog', { name: 'Person 1' });
    const user = userEvent.setup();
    await user.selectOptions(within(dialog).getByLabelText('Status'), 'won');
    await waitFor(() => expect(lastToast('Saved')?.action?.label).toBe('Undo'));
    lastToast('Saved')!.action!.onClick();
    await waitFor(() => expect(within(dialog).getByLabelText('Status')).toHaveValue('new'));
    await waitFor(() => expect(updates).toEqual([{ status: 'won' }, { status: 'new' }]));
    // the save is by id alone; the undo only while the field still holds what the save stored
    const id = { op: 'eq', value: row.id };
    expect(patches()).toEqual([
      { body: { status: 'won' }, id, unless: {} },
      { body: { status: 'new' }, id, unless: { status: [{ op: 'eq', value: 'won' }] } },
    ]);
    await waitFor(() =>
      expect(lastToast('Change undone')).toMatchObject({ description: 'Status: Won → New' }),
    );
  });

  it('an Undo after the field changed again (a call moved the date) is refused, nothing lost', async () => {
    const { updates, row, patches } = openEnquiry();
    const dialog = await screen.findByRole('dialog', { name: 'Person 1' });
    const user = userEvent.setup();
    await user.selectOptions(within(dialog).getByLabelText('Status'), 'won');
    await waitFor(() => expect(lastToast('Saved')?.action?.label).toBe('Undo'));
    // A colleague moves it on before the toast's Undo is pressed.
    Object.assign(row, { status: 'lost' });
    lastToast('Saved')!.action!.onClick();
    await waitFor(() =>
      expect(lastToast('Not saved')?.description).toMatch(/Not undone: it has changed since/),
    );
    expect(updates).toEqual([{ status: 'won' }]);
    // the undo was sent on the condition the colleague's change no longer met
    expect(patches().at(-1)).toEqual({
      body: { status: 'new' },
      id: { op: 'eq', value: row.id },
      unless: { status: [{ op: 'eq', value: 'won' }] },
    });
    await waitFor(() => expect(within(dialog).getByLabelText('Status')).toHaveValue('lost'));
  });

  it('the same Undo sits beside the fields, where the keyboard reaches it inside the dialog', async () => {
    const { updates } = openEnquiry();
    const dialog = await screen.findByRole('dialog', { name: 'Person 1' });
    const user = userEvent.setup();
    await user.selectOptions(within(dialog).getByLabelText('Status'), 'won');
    const undo = await within(dialog).findByRole('button', { name: 'Undo' });
    expect(within(dialog).getByText('Saved: Status: New → Won')).toBeInTheDocument();
    undo.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(within(dialog).getByLabelText('Status')).toHaveValue('new'));
    await waitFor(() => expect(updates).toEqual([{ status: 'won' }, { status: 'new' }]));
    await waitFor(() => expect(within(dialog).queryByRole('button', { name: 'Undo' })).toBeNull());
  });

  it('a date typed month first or in the future is refused beside the field, and nothing is sent', async () => {
    const { updates, patches } = openEnquiry();
    const dialog = await screen.findByRole('dialog', { name: 'Person 1' });
    const user = userEvent.setup();
    const date = within(dialog).getByLabelText('Last contacted');
    await user.clear(date);
    await user.type(date, '11/24/2026{Enter}');
    expect(date).toHaveAccessibleDescription(/There is no day 11\/24\/2026/);
    await user.clear(date);
    await user.type(date, '01/01/2999{Enter}');
    expect(date).toHaveAccessibleDescription(/The last contact cannot be in the future\./);
    expect(updates).toEqual([]);
    expect(patches()).toEqual([]);
  });
});

describe('logging a call', { timeout: 20_000 }, () => {
  it('asks for the outcome, sends it with the note, and Undo takes the call back', async () => {
    const { rpcCalls, row } = openEnquiry();
    const dialog = await screen.findByRole('dialog', { name: 'Person 1' });
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('button', { name: 'Log a call' }));
    const panel = within(dialog).getByRole('form', { name: 'Log a call' });
    await user.click(within(panel).getByRole('button', { name: 'Save call' }));
    expect(within(panel).getByText('Choose how the call went.')).toBeInTheDocument();
    expect(rpcCalls().map(({ name }) => name)).not.toContain('record_enquiry_contact');

    await logCall(dialog, 'Left a voicemail', 'Asked them to ring back.');
    await waitFor(() =>
      expect(rpcCalls()).toContainEqual({
        name: 'record_enquiry_contact',
        args: {
          _submission_id: row.id,
          _channel: 'phone',
          _outcome: 'voicemail',
          _note: 'Asked them to ring back.',
        },
      }),
    );
    await waitFor(() =>
      expect(lastToast('Call logged')).toMatchObject({ description: 'Left a voicemail' }),
    );
    const date = within(dialog).getByLabelText('Last contacted');
    await waitFor(() => expect(date).toHaveValue('24/11/2026'));
    lastToast('Call logged')!.action!.onClick();
    await waitFor(() =>
      expect(rpcCalls()).toContainEqual({
        name: 'undo_enquiry_contact',
        args: { _contact_id: 'contact-1' },
      }),
    );
    await waitFor(() => expect(date).toHaveValue('20/11/2026'));
    expect(lastToast('Undone')).toBeDefined();
  });

  it('offers the same Undo in the reply box, within reach of the keyboard', async () => {
    const { rpcCalls } = openEnquiry();
    const dialog = await screen.findByRole('dialog', { name: 'Person 1' });
    await logCall(dialog, 'Reached');
    expect(await within(dialog).findByText('Call logged: Reached.')).toBeInTheDocument();
    const user = userEvent.setup();
    within(dialog).getByRole('button', { name: 'Undo' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(rpcCalls()).toContainEqual({
        name: 'undo_enquiry_contact',
        args: { _contact_id: 'contact-1' },
      }),
    );
    await waitFor(() => expect(within(dialog).queryByText('Call logged: Reached.')).toBeNull());
  });
});
