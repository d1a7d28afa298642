import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { ToastMessage } from '@/components/ui/toast/notify';
import { AdminDashboard } from '@/features/admin/admin-dashboard';
import type { Submission } from '@/features/admin/list-submissions';

import { createFakeSupabase, type BuilderCall, type QueryHandler } from '../auth/fake-supabase';
import { captureToasts, quietAuditLog, releaseToasts } from '../auth/test-helpers';

let toasts: ToastMessage[];

beforeEach(() => {
  toasts = captureToasts();
  quietAuditLog();
});

afterEach(() => {
  releaseToasts();
  vi.restoreAllMocks();
});

function submission(n: number, overrides: Partial<Submission> = {}): Submission {
  return {
    id: `id-${n}`,
    created_at: new Date(Date.UTC(2025, 2, 1, 10) - n * 3_600_000).toISOString(),
    Name: `Person ${n}`,
    Email: `person${n}@example.com`,
    Company: `Company ${n}`,
    Job: null,
    Phone: null,
    Interest: 'data-strategy',
    Timeline: 'immediate',
    Message: `Message number ${n} for the team.`,
    ...overrides,
  };
}

/** A contact_submissions handler paging `all` by the query's range(). */
function pagedHandler(all: Submission[]): QueryHandler {
  return (calls: BuilderCall[]) => {
    const range = calls.find(([method]) => method === 'range') as [string, number, number];
    return { data: all.slice(range[1], range[2] + 1), error: null, count: all.length };
  };
}

function renderDashboard(handler: QueryHandler) {
  const fake = createFakeSupabase({ tables: { contact_submissions: handler } });
  const onSignOut = vi.fn(async () => {});
  render(
    <AdminDashboard
      client={fake.client}
      email="ada@example.com"
      role="admin"
      onSignOut={onSignOut}
    />,
  );
  const lastQuery = () =>
    fake.queries.filter((q) => q.table === 'contact_submissions').at(-1)!.calls;
  return { fake, onSignOut, lastQuery };
}

describe('AdminDashboard', () => {
  it('shows the header, welcome, role badge and the card titles', async () => {
    const { onSignOut } = renderDashboard(pagedHandler([]));
    expect(screen.getByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Welcome, ada@example.com')).toBeInTheDocument();
    expect(screen.getByText('admin')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Contact Submissions' })).toBeInTheDocument();
    expect(
      screen.getByText('Manage and review customer contact form submissions'),
    ).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(onSignOut).toHaveBeenCalled();
  });

  it('shows a spinner while loading, then "No contact submissions found"', async () => {
    renderDashboard(pagedHandler([]));
    expect(screen.getByRole('status')).toHaveTextContent('Loading contact submissions…');
    expect(await screen.findByText('No contact submissions found')).toBeInTheDocument();
  });

  it('lists rows newest first with labels, N/A, "No message" and UK dates', async () => {
    const long = 'A long message. '.repeat(20).trim();
    const { lastQuery } = renderDashboard(
      pagedHandler([
        submission(1, { Interest: 'ai-ml', Timeline: '6-plus-months', Message: long }),
        submission(2, { Company: '', Message: '' }),
      ]),
    );
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Date', 'Name', 'Email', 'Company', 'Service Interest', 'Timeline', 'Message']);
    const [, first, second] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent('01 Mar 2025');
    expect(first).toHaveTextContent('AI & Machine Learning');
    expect(first).toHaveTextContent('6+ months');
    const preview = within(first!).getByTitle(long);
    expect(preview.textContent).toMatch(/…$/);
    expect(preview.textContent!.length).toBeLessThan(long.length);
    expect(second).toHaveTextContent('N/A');
    expect(second).toHaveTextContent('No message');
    expect(lastQuery()).toContainEqual(['select', '*', { count: 'exact' }]);
    expect(lastQuery()).toContainEqual(['order', 'created_at', { ascending: false }]);
  });

  it('opens the full enquiry in a dialog with mailto and tel links', async () => {
    renderDashboard(
      pagedHandler([
        submission(1, {
          Phone: '+44 20 7946 0958',
          Job: 'CDO',
          Message: 'Full text here, all of it.',
        }),
      ]),
    );
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
    expect(within(dialog).getByText('Full text here, all of it.')).toBeInTheDocument();
    expect(within(dialog).getByText('CDO')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('pages on the server, 25 rows at a time', async () => {
    const all = Array.from({ length: 30 }, (_, i) => submission(i + 1));
    const { lastQuery } = renderDashboard(pagedHandler(all));
    expect(await screen.findByText('Showing 1–25 of 30 enquiries')).toBeInTheDocument();
    expect(lastQuery()).toContainEqual(['range', 0, 24]);
    expect(screen.getAllByRole('row')).toHaveLength(26);
    const user = userEvent.setup();
    expect(screen.getByRole('button', { name: 'Previous' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 26–30 of 30 enquiries')).toBeInTheDocument();
    expect(lastQuery()).toContainEqual(['range', 25, 49]);
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    // Unavailable but still focusable (aria-disabled), and a press does nothing.
    const next = screen.getByRole('button', { name: 'Next' });
    expect(next).toHaveAttribute('aria-disabled', 'true');
    expect(next).toBeEnabled();
    await user.click(next);
    expect(lastQuery()).toContainEqual(['range', 25, 49]);
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
  });

  it('searches with an escaped or-filter and filters by interest and timeline', async () => {
    const { lastQuery } = renderDashboard(pagedHandler([submission(1)]));
    const user = userEvent.setup();
    await screen.findByRole('table');
    await user.type(screen.getByLabelText('Search'), '50%, (x)');
    await waitFor(() =>
      expect(lastQuery()).toContainEqual([
        'or',
        // LIKE escape \% for the %, then the quoted value escapes that backslash again.
        ['Name', 'Email', 'Company', 'Message']
          .map((column) => `${column}.ilike."*50\\\\%, (x)*"`)
          .join(','),
      ]),
    );
    await user.selectOptions(screen.getByLabelText('Service interest'), 'ai-ml');
    await waitFor(() => expect(lastQuery()).toContainEqual(['eq', 'Interest', 'ai-ml']));
    await user.selectOptions(screen.getByLabelText('Timeline'), 'Just exploring');
    await waitFor(() => expect(lastQuery()).toContainEqual(['eq', 'Timeline', 'exploring']));
    expect(lastQuery()).toContainEqual(['range', 0, 24]);
  });

  it('toasts "Error: Failed to load contact submissions." and logs a query error', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderDashboard(() => ({ data: null, error: { message: 'permission denied', code: '42501' } }));
    await waitFor(() =>
      expect(toasts).toContainEqual({
        title: 'Error',
        description: 'Failed to load contact submissions.',
        variant: 'destructive',
      }),
    );
    expect(error).toHaveBeenCalledWith('Error fetching contact submissions:', {
      message: 'permission denied',
      code: '42501',
    });
  });

  it('toasts "Error: An unexpected error occurred." when loading throws', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderDashboard(() => {
      throw new TypeError('Failed to fetch');
    });
    await waitFor(() =>
      expect(toasts).toContainEqual({
        title: 'Error',
        description: 'An unexpected error occurred.',
        variant: 'destructive',
      }),
    );
    expect(error).toHaveBeenCalled();
  });

  it('exports every filtered row, fetched in batches, as a CSV download', async () => {
    const all = Array.from({ length: 30 }, (_, i) => submission(i + 1));
    const { fake } = renderDashboard(pagedHandler(all));
    const blobs: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:csv';
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await screen.findByRole('table');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blobs[0]!);
    });
    expect(text.split('\r\n').filter(Boolean)).toHaveLength(31);
    expect(text).toContain('Person 30');
    const exportQuery = fake.queries.filter((q) => q.table === 'contact_submissions').at(-1)!;
    expect(exportQuery.calls).toContainEqual(['range', 0, 999]);
    expect(toasts.at(-1)?.title).toBe('Export ready');
    vi.unstubAllGlobals();
  });
});
