import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { ToastMessage } from '@/components/ui/toast/notify';

import { filterOn, type PostgrestRequest } from '../../../support/supabase-network';
import { captureToasts, quietAuditLog, releaseToasts } from '../../auth/test-helpers';
import {
  enquiry,
  figuresOf,
  overviewOf,
  renderDashboard,
  useDashboardNetwork,
} from '../admin-test-data';

const network = useDashboardNetwork();

let toasts: ToastMessage[];

/** The enquiries table (the overview has a table of its own behind a toggle). */
async function enquiriesTable() {
  const region = await screen.findByRole('region', { name: 'Submissions table' });
  return within(region).getByRole('table');
}

const tableRows = async () => within(await enquiriesTable()).getAllByRole('row');

/** The requests for a page of the list (not HEAD counts). */
const listReads = (requests: PostgrestRequest[]) =>
  requests.filter((request) => request.name === 'enquiry_list' && !request.head);

const rpcNames = (requests: PostgrestRequest[]) =>
  requests.filter((request) => request.kind === 'rpc').map((request) => request.name);

beforeEach(() => {
  toasts = captureToasts();
  quietAuditLog();
});

afterEach(() => {
  releaseToasts();
  vi.restoreAllMocks();
});

describe('AdminDashboard', () => {
  it("shows the header, welcome, role badge and the card titles; Sign Out is the frame's", () => {
    renderDashboard(network);
    expect(screen.getByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument();
    // The address until the staff list says whose it is; this one has no staff name.
    expect(screen.getByText('Welcome, ada@example.com')).toBeInTheDocument();
    expect(screen.getByText('admin')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Overview' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Contact Submissions' })).toBeInTheDocument();
    expect(
      screen.getByText('Manage and review customer contact form submissions'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign Out' })).toBeNull();
  });

  it('greets the person by staff name beside their address once the staff list has it', async () => {
    renderDashboard(network, {
      rpc: {
        list_staff: () => ({
          data: [{ id: 'staff-1', email: 'Ada@Example.com', display_name: 'Ada Lovelace' }],
        }),
      },
    });
    expect(await screen.findByText('Welcome, Ada Lovelace (ada@example.com)')).toBeInTheDocument();
  });

  it('shows a spinner while loading, then "No contact submissions found"', async () => {
    renderDashboard(network);
    expect(screen.getByText('Loading contact submissions…')).toBeInTheDocument();
    expect(await screen.findByText('No contact submissions found')).toBeInTheDocument();
  });

  it('lists rows with date, name, address, company, status, interest, timeline, assignee, last contact and message; unread ones bold and marked', async () => {
    renderDashboard(network, {
      rows: [
        { ...enquiry(1, { Interest: 'ai-ml', assigned_to: 'staff-1' }), read_by_me: false },
        {
          ...enquiry(2, {
            Company: '',
            status: 'in_progress',
            assigned_to: 'staff-2',
            last_contacted_at: '2025-03-02T12:00:00Z',
          }),
          read_by_me: true,
        },
        { ...enquiry(3, { status: 'won' }), read_by_me: true },
      ],
      rpc: {
        list_staff: () => ({
          data: [
            { id: 'staff-1', email: 'ada@example.com', display_name: 'Ada Lovelace' },
            { id: 'staff-2', email: 'grace@example.com', display_name: null },
          ],
        }),
      },
    });
    const table = await enquiriesTable();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent?.replace(/[↑↓↕]/g, '')),
    ).toEqual([
      'Date',
      'Name',
      'Email',
      'Company',
      'Status',
      'Service Interest',
      'Timeline',
      'Assigned to',
      'Last contact',
      'Message',
    ]);
    const [, first, second, third] = within(table).getAllByRole('row');
    expect(first).toHaveAttribute('data-enquiry-id', enquiry(1).id);
    expect(first).toHaveTextContent('01 Mar 2025');
    expect(first).toHaveTextContent('person1@example.com');
    expect(first).toHaveTextContent('New');
    expect(first).toHaveTextContent('AI & Machine Learning');
    expect(await within(first!).findByText('Ada Lovelace')).toBeInTheDocument();
    expect(first).toHaveTextContent('Immediate');
    // never contacted: an empty cell reads N/A like the others
    expect(within(first!).getAllByRole('cell')[8]).toHaveTextContent(/^N\/A$/);
    // not opened by this staff member yet: bold, and said in words
    expect(await within(first!).findByText('Unread')).toBeInTheDocument();
    expect(first).toHaveClass('font-bold');

    expect(second).toHaveTextContent('In progress');
    expect(second).toHaveTextContent('N/A');
    expect(second).toHaveTextContent('grace@example.com');
    expect(second).toHaveTextContent('02 Mar 2025');
    expect(within(second!).queryByText('Unread')).toBeNull();
    expect(second).not.toHaveClass('font-bold');
    expect(third).toHaveTextContent('Unassigned');
    // the message is shown in full as the preview's tooltip
    expect(within(first!).getByTitle('Message number 1 for the team.')).toBeInTheDocument();
  });

  it('takes what the page started early and asks nothing twice', async () => {
    const { requests } = renderDashboard(network, {
      rows: [enquiry(1, { Name: 'Early Person' }), enquiry(2, { status: 'won' })],
      url: '/admin?status=won',
      prefetched: true,
    });
    const row = await screen.findByRole('row', { name: /Person 2/ });
    expect(within(row).getByText('Won')).toBeInTheDocument();
    await screen.findByText('Same as last week so far');
    await screen.findByText('No consultations booked.');
    const lists = listReads(requests);
    expect(lists).toHaveLength(1);
    expect(filterOn(lists[0]!, 'status')).toEqual({ op: 'eq', value: 'won' });
    expect(rpcNames(requests).sort()).toEqual([
      'enquiry_dashboard_figures',
      'enquiry_list_counts',
      'list_failed_enquiry_mail',
      'list_staff',
      'upcoming_consultations',
    ]);
  });

  it('drops the unread mark of an enquiry once opened, without reloading the list', async () => {
    const { requests } = renderDashboard(network, {
      rows: [{ ...enquiry(1, { Name: 'Opened Person' }), read_by_me: false }],
    });
    const row = await screen.findByRole('row', { name: /Opened Person/ });
    expect(within(row).getByText('Unread')).toBeInTheDocument();
    const listLoads = () => listReads(requests).length;
    const loadsBefore = listLoads();
    const user = userEvent.setup();
    await user.click(
      within(row).getByRole('button', { name: 'View full enquiry from Opened Person' }),
    );
    await user.click(await screen.findByRole('button', { name: 'Close' }));
    await waitFor(() => expect(within(row).queryByText('Unread')).toBeNull());
    expect(row).not.toHaveClass('font-bold');
    expect(rpcNames(requests).filter((name) => name === 'mark_enquiry_read')).toHaveLength(1);
    expect(listLoads()).toBe(loadsBefore);
  });

  it('sorts by a column header from the first page again, and asks the database for that order', async () => {
    const { lastListRequest } = renderDashboard(network, {
      rows: Array.from({ length: 30 }, (_, i) => enquiry(i + 1)),
      url: '/admin?page=2',
    });
    expect(await screen.findByText('Showing 26–30 of 30 enquiries')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: /^Name/ }));
    expect(await screen.findByText('Showing 1–25 of 30 enquiries')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /^Name/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    const sorted = lastListRequest();
    expect(sorted.params.get('order')).toBe('name_key.asc.nullslast,id.asc');
    expect(sorted.range).toEqual({ from: 0, to: 24 });
  });

  it('below tablet width lists cards and keeps the filters behind one Filters button', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: false,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    try {
      renderDashboard(network, { rows: [enquiry(1), enquiry(2, { status: 'won' })] });
      const cards = await screen.findByRole('list', { name: 'Enquiries' });
      expect(within(cards).getAllByRole('listitem')).toHaveLength(2);
      expect(screen.queryByRole('region', { name: 'Submissions table' })).toBeNull();

      const toggle = screen.getByRole('button', { name: 'Filters' });
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!;
      expect(panel).toContainElement(screen.getByLabelText('Status'));
      expect(panel).toContainElement(screen.getByLabelText('Sort by'));
      expect(panel).not.toContainElement(screen.getByLabelText('Search'));
      const user = userEvent.setup();
      await user.click(toggle);
      expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await user.selectOptions(screen.getByLabelText('Status'), 'won');
      await waitFor(() => expect(toggle).toHaveAccessibleName('Filters 1 active'));
      await waitFor(() => expect(within(cards).getAllByRole('listitem')).toHaveLength(1));
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('counts each status in the status filter, and filters by it', async () => {
    renderDashboard(network, {
      rows: [
        enquiry(1),
        enquiry(2),
        enquiry(3, { status: 'in_progress' }),
        enquiry(4, { status: 'spam', Name: 'Spammer' }),
      ],
    });
    const filter = screen.getByLabelText('Status');
    await waitFor(() =>
      expect(
        within(filter)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['All (3)', 'New (2)', 'In progress (1)', 'Won (0)', 'Lost (0)', 'Spam (1)']),
    );
    await userEvent.setup().selectOptions(filter, 'spam');
    await waitFor(async () => expect(await tableRows()).toHaveLength(2));
    expect(screen.getByRole('row', { name: /Spammer/ })).toBeInTheDocument();
    expect(screen.getByText('Showing 1–1 of 1 enquiry')).toBeInTheDocument();
  });

  it('pages on the server, 25 rows at a time', async () => {
    renderDashboard(network, { rows: Array.from({ length: 30 }, (_, i) => enquiry(i + 1)) });
    expect(await screen.findByText('Showing 1–25 of 30 enquiries')).toBeInTheDocument();
    expect(await tableRows()).toHaveLength(26);
    const user = userEvent.setup();
    expect(screen.getByRole('button', { name: 'Previous' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 26–30 of 30 enquiries')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    // Unavailable but still focusable (aria-disabled), and a press does nothing.
    const next = screen.getByRole('button', { name: 'Next' });
    expect(next).toHaveAttribute('aria-disabled', 'true');
    expect(next).toBeEnabled();
    await user.click(next);
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
  });

  it('opens with the status filter and page the address names', async () => {
    renderDashboard(network, {
      rows: [
        ...Array.from({ length: 27 }, (_, i) => enquiry(i + 1, { status: 'spam' })),
        enquiry(99),
      ],
      url: '/admin?status=spam&page=2',
    });
    expect(await screen.findByText('Showing 26–27 of 27 enquiries')).toBeInTheDocument();
    expect(screen.getByLabelText('Status')).toHaveValue('spam');
    expect(await tableRows()).toHaveLength(3);
  });

  it('toasts "Error: Failed to load contact submissions." and logs a query error', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderDashboard(network, {
      tables: {
        contact_submissions: () => ({
          error: { message: 'permission denied', code: '42501' },
        }),
      },
    });
    await waitFor(() =>
      expect(toasts).toContainEqual({
        title: 'Error',
        description: 'Failed to load contact submissions.',
        variant: 'destructive',
      }),
    );
    // What PostgREST sent, as supabase-js hands it on.
    expect(error).toHaveBeenCalledWith('Error fetching contact submissions:', {
      message: 'permission denied',
      code: '42501',
      details: null,
      hint: null,
    });
  });

  it('toasts "Error: An unexpected error occurred." when loading throws', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    // supabase-js answers a refusal or a network failure with an error, never a throw; what
    // throws is an answer the dashboard cannot read: figures missing what it expects.
    renderDashboard(network, {
      rpc: { enquiry_dashboard_figures: () => ({ data: { overview: null } }) },
    });
    await waitFor(() =>
      expect(toasts).toContainEqual({
        title: 'Error',
        description: 'An unexpected error occurred.',
        variant: 'destructive',
      }),
    );
    expect(error).toHaveBeenCalledWith(
      'Unexpected error loading contact submissions:',
      expect.any(Error),
    );
  });

  it('exports every filtered row as a CSV download', async () => {
    renderDashboard(network, { rows: Array.from({ length: 30 }, (_, i) => enquiry(i + 1)) });
    const blobs: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:csv';
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await enquiriesTable();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blobs[0]!);
    });
    expect(text.split('\r\n').filter(Boolean)).toHaveLength(31);
    expect(text).toContain('Person 30');
    expect(toasts.at(-1)?.title).toBe('Export ready');
    vi.unstubAllGlobals();
  });

  it("exports in the view's sort, so the file runs in the order shown", async () => {
    const { requests } = renderDashboard(network, {
      rows: [enquiry(1), enquiry(2)],
      url: '/admin?sort=name&dir=desc',
    });
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:csv', revokeObjectURL: vi.fn() }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await enquiriesTable();
    const before = requests.length;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const exportRead = listReads(requests.slice(before))[0];
    expect(exportRead?.params.get('order')).toBe('name_key.desc.nullslast,id.asc');
    vi.unstubAllGlobals();
  });
});

describe('the overview', () => {
  it('shows this week and month against the previous period, open and closed, and the chart', async () => {
    renderDashboard(network, {
      rows: [enquiry(1)],
      rpc: {
        enquiry_dashboard_figures: () => ({
          data: figuresOf(
            overviewOf({
              this_week: 5,
              previous_week: 3,
              this_month: 9,
              previous_month: 9,
              open: 6,
              closed: 4,
              total: 10,
              weekly: Array.from({ length: 12 }, (_, i) => ({
                week_start: `2026-${i < 4 ? '09' : i < 8 ? '10' : '11'}-${String((i % 4) * 7 + 1).padStart(2, '0')}`,
                total: i === 11 ? 5 : 0,
                by_interest: (i === 11 ? { 'ai-ml': 3, analytics: 2 } : {}) as Record<
                  string,
                  number
                >,
              })),
            }),
          ),
        }),
      },
    });
    const overview = screen.getByRole('region', { name: 'Overview' });
    expect(await within(overview).findByText('+2 on last week so far')).toBeInTheDocument();
    expect(within(overview).getByText('Same as last month so far')).toBeInTheDocument();
    expect(within(overview).getByText('New and in progress')).toBeInTheDocument();
    expect(within(overview).getByText('Won and lost')).toBeInTheDocument();
    // The charts follow the list, not the figures above it.
    const charts = screen.getByRole('region', { name: 'Charts and lead sources' });
    expect(
      (await screen.findByRole('region', { name: 'Submissions table' })).compareDocumentPosition(
        charts,
      ) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(
      within(charts).getByRole('img', {
        name: 'AI & Machine Learning: 3 in 12 weeks, most in one week 3',
      }),
    ).toBeInTheDocument();
    // The table alternative holds the same figures, one row per week.
    const table = within(charts).getByRole('table', {
      name: 'Enquiries per week by service interest',
      hidden: true,
    });
    const rows = within(table).getAllByRole('row', { hidden: true });
    expect(rows).toHaveLength(13);
    expect(
      within(rows.at(-1)!)
        .getAllByRole('cell', { hidden: true })
        .map((cell) => cell.textContent),
    ).toEqual(['5', '0', '0', '0', '3', '0', '2', '0']);
    expect(within(rows.at(-1)!).getByRole('rowheader', { hidden: true })).toHaveTextContent(
      '22 Nov',
    );
  });

  it('announces new enquiries politely, reloads the list in place and keeps focus', async () => {
    const rows = [enquiry(1)];
    let polls = 0;
    const { requests } = renderDashboard(network, {
      rows,
      pollIntervalMs: 40,
      rpc: {
        enquiry_dashboard_figures: () => {
          polls += 1;
          const arrived = polls >= 3;
          if (arrived && rows.length === 1) rows.unshift(enquiry(0, { Name: 'Newcomer' }));
          return {
            data: figuresOf(
              overviewOf({
                total: rows.length,
                arrived_since: arrived ? 1 : 0,
                latest_created_at: rows[0]!.created_at,
              }),
            ),
          };
        },
      },
    });
    const search = screen.getByLabelText('Search');
    search.focus();
    expect(await screen.findByRole('row', { name: /Newcomer/ }, { timeout: 5000 })).toBeVisible();
    expect(screen.getByText(/^1 new enquiry arrived at \d\d:\d\d\.$/)).toHaveAttribute(
      'role',
      'status',
    );
    expect(search).toHaveFocus();
    // After the first load, every poll asks about arrivals since the newest enquiry seen.
    const figuresReads = requests.filter((request) => request.name === 'enquiry_dashboard_figures');
    expect(figuresReads.at(-1)?.body).toEqual({ _since: expect.any(String) });
  });

  it('announces the first enquiry on a dashboard opened with none', async () => {
    const rows: ReturnType<typeof enquiry>[] = [];
    let polls = 0;
    renderDashboard(network, {
      rows,
      pollIntervalMs: 40,
      rpc: {
        enquiry_dashboard_figures: () => {
          polls += 1;
          if (polls >= 3 && rows.length === 0) rows.push(enquiry(0, { Name: 'Firstcomer' }));
          // With nothing seen yet there is no date to ask about, so the database counts no
          // arrivals: the dashboard knows it saw none, and so every enquiry now is new.
          return {
            data: figuresOf(
              overviewOf({
                total: rows.length,
                latest_created_at: rows[0]?.created_at ?? null,
              }),
            ),
          };
        },
      },
    });
    expect(await screen.findByRole('row', { name: /Firstcomer/ }, { timeout: 2000 })).toBeVisible();
    expect(
      await screen.findByText(/^1 new enquiry arrived at \d\d:\d\d\.$/, undefined, {
        timeout: 2000,
      }),
    ).toHaveAttribute('role', 'status');
  });
});
