import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { DataRequestsPanel } from '@/features/data-requests/data-requests-panel';
import { describeCounts, erasureDone, erasureWarning } from '@/features/data-requests/subject-data';
import { SupabaseClientContext } from '@/lib/supabase-client-context';

import { useSupabaseNetwork, type PostgrestHandler } from '../../support/supabase-network';

const network = useSupabaseNetwork();

const held = {
  email: 'jo@example.com',
  generated_at: '2026-11-25T02:40:00Z',
  counts: {
    contact_submissions: 2,
    enquiry_notes: 1,
    enquiry_notes_mentioning: 0,
    enquiry_sources: 2,
    enquiry_mail_jobs: 3,
    audit_log: 0,
  },
  contact_submissions: [{ id: 'e1', Email: 'jo@example.com' }],
};

function readText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

/** The panel, signed in as an admin, with the database functions answering as `rpc` says. */
function renderPanel(rpc: Record<string, PostgrestHandler> = {}) {
  const { client, requests } = network.answer({ rpc, userId: 'u-admin' });
  render(
    <SupabaseClientContext value={client}>
      <DataRequestsPanel />
    </SupabaseClientContext>,
  );
  return requests;
}

/** Each database function called, with the arguments its request carried. */
const callsOf = (requests: { method: string; name: string; body: unknown }[]) =>
  requests.map(({ method, name, body }) => ({ method, name, body }));

async function lookUp(address = 'Jo@Example.com ') {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/E-mail address/), address);
  await user.click(screen.getByRole('button', { name: 'Look up' }));
  return user;
}

describe('DataRequestsPanel', () => {
  it('refuses an empty or malformed address before asking the database', async () => {
    const requests = renderPanel();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Look up' }));
    expect(screen.getByText('Enter the e-mail address the request is about.')).toBeVisible();
    await user.type(screen.getByLabelText(/E-mail address/), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Look up' }));
    expect(screen.getByLabelText(/E-mail address/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(/format name@example.com/)).toBeVisible();
    expect(requests).toEqual([]);
  });

  it('looks the address up (trimmed) and summarises what is held per table', async () => {
    const requests = renderPanel({ subject_access: () => ({ data: held }) });
    await lookUp();
    const summary = await screen.findByRole('region', { name: 'Data held for jo@example.com' });
    expect(callsOf(requests)).toEqual([
      { method: 'POST', name: 'subject_access', body: { _email: 'Jo@Example.com' } },
    ]);
    const terms = within(summary)
      .getAllByRole('term')
      .map((term) => term.textContent);
    const values = within(summary)
      .getAllByRole('definition')
      .map((value) => value.textContent);
    expect(Object.fromEntries(terms.map((term, i) => [term, values[i]]))).toEqual({
      Enquiries: '2',
      'Staff notes': '1',
      'Other notes naming the address': '0',
      'Network addresses': '2',
      'Notification e-mails': '3',
      'Audit log entries': '0',
    });
  });

  it('downloads the whole document as JSON under a file name without the address', async () => {
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:download';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this);
    });
    renderPanel({ subject_access: () => ({ data: held }) });
    const user = await lookUp();
    await user.click(await screen.findByRole('button', { name: 'Download JSON' }));
    expect(clicked).toHaveLength(1);
    expect(clicked[0]!.download).toBe('data-request-2026-11-25.json');
    expect(blobs[0]!.type).toBe('application/json');
    expect(JSON.parse(await readText(blobs[0]!))).toEqual(held);
  });

  it('erases only after a confirmation naming the address and the counts, then confirms', async () => {
    const requests = renderPanel({
      subject_access: () => ({ data: held }),
      erase_subject_data: () => ({
        data: {
          contact_submissions: 2,
          enquiry_notes: 1,
          enquiry_sources: 2,
          enquiry_mail_jobs: 3,
          enquiry_notes_author_removed: 0,
          enquiry_notes_mentions_removed: 0,
          audit_log_scrubbed: 1,
        },
      }),
    });
    const user = await lookUp();
    await user.click(await screen.findByRole('button', { name: 'Erase all data' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Erase all data for jo@example.com?',
    });
    expect(dialog).toHaveTextContent(
      'This deletes 2 enquiries, 1 staff note, 2 network addresses and 3 notification e-mails held for this address',
    );

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(requests.map(({ name }) => name)).toEqual(['subject_access']);

    await user.click(screen.getByRole('button', { name: 'Erase all data' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Erase all data',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(callsOf(requests)).toEqual([
      { method: 'POST', name: 'subject_access', body: { _email: 'Jo@Example.com' } },
      { method: 'POST', name: 'erase_subject_data', body: { _email: 'jo@example.com' } },
    ]);
    expect(screen.getByRole('status')).toHaveTextContent(
      'Erased all data held for jo@example.com: 2 enquiries, 1 staff note, 2 network addresses and 3 notification e-mails deleted, and the address removed from 1 audit log entry.',
    );
    expect(screen.queryByRole('button', { name: 'Download JSON' })).toBeNull();
    await waitFor(() =>
      expect(screen.getByText(/Erased all data held for/).closest('p')).toHaveFocus(),
    );
  });

  it('can erase an address only other staff notes name, and says the notes keep their text', async () => {
    const mentioned = {
      ...held,
      counts: { ...Object.fromEntries(Object.keys(held.counts).map((key) => [key, 0])) },
    };
    mentioned.counts.enquiry_notes_mentioning = 2;
    renderPanel({
      subject_access: () => ({ data: mentioned }),
      erase_subject_data: () => ({
        data: {
          contact_submissions: 0,
          enquiry_notes: 0,
          enquiry_sources: 0,
          enquiry_mail_jobs: 0,
          enquiry_notes_author_removed: 0,
          enquiry_notes_mentions_removed: 2,
          audit_log_scrubbed: 0,
        },
      }),
    });
    const user = await lookUp();
    const summary = await screen.findByRole('region', { name: 'Data held for jo@example.com' });
    expect(within(summary).queryByText('Nothing is held under this address.')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Erase all data' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(
      'This deletes nothing held for this address, removes the address from the text of 2 other staff notes and from the audit log.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Erase all data' }));
    expect(await screen.findByText(/Erased all data held for/)).toHaveTextContent(
      'Erased all data held for jo@example.com: nothing deleted, and the address removed from 2 other staff notes.',
    );
  });

  it('cannot erase when nothing is held', async () => {
    const empty = {
      ...held,
      counts: Object.fromEntries(Object.keys(held.counts).map((key) => [key, 0])),
    };
    renderPanel({ subject_access: () => ({ data: empty }) });
    await lookUp();
    expect(await screen.findByText('Nothing is held under this address.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Erase all data' })).toBeDisabled();
  });

  it('says clearly when the database refuses a non-admin', async () => {
    renderPanel({
      subject_access: () => ({ error: { code: '42501', message: 'permission denied' } }),
    });
    await lookUp();
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Only staff admins signed in with their authenticator code can handle data requests.',
    );
  });
});

describe('describeCounts', () => {
  it('lists non-empty tables with singular and plural nouns', () => {
    expect(describeCounts({ contact_submissions: 1 })).toBe('1 enquiry');
    expect(describeCounts({ audit_log: 2, enquiry_notes: 0 })).toBe('2 audit log entries');
    expect(describeCounts({ enquiry_notes_mentioning: 1 })).toBe('1 other note naming the address');
    expect(describeCounts({})).toBe('nothing');
  });

  it('with a treatment, lists only the tables erasure deletes, or only those it keeps', () => {
    const counts = { contact_submissions: 1, enquiry_notes_mentioning: 2, audit_log: 3 };
    expect(describeCounts(counts, 'delete')).toBe('1 enquiry');
    expect(describeCounts(counts, 'remove address')).toBe(
      '2 other notes naming the address and 3 audit log entries',
    );
  });
});

describe('the erasure texts', () => {
  const none = {
    contact_submissions: 0,
    enquiry_notes: 0,
    enquiry_notes_mentioning: 0,
    enquiry_sources: 0,
    enquiry_mail_jobs: 0,
    audit_log: 0,
  };

  it('the warning never says audit entries or other notes are deleted', () => {
    expect(erasureWarning({ ...none, contact_submissions: 1, audit_log: 4 })).toBe(
      'This deletes 1 enquiry held for this address and removes the address from the audit log. It cannot be undone.',
    );
    expect(erasureWarning({ ...none, enquiry_notes: 1, enquiry_notes_mentioning: 1 })).toBe(
      'This deletes 1 staff note held for this address, removes the address from the text of 1 other staff note and from the audit log. It cannot be undone.',
    );
  });

  it('the result names what was deleted and where the address was removed', () => {
    expect(
      erasureDone({
        contact_submissions: 1,
        enquiry_notes: 0,
        enquiry_sources: 1,
        enquiry_mail_jobs: 0,
        enquiry_notes_mentions_removed: 1,
        audit_log_scrubbed: 2,
      }),
    ).toBe(
      '1 enquiry and 1 network address deleted, and the address removed from 1 other staff note and 2 audit log entries.',
    );
  });
});
