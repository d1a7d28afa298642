import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { ToastMessage } from '@/components/ui/toast/notify';

import { captureToasts, quietAuditLog, releaseToasts } from '../../auth/test-helpers';

import { type PostgrestAnswer } from '../../../support/supabase-network';
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

/** A stored time as milliseconds, so two spellings of one instant compare equal; null for none. */
const dayOf = (iso: string | null) => (iso === null ? null : Date.parse(iso));

type FieldSave = {
  _submission_id: string;
  _field: string;
  _value: string | null;
  _seen: string | null;
};

/**
 * Enquiry 1 open in the dialog, over a fake database that keeps one row: a field save changes
 * it while the field holds what was seen (refused as changed since otherwise, as the database
 * does), a call with an outcome that counts moves its last contact, an undo of that call puts it
 * back.
 */
function openEnquiry(options: { refuse?: () => boolean; hold?: Promise<void> } = {}) {
  const row = enquiry(1, { last_contacted_at: '2026-11-20T12:00:00.000Z' });
  const updates: unknown[] = [];
  let beforeCall: string | null = null;
  const dashboard = renderDashboard(network, {
    rows: [row],
    enquiryId: row.id,
    tables: {
      contact_submissions: rowsHandler(() => [row]),
    },
    rpc: {
      save_enquiry_field: async (request): Promise<PostgrestAnswer> => {
        const { _field, _value, _seen } = request.body as FieldSave;
        const field = _field as 'status' | 'assigned_to' | 'last_contacted_at';
        if (row[field] === _value) return { data: row };
        if (row[field] !== _seen) {
          return {
            status: 400,
            error: {
              code: 'P0001',
              message: 'This enquiry changed after you opened it, so your change was not saved.',
              hint: 'enquiry_changed_since_seen',
              details: JSON.stringify({
                field,
                seen: _seen,
                current: row[field],
                changed_by: 'Sam Colleague',
                changed_at: '2026-11-24T14:02:00.000Z',
                enquiry: row,
              }),
            },
          };
        }
        updates.push({ [field]: _value });
        await options.hold;
        if (options.refuse?.()) {
          return { error: { code: '42501', message: 'permission denied for function' } };
        }
        Object.assign(row, { [field]: _value });
        return { data: { ...row } };
      },
      record_enquiry_contact: (request) => {
        const { _outcome, _seen_last_contacted: seen } = request.body as {
          _outcome?: string;
          _seen_last_contacted: string | null;
        };
        const counts = _outcome !== 'no_answer';
        if (counts && (seen === null ? null : Date.parse(seen)) !== dayOf(row.last_contacted_at)) {
          return {
            status: 400,
            error: {
              code: 'P0001',
              message: 'The last-contacted date changed after you opened this enquiry.',
              hint: 'enquiry_changed_since_seen',
              details: JSON.stringify({
                field: 'last_contacted_at',
                seen,
                current: row.last_contacted_at,
                changed_by: 'Sam Colleague',
                changed_at: '2026-11-24T14:02:00.000Z',
                enquiry: row,
              }),
            },
          };
        }
        if (counts) {
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
  /** The field saves sent: each one's field, value and what it was seen holding. */
  const saves = () =>
    rpcCalls()
      .filter(({ name }) => name === 'save_enquiry_field')
      .map(({ args }) => args as FieldSave);
  return { ...dashboard, row, updates, rpcCalls, saves };
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
    const { updates, saves, row } = openEnquiry();
    const dialog = await screen.findByRole('dialog', { name: 'Person 1' });
    const user = userEvent.setup();
    await user.selectOptions(within(dialog).getByLabelText('Status'), 'won');
    await waitFor(() => expect(lastToast('Saved')?.action?.label).toBe('Undo'));
    lastToast('Saved')!.action!.onClick();
    await waitFor(() => expect(within(dialog).getByLabelText('Status')).toHaveValue('new'));
    await waitFor(() => expect(updates).toEqual([{ status: 'won' }, { status: 'new' }]));
    // the save carries what the screen showed; the undo, what the save stored
    const save = { _submission_id: row.id, _field: 'status' };
    expect(saves()).toEqual([
      { ...save, _value: 'won', _seen: 'new' },
      { ...save, _value: 'new', _seen: 'won' },
    ]);
    await waitFor(() =>
      expect(lastToast('Change undone')).toMatchObject({ description: 'Status: Won → New' }),
    );
  });

  it('an Undo after the field changed again (a call moved the date) is refused, nothing lost', async () => {
    const { updates, row, saves } = openEnquiry();
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
    expect(saves().at(-1)).toEqual({
      _submission_id: row.id,
      _field: 'status',
      _value: 'new',
      _seen: 'won',
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

  it('a change over a colleague’s newer one is refused, named, shown, and can be applied anyway', async () => {
    const { row, updates, saves } = openEnquiry();
    const dialog = await screen.findByRole('dialog', { name: 'Person 1' });
    // A colleague sets it to Won after this screen loaded it.
    Object.assign(row, { status: 'won' });
    const user = userEvent.setup();
    await user.selectOptions(within(dialog).getByLabelText('Status'), 'in_progress');
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(
      /Status was changed to Won by Sam Colleague (at|on) .*14:02; your change to In progress was not saved\./,
    );
    expect(lastToast('Not saved')?.action?.label).toBe('Apply anyway');
    // the fields show what is saved now, and nothing was written
    await waitFor(() => expect(within(dialog).getByLabelText('Status')).toHaveValue('won'));
    expect(updates).toEqual([]);

    await user.click(within(alert).getByRole('button', { name: 'Apply anyway' }));
    await waitFor(() => expect(within(dialog).getByLabelText('Status')).toHaveValue('in_progress'));
    expect(saves().at(-1)).toMatchObject({ _value: 'in_progress', _seen: 'won' });
    expect(updates).toEqual([{ status: 'in_progress' }]);
    await waitFor(() => expect(within(dialog).queryByRole('alert')).toBeNull());
  });

  it('a date typed month first or in the future is refused beside the field, and nothing is sent', async () => {
    const { updates, saves } = openEnquiry();
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
    expect(saves()).toEqual([]);
  });
});

describe('logging a call', { timeout: 20_000 }, () => {
  it('a call over a colleague’s newer contact is not logged, names them, and Apply anyway logs it', async () => {
    const { row, rpcCalls } = openEnquiry();
    const dialog = await screen.findByRole('dialog', { name: 'Person 1' });
    // A colleague logs a call after this screen loaded the enquiry.
    Object.assign(row, { last_contacted_at: '2026-11-24T14:02:00.000Z' });
    await logCall(dialog, 'Reached');
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(
      /The last-contacted date was changed to 24 Nov 2026 by Sam Colleague (at|on) .*14:02; your call was not logged\./,
    );
    expect(lastToast('Not recorded')?.action?.label).toBe('Apply anyway');
    const calls = () => rpcCalls().filter(({ name }) => name === 'record_enquiry_contact');
    expect(calls()[0]?.args).toMatchObject({ _seen_last_contacted: '2026-11-20T12:00:00.000Z' });
    // the date box shows the colleague's date now
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Last contacted')).toHaveValue('24/11/2026'),
    );

    const user = userEvent.setup();
    await user.click(within(alert).getByRole('button', { name: 'Apply anyway' }));
    await waitFor(() => expect(lastToast('Call logged')).toBeDefined());
    expect(calls().at(-1)?.args).toMatchObject({
      _outcome: 'reached',
      _seen_last_contacted: '2026-11-24T14:02:00.000Z',
    });
    await waitFor(() => expect(within(dialog).queryByRole('alert')).toBeNull());
  });

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
          _seen_last_contacted: '2026-11-20T12:00:00.000Z',
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
