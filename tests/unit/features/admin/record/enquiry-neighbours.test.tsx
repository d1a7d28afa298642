import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createAdminQueryClient } from '@/features/admin/shared/admin-query-provider';
import { neighboursOf } from '@/features/admin/record/enquiry-neighbours';
import type { EnquiryNeedingReply } from '@/features/admin/needs-reply/list-enquiries-needing-reply';
import { NeedsReplyView } from '@/features/admin/needs-reply/needs-reply-view';

import { captureToasts, quietAuditLog, releaseToasts } from '../../auth/test-helpers';
import { filterOn } from '../../../support/supabase-network';
import {
  enquiry,
  renderAdmin,
  renderDashboard,
  rowsHandler,
  useDashboardNetwork,
} from '../admin-test-data';

const network = useDashboardNetwork();

beforeEach(() => {
  captureToasts();
  quietAuditLog();
});

afterEach(() => {
  releaseToasts();
  vi.restoreAllMocks();
});

const ids = ['a', 'b', 'c'];

describe('neighboursOf', () => {
  it('steps to the rows either side within the page', () => {
    expect(neighboursOf(ids, 'b')).toEqual({
      position: 2,
      total: 3,
      previous: { id: 'a' },
      next: { id: 'c' },
    });
  });

  it('at the end of a page goes on to the next page, at its start back to the one before', () => {
    const paging = { page: 1, pageSize: 3, total: 8 };
    expect(neighboursOf(ids, 'c', paging)).toMatchObject({
      position: 6,
      next: { page: 2, end: 'first' },
    });
    expect(neighboursOf(ids, 'a', paging)).toMatchObject({
      position: 4,
      previous: { page: 0, end: 'last' },
    });
  });

  it("has nowhere to go at the list's ends, nor for an enquiry not in the rows", () => {
    expect(neighboursOf(ids, 'a', { page: 0, pageSize: 3, total: 5 }).previous).toBeNull();
    expect(neighboursOf(['d', 'e'], 'e', { page: 1, pageSize: 3, total: 5 }).next).toBeNull();
    expect(neighboursOf(ids, 'c').next).toBeNull();
    expect(neighboursOf(ids, 'z', { page: 0, pageSize: 3, total: 9 })).toEqual({
      position: null,
      total: 9,
      previous: null,
      next: null,
    });
  });
});

const dialogNamed = (name: string) => screen.findByRole('dialog', { name });
const stepButton = (name: 'Previous enquiry' | 'Next enquiry') =>
  screen.getByRole('button', { name });

describe('Previous and Next enquiry on the dashboard', () => {
  const rows = Array.from({ length: 30 }, (_, i) => enquiry(i + 1));

  it("follow the list's order across a page boundary and back, in its sort", async () => {
    const { enquiryChanges, requests } = renderDashboard(network, {
      rows,
      url: '/admin?sort=name',
      enquiryId: enquiry(24).id,
    });
    const user = userEvent.setup();
    expect(await dialogNamed('Person 24')).toHaveTextContent('24 of 30 in the list');
    await user.click(stepButton('Next enquiry'));
    expect(await dialogNamed('Person 25')).toBeInTheDocument();

    // The last of page 1: Next opens the first of page 2 and turns the list to it.
    await user.click(stepButton('Next enquiry'));
    expect(await dialogNamed('Person 26')).toHaveTextContent('26 of 30 in the list');
    expect(enquiryChanges).toEqual([enquiry(25).id, enquiry(26).id]);
    const pageTwo = requests.find(
      (request) =>
        request.name === 'enquiry_list' && request.method === 'GET' && request.range?.from === 25,
    );
    // Page 2 in the list's own order (sorted by name, id breaking ties).
    expect(pageTwo?.params.get('order')).toBe('name_key.asc.nullslast,id.asc');
    expect(await screen.findByText('Showing 26–30 of 30 enquiries')).toBeInTheDocument();

    // And back: the first of page 2's previous is the last of page 1.
    await user.click(stepButton('Previous enquiry'));
    expect(await dialogNamed('Person 25')).toBeInTheDocument();
    expect(await screen.findByText('Showing 1–25 of 30 enquiries')).toBeInTheDocument();
  }, 20_000);

  it('are unavailable but focusable at the first and last enquiry of the list', async () => {
    renderDashboard(network, { rows, url: '/admin?page=2', enquiryId: enquiry(30).id });
    const user = userEvent.setup();
    expect(await dialogNamed('Person 30')).toBeInTheDocument();
    const next = stepButton('Next enquiry');
    await waitFor(() => expect(next).toHaveAttribute('aria-disabled', 'true'));
    expect(next).toBeEnabled();
    await user.click(next);
    expect(screen.getByRole('dialog', { name: 'Person 30' })).toBeInTheDocument();
    expect(stepButton('Previous enquiry')).not.toHaveAttribute('aria-disabled');
  });

  it('has no Previous before the first enquiry of the list', async () => {
    const { enquiryChanges } = renderDashboard(network, { rows, enquiryId: enquiry(1).id });
    const user = userEvent.setup();
    expect(await dialogNamed('Person 1')).toBeInTheDocument();
    const previous = stepButton('Previous enquiry');
    await waitFor(() => expect(previous).toHaveAttribute('aria-disabled', 'true'));
    await user.click(previous);
    expect(enquiryChanges).toEqual([]);
  });

  it('say so and go nowhere for an enquiry the list on screen does not hold', async () => {
    const far = enquiry(99, { Name: 'Far Away' });
    renderDashboard(network, {
      rows: [enquiry(1), enquiry(2)],
      enquiryId: far.id,
      tables: {
        contact_submissions: (request) =>
          filterOn(request, 'id')?.value === far.id
            ? { data: [far] }
            : rowsHandler(() => [enquiry(1), enquiry(2)])(request),
      },
    });
    const dialog = await dialogNamed('Far Away');
    expect(dialog).toHaveTextContent('Not in the list on screen');
    expect(stepButton('Next enquiry')).toHaveAttribute('aria-disabled', 'true');
  });
});

function due(n: number): EnquiryNeedingReply {
  return {
    id: enquiry(n).id,
    created_at: enquiry(n).created_at,
    due_at: '2026-11-25T15:00:00Z',
    overdue: false,
    name: `Person ${n}`,
    company: `Company ${n}`,
    status: 'new',
    assigned_to: null,
    assignee_email: null,
    mail_problem: null,
    answered_at: null,
  };
}

describe('Previous and Next enquiry on Needs a reply', () => {
  it("follow that page's order, fetch the next record ahead, and carry on once the open one has left the list", async () => {
    let waiting = [due(1), due(2), due(3)];
    const { client, requests } = network.answer({
      tables: {
        contact_submissions: (request) => ({
          data: [enquiry(Number(String(filterOn(request, 'id')?.value).slice(-12)))],
        }),
        enquiry_notes: () => ({ data: [] }),
        enquiry_follow_ups: () => ({ data: [] }),
        consultation_bookings: () => ({ data: [] }),
      },
      rpc: {
        enquiries_needing_reply: () => ({ data: waiting }),
        enquiry_follow_ups_due: () => ({ data: [] }),
        list_staff: () => ({ data: [] }),
        enquiry_timeline: () => ({ data: [] }),
        enquiry_mail_problem: () => ({ data: null }),
        related_enquiries: () => ({ data: [] }),
        mark_enquiry_read: () => ({ data: null }),
      },
    });
    const queryClient = createAdminQueryClient();
    function Harness() {
      const [enquiryId, setEnquiryId] = useState<string | null>(due(2).id);
      return (
        <NeedsReplyView enquiryId={enquiryId} onEnquiryChange={setEnquiryId} pollIntervalMs={0} />
      );
    }
    renderAdmin(<Harness />, client, { url: '/admin/needs-reply', queryClient });
    const user = userEvent.setup();
    expect(await dialogNamed('Person 2')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('2 of 3 in the list')).toBeInTheDocument());
    // Both neighbours' records are asked for before either button is pressed.
    const asked = () =>
      requests
        .filter(({ name }) => name === 'contact_submissions')
        .map((request) => filterOn(request, 'id'));
    await waitFor(() =>
      expect(asked()).toEqual(
        expect.arrayContaining([
          { op: 'eq', value: due(1).id },
          { op: 'eq', value: due(3).id },
        ]),
      ),
    );

    // A reply takes Person 2 off the list; Next still leads to the one after it.
    waiting = [due(1), due(3)];
    await queryClient.invalidateQueries();
    await waitFor(() => expect(document.querySelectorAll('[data-enquiry-id]')).toHaveLength(2));
    await user.click(stepButton('Next enquiry'));
    expect(await dialogNamed('Person 3')).toHaveTextContent('2 of 2 in the list');
    expect(stepButton('Next enquiry')).toHaveAttribute('aria-disabled', 'true');
    await user.click(stepButton('Previous enquiry'));
    expect(await dialogNamed('Person 1')).toBeInTheDocument();
  });
});
