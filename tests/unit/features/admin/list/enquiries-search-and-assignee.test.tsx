import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { captureToasts, quietAuditLog, releaseToasts } from '../../auth/test-helpers';
import { enquiry, renderDashboard } from '../admin-test-data';
import type { Call } from '../fake-admin-client';

const ADA = 'a0000000-0000-4000-8000-000000000001';
const GRACE = 'a0000000-0000-4000-8000-000000000002';
const FORMER = 'a0000000-0000-4000-8000-000000000009';

const staff = [
  { id: GRACE, email: 'grace@example.com', display_name: 'Grace Hopper' },
  { id: ADA, email: 'ada@example.com', display_name: null },
];

const rows = [enquiry(1), enquiry(2, { assigned_to: ADA })];

/** The arguments of every enquiry_list_counts request so far. */
const countsArgs = (rpcCalls: { name: string; args?: Record<string, unknown> }[]) =>
  rpcCalls.filter((call) => call.name === 'enquiry_list_counts').map((call) => call.args);

const assigneeCalls = (calls: Call[]) =>
  calls.filter(([method, column]) => column === 'assigned_to' && method !== 'order');

beforeEach(() => {
  captureToasts();
  quietAuditLog();
});

afterEach(() => {
  releaseToasts();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the search', () => {
  it('sends the text as typed to the database, for the list and its counts alike', async () => {
    const { rpcCalls, rpcQueries, queries } = renderDashboard({ rows });
    await screen.findByText('Showing 1–2 of 2 enquiries');
    await userEvent.setup().type(screen.getByLabelText('Search'), ' Zoë +44 7700_%');

    await waitFor(() =>
      expect(rpcCalls.filter((call) => call.name === 'search_enquiry_list')).not.toHaveLength(0),
    );
    const search = rpcCalls.findLast((call) => call.name === 'search_enquiry_list');
    expect(search?.args).toEqual({ _search: ' Zoë +44 7700_%' });
    // The view's filters, order and page go on the function's rows; no pattern is built here.
    const chained = rpcQueries.findLast((call) => call.name === 'search_enquiry_list')!.calls;
    expect(chained).toContainEqual(['neq', 'status', 'spam']);
    expect(chained.map(([method]) => method)).toEqual(expect.arrayContaining(['order', 'range']));
    expect(queries.flatMap((query) => query.calls).some(([method]) => method === 'or')).toBe(false);
    await waitFor(() =>
      expect(countsArgs(rpcCalls)).toContainEqual(
        expect.objectContaining({ _search: ' Zoë +44 7700_%' }),
      ),
    );
  });
});

describe('the assignee filter', () => {
  it('offers anyone, me, unassigned and each staff member by name, and filters the list and the counts', async () => {
    const { lastQuery, rpcCalls } = renderDashboard({
      rows,
      rpc: { list_staff: () => ({ data: staff }) },
    });
    const select = screen.getByLabelText('Assigned to');
    await waitFor(() =>
      expect(
        within(select)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Anyone', 'Me', 'Unassigned', 'ada@example.com', 'Grace Hopper']),
    );
    const user = userEvent.setup();
    await user.selectOptions(select, GRACE);
    await waitFor(() => expect(assigneeCalls(lastQuery())).toEqual([['eq', 'assigned_to', GRACE]]));
    await waitFor(() => expect(countsArgs(rpcCalls).at(-1)).toMatchObject({ _assignee: GRACE }));

    await user.selectOptions(select, 'none');
    await waitFor(() => expect(assigneeCalls(lastQuery())).toEqual([['is', 'assigned_to', null]]));
    await waitFor(() => expect(countsArgs(rpcCalls).at(-1)).toMatchObject({ _assignee: 'none' }));

    await user.selectOptions(select, '');
    expect(select).toHaveValue('');
    // Anyone again is the view the dashboard opened with, so its counts come from the cache.
    expect(countsArgs(rpcCalls)[0]).toMatchObject({ _assignee: '' });
  });

  it('"My enquiries" turns the filter to me in one press, says so, and turns it off again', async () => {
    const { lastQuery, rpcCalls } = renderDashboard({
      rows,
      userId: ADA,
      rpc: { list_staff: () => ({ data: staff }) },
    });
    await screen.findByText('Showing 1–2 of 2 enquiries');
    const mine = screen.getByRole('button', { name: 'My enquiries' });
    expect(mine).toHaveAttribute('aria-pressed', 'false');
    const user = userEvent.setup();

    await user.click(mine);
    expect(mine).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByLabelText('Assigned to')).toHaveValue('me');
    // The list asks for the signed-in staff member's id; the counts ask the database for "me".
    await waitFor(() => expect(assigneeCalls(lastQuery())).toEqual([['eq', 'assigned_to', ADA]]));
    await waitFor(() => expect(countsArgs(rpcCalls).at(-1)).toMatchObject({ _assignee: 'me' }));

    await user.click(mine);
    expect(mine).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByLabelText('Assigned to')).toHaveValue('');
  });

  it('opens with the assignee the address names, keeping an id the staff list lacks', async () => {
    const { lastQuery } = renderDashboard({
      rows,
      url: `/admin?assignee=${FORMER}`,
      rpc: { list_staff: () => ({ data: staff }) },
    });
    const select = screen.getByLabelText('Assigned to');
    expect(select).toHaveValue(FORMER);
    await waitFor(() =>
      expect(within(select).getByRole('option', { selected: true })).toHaveTextContent(
        'Not on the staff list',
      ),
    );
    await waitFor(() =>
      expect(assigneeCalls(lastQuery())).toEqual([['eq', 'assigned_to', FORMER]]),
    );
    expect(screen.getByRole('button', { name: 'Clear' })).toBeInTheDocument();
  });

  it('below tablet width sits behind Filters and counts there, while "My enquiries" stays in view', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: false,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    renderDashboard({ rows, userId: ADA, rpc: { list_staff: () => ({ data: staff }) } });
    await screen.findByRole('list', { name: 'Enquiries' });
    const toggle = screen.getByRole('button', { name: 'Filters' });
    const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(panel).toContainElement(screen.getByLabelText('Assigned to'));
    const mine = screen.getByRole('button', { name: 'My enquiries' });
    expect(panel).not.toContainElement(mine);

    await userEvent.setup().click(mine);
    await waitFor(() => expect(toggle).toHaveAccessibleName('Filters 1 active'));
  });
});
