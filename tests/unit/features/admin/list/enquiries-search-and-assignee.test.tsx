import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { filterOn, filtersOn, type PostgrestRequest } from '../../../support/supabase-network';
import { captureToasts, quietAuditLog, releaseToasts } from '../../auth/test-helpers';
import { enquiry, renderDashboard, useDashboardNetwork } from '../admin-test-data';

const network = useDashboardNetwork();

const ADA = 'a0000000-0000-4000-8000-000000000001';
const GRACE = 'a0000000-0000-4000-8000-000000000002';
const FORMER = 'a0000000-0000-4000-8000-000000000009';

const staff = [
  { id: GRACE, email: 'grace@example.com', display_name: 'Grace Hopper' },
  { id: ADA, email: 'ada@example.com', display_name: null },
];

const rows = [enquiry(1), enquiry(2, { assigned_to: ADA })];

/** The requests to one database function so far. */
const rpcRequests = (requests: PostgrestRequest[], name: string) =>
  requests.filter((request) => request.kind === 'rpc' && request.name === name);

/** The arguments of every enquiry_list_counts request so far. */
const countsArgs = (requests: PostgrestRequest[]) =>
  rpcRequests(requests, 'enquiry_list_counts').map((request) => request.body);

/** The filters on assigned_to a request sent (its order is a parameter of its own). */
const assigneeFilters = (request: PostgrestRequest) => filtersOn(request, 'assigned_to');

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
    const { requests } = renderDashboard(network, { rows });
    await screen.findByText('Showing 1–2 of 2 enquiries');
    await userEvent.setup().type(screen.getByLabelText('Search'), ' Zoë +44 7700_%');

    await waitFor(() => expect(rpcRequests(requests, 'search_enquiry_list')).not.toHaveLength(0));
    const search = rpcRequests(requests, 'search_enquiry_list').at(-1)!;
    expect(search.body).toEqual({ _search: ' Zoë +44 7700_%' });
    // The view's filters, order and page go on the function's rows; no pattern is built here.
    expect(filterOn(search, 'status')).toEqual({ op: 'neq', value: 'spam' });
    expect(search.params.get('order')).toBe('created_at.desc.nullslast,id.asc');
    expect(search.range).toEqual({ from: 0, to: 24 });
    expect(search.prefer).toContain('count=exact');
    expect(requests.some((request) => request.params.has('or'))).toBe(false);
    await waitFor(() =>
      expect(countsArgs(requests)).toContainEqual(
        expect.objectContaining({ _search: ' Zoë +44 7700_%' }),
      ),
    );
  });
});

describe('the assignee filter', () => {
  it('offers anyone, me, unassigned and each staff member by name, and filters the list and the counts', async () => {
    const { lastListRequest, requests } = renderDashboard(network, {
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
    await waitFor(() =>
      expect(assigneeFilters(lastListRequest())).toEqual([{ op: 'eq', value: GRACE }]),
    );
    await waitFor(() => expect(countsArgs(requests).at(-1)).toMatchObject({ _assignee: GRACE }));

    await user.selectOptions(select, 'none');
    await waitFor(() =>
      expect(assigneeFilters(lastListRequest())).toEqual([{ op: 'is', value: 'null' }]),
    );
    await waitFor(() => expect(countsArgs(requests).at(-1)).toMatchObject({ _assignee: 'none' }));

    await user.selectOptions(select, '');
    expect(select).toHaveValue('');
    // Anyone again is the view the dashboard opened with, so its counts come from the cache.
    expect(countsArgs(requests)[0]).toMatchObject({ _assignee: '' });
  });

  it('"My enquiries" turns the filter to me in one press, says so, and turns it off again', async () => {
    const { lastListRequest, requests } = renderDashboard(network, {
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
    await waitFor(() =>
      expect(assigneeFilters(lastListRequest())).toEqual([{ op: 'eq', value: ADA }]),
    );
    await waitFor(() => expect(countsArgs(requests).at(-1)).toMatchObject({ _assignee: 'me' }));

    await user.click(mine);
    expect(mine).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByLabelText('Assigned to')).toHaveValue('');
  });

  it('opens with the assignee the address names, keeping an id the staff list lacks', async () => {
    const { lastListRequest } = renderDashboard(network, {
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
      expect(assigneeFilters(lastListRequest())).toEqual([{ op: 'eq', value: FORMER }]),
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
    renderDashboard(network, { rows, userId: ADA, rpc: { list_staff: () => ({ data: staff }) } });
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
