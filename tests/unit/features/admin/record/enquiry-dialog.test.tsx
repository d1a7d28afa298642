import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { ToastMessage } from '@/components/ui/toast/notify';

import { captureToasts, quietAuditLog, releaseToasts } from '../../auth/test-helpers';
import { filterOn, type PostgrestRequest } from '../../../support/supabase-network';
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

/** The arguments each call of the database function `name` sent, in order. */
function rpcArgs(requests: PostgrestRequest[], name: string): unknown[] {
  return requests
    .filter((request) => request.kind === 'rpc' && request.name === name)
    .map(({ body }) => body);
}

describe('the enquiry dialog', () => {
  it('opens from a row with mailto and tel links, and closing it clears the link', async () => {
    const { enquiryChanges } = renderDashboard(network, {
      rows: [enquiry(1, { Phone: '+44 20 7946 0958', Job: 'CDO', Message: 'Full text.' })],
    });
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'View full enquiry from Person 1' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Person 1' });
    expect(within(dialog).getByRole('link', { name: 'person1@example.com' })).toHaveAttribute(
      'href',
      'mailto:person1@example.com',
    );
    expect(within(dialog).getByRole('link', { name: '+44 20 7946 0958' })).toHaveAttribute(
      'href',
      'tel:+442079460958',
    );
    expect(within(dialog).getByText('Full text.')).toBeInTheDocument();
    expect(within(dialog).getByText('CDO')).toBeInTheDocument();
    expect(await within(dialog).findByText('No notes yet.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(enquiryChanges).toEqual([enquiry(1).id, null]);
    // back on the row's button, so a keyboard user carries on down the table from there
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'View full enquiry from Person 1' })).toHaveFocus(),
    );
  });

  it('a deep link opens an enquiry that is not on the page', async () => {
    const far = enquiry(99, { Name: 'Far Away' });
    renderDashboard(network, {
      rows: [enquiry(1)],
      enquiryId: far.id,
      tables: {
        contact_submissions: (request) =>
          filterOn(request, 'id') ? { data: [far] } : { data: [enquiry(1)], count: 1 },
      },
    });
    expect(await screen.findByRole('dialog', { name: 'Far Away' })).toBeInTheDocument();
  });

  it.each([
    ['an unknown id', '00000000-0000-4000-8000-000000000404'],
    ['a malformed id', 'not-a-uuid'],
  ])('a deep link to %s says the enquiry was not found', async (_label, id) => {
    renderDashboard(network, { rows: [enquiry(1)], enquiryId: id });
    const dialog = await screen.findByRole('dialog', { name: 'Enquiry not found' });
    expect(dialog).toHaveTextContent(
      'No enquiry matches this link. It may have been deleted, or the link is incomplete.',
    );
  });

  it('saves each field the moment it changes, sending only that field and what was seen', async () => {
    const row = enquiry(1);
    const updates: unknown[] = [];
    const { requests } = renderDashboard(network, {
      rows: [row],
      enquiryId: row.id,
      rpc: {
        save_enquiry_field: (request) => {
          const { _field, _value } = request.body as { _field: string; _value: unknown };
          updates.push({ [_field]: _value });
          Object.assign(row, { [_field]: _value });
          return { data: { ...row } };
        },
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Person 1' });
    expect(within(dialog).queryByRole('button', { name: 'Save changes' })).toBeNull();
    const user = userEvent.setup();
    await user.selectOptions(within(dialog).getByLabelText('Status'), 'won');
    await waitFor(() =>
      expect(within(dialog).getAllByRole('option', { name: 'ada@example.com' })).toHaveLength(1),
    );
    await user.selectOptions(within(dialog).getByLabelText('Assigned to'), 'staff-1');
    const date = within(dialog).getByLabelText('Last contacted');
    await user.type(date, '02/03/2025{Enter}');
    await waitFor(() =>
      expect(updates).toEqual([
        { status: 'won' },
        { assigned_to: 'staff-1' },
        { last_contacted_at: '2025-03-02T12:00:00.000Z' },
      ]),
    );
    expect(toasts).toContainEqual(
      expect.objectContaining({ title: 'Saved', description: 'Status: New → Won' }),
    );
    expect(toasts).toContainEqual(
      expect.objectContaining({ title: 'Saved', description: 'Assigned to ada@example.com' }),
    );
    // each save is of this enquiry alone, and says what the field held on screen
    expect(rpcArgs(requests, 'save_enquiry_field')).toEqual([
      { _submission_id: row.id, _field: 'status', _value: 'won', _seen: 'new' },
      { _submission_id: row.id, _field: 'assigned_to', _value: 'staff-1', _seen: null },
      {
        _submission_id: row.id,
        _field: 'last_contacted_at',
        _value: '2025-03-02T12:00:00.000Z',
        _seen: null,
      },
    ]);
    expect(requests.filter(({ method }) => method === 'PATCH')).toEqual([]);
    expect(date).toHaveValue('02/03/2025');
    expect(within(dialog).getByText('02 Mar 2025')).toBeInTheDocument();
  });

  it('"Not spam" asks the database to restore the status from before spam, as in bulk', async () => {
    const row = enquiry(1, { status: 'spam' });
    const { requests } = renderDashboard(network, {
      rows: [row],
      enquiryId: row.id,
      rpc: {
        bulk_enquiry_action: () => {
          Object.assign(row, { status: 'won' });
          return { data: { action: 'not_spam', requested: 1, count: 1 } };
        },
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Person 1' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Not spam' }));
    await waitFor(() =>
      expect(rpcArgs(requests, 'bulk_enquiry_action')).toContainEqual(
        expect.objectContaining({ _ids: [row.id], _action: 'not_spam' }),
      ),
    );
    await waitFor(() => expect(within(dialog).getByLabelText('Status')).toHaveValue('won'));
  });

  it('marks an enquiry as spam in one press, offers "Not spam", and rolls back a refusal', async () => {
    const row = enquiry(1);
    let refuse = false;
    renderDashboard(network, {
      rows: [row],
      enquiryId: row.id,
      rpc: {
        save_enquiry_field: (request) => {
          const { _field, _value } = request.body as { _field: string; _value: unknown };
          if (refuse)
            return {
              error: {
                code: 'P0001',
                message: 'Enquiries can only be assigned to staff with the admin role.',
              },
            };
          Object.assign(row, { [_field]: _value });
          return { data: { ...row } };
        },
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Person 1' });
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('button', { name: 'Mark as spam' }));
    await waitFor(() => expect(within(dialog).getAllByText('Spam').length).toBeGreaterThan(0));
    expect(within(dialog).queryByRole('button', { name: 'Mark as spam' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Not spam' })).toBeInTheDocument();
    refuse = true;
    await user.selectOptions(within(dialog).getByLabelText('Status'), 'lost');
    await waitFor(() =>
      expect(toasts).toContainEqual({
        title: 'Not saved',
        description: 'Enquiries can only be assigned to staff with the admin role.',
        variant: 'destructive',
      }),
    );
    expect(within(dialog).getByLabelText('Status')).toHaveValue('spam');
  });

  it('lists notes newest first and adds one; an empty note gets a clear message', async () => {
    const row = enquiry(1);
    const inserted: unknown[] = [];
    renderDashboard(network, {
      rows: [row],
      enquiryId: row.id,
      tables: {
        enquiry_notes: (request) => {
          if (request.method === 'POST') {
            const insert = request.body as { body: string };
            inserted.push(insert);
            return {
              data: [
                {
                  id: 'note-2',
                  created_at: '2025-03-02T09:00:00Z',
                  author_email: 'ada@example.com',
                  body: insert.body,
                },
              ],
            };
          }
          return {
            data: [
              {
                id: 'note-1',
                created_at: '2025-03-01T09:00:00Z',
                author_email: 'bob@example.com',
                body: 'First call booked.',
              },
            ],
          };
        },
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Person 1' });
    const list = await within(dialog).findByRole('list', { name: 'Notes, newest first' });
    expect(list).toHaveTextContent('bob@example.com · 01 Mar 2025, 09:00First call booked.');
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('button', { name: 'Add note' }));
    expect(within(dialog).getByLabelText('New note')).toHaveAccessibleDescription(
      /Write a note before adding it\./,
    );
    expect(inserted).toEqual([]);
    await user.type(within(dialog).getByLabelText('New note'), '  Sent the proposal.  ');
    await user.click(within(dialog).getByRole('button', { name: 'Add note' }));
    await waitFor(() =>
      expect(inserted).toEqual([{ submission_id: row.id, body: 'Sent the proposal.' }]),
    );
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Sent the proposal.');
    expect(items[1]).toHaveTextContent('First call booked.');
    expect(within(dialog).getByLabelText('New note')).toHaveValue('');
  });
  it('shows staff by name: the Assigned-to options and the author of a note', async () => {
    const row = enquiry(1);
    renderDashboard(network, {
      rows: [row],
      enquiryId: row.id,
      rpc: {
        list_staff: () => ({
          data: [
            { id: 'staff-1', email: 'ada@example.com', display_name: 'Ada Lovelace' },
            { id: 'staff-2', email: 'bob@example.com', display_name: null },
          ],
        }),
      },
      tables: {
        enquiry_notes: () => ({
          data: [
            {
              id: 'note-1',
              created_at: '2025-03-01T09:00:00Z',
              author_id: 'staff-1',
              author_email: 'ada@example.com',
              body: 'Called back.',
            },
            {
              id: 'note-0',
              created_at: '2025-02-28T09:00:00Z',
              author_id: 'gone-1',
              author_email: 'carl@example.com',
              body: 'Left a voicemail.',
            },
          ],
        }),
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Person 1' });
    await waitFor(() =>
      expect(
        within(dialog).getByRole('option', { name: 'Ada Lovelace (ada@example.com)' }),
      ).toBeInTheDocument(),
    );
    expect(within(dialog).getByRole('option', { name: 'bob@example.com' })).toBeInTheDocument();
    const list = await within(dialog).findByRole('list', { name: 'Notes, newest first' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent(/^Ada Lovelace · /);
    expect(items[1]).toHaveTextContent(/^carl@example\.com · /);
  });
});

describe('read marks', () => {
  const marks = (requests: PostgrestRequest[]) => rpcArgs(requests, 'mark_enquiry_read');

  it('marks the enquiry read once per opening, and again when opened again', async () => {
    const { requests } = renderDashboard(network, {
      rows: [enquiry(1), enquiry(2)],
      rpc: { save_enquiry_field: () => ({ data: enquiry(1, { status: 'in_progress' }) }) },
    });
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'View full enquiry from Person 1' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Person 1' });
    await waitFor(() =>
      expect(marks(requests)).toEqual([{ _submission_id: enquiry(1).id, _read: true }]),
    );
    // saving in the dialog reloads the enquiry; that is not a new opening.
    await user.selectOptions(within(dialog).getByLabelText('Status'), 'in_progress');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('button', { name: 'View full enquiry from Person 1' }));
    await waitFor(() => expect(marks(requests)).toHaveLength(2));
    expect(marks(requests)[1]).toEqual({ _submission_id: enquiry(1).id, _read: true });
  });

  it('marks nothing for a deep link to an enquiry that does not exist', async () => {
    const { requests } = renderDashboard(network, {
      rows: [enquiry(1)],
      enquiryId: '00000000-0000-4000-8000-000000000404',
    });
    await screen.findByRole('dialog', { name: 'Enquiry not found' });
    expect(marks(requests)).toEqual([]);
  });

  it('"Mark as unread" removes the mark and closes the dialog', async () => {
    const { requests, enquiryChanges } = renderDashboard(network, { rows: [enquiry(1)] });
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'View full enquiry from Person 1' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Person 1' });
    await waitFor(() => expect(marks(requests)).toHaveLength(1));
    await user.click(within(dialog).getByRole('button', { name: 'Mark as unread' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(marks(requests)).toEqual([
      { _submission_id: enquiry(1).id, _read: true },
      { _submission_id: enquiry(1).id, _read: false },
    ]);
    expect(enquiryChanges.at(-1)).toBeNull();
    expect(toasts).toContainEqual(expect.objectContaining({ title: 'Marked as unread' }));
  });
});
