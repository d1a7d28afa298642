import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { ToastMessage } from '@/components/ui/toast/notify';
import {
  describeFollowUpCloseConflict,
  describeFollowUpConflict,
} from '@/features/admin/record/enquiry-conflict';
import {
  londonToday,
  readFollowUpConflict,
  type EnquiryFollowUp,
  type FollowUpConflict,
  type FollowUpDue,
} from '@/features/admin/record/enquiry-follow-up';
import { EnquiryFollowUpSection } from '@/features/admin/record/enquiry-follow-up-section';
import {
  describeFollowUpDue,
  FollowUpsDueList,
} from '@/features/admin/needs-reply/needs-reply-list';

import { captureToasts, quietAuditLog, releaseToasts } from '../../auth/test-helpers';
import {
  filterOn,
  useSupabaseNetwork,
  type PostgrestHandler,
} from '../../../support/supabase-network';
import { renderAdmin } from '../admin-test-data';

const network = useSupabaseNetwork();

const ENQUIRY = '00000000-0000-4000-8000-000000000001';

let toasts: ToastMessage[];

beforeEach(() => {
  toasts = captureToasts();
  quietAuditLog();
});

afterEach(() => {
  releaseToasts();
  vi.restoreAllMocks();
});

function followUp(overrides: Partial<EnquiryFollowUp> = {}): EnquiryFollowUp {
  return {
    id: 'f-open',
    due_on: '2099-12-02',
    note: 'Ask about the pilot.',
    state: 'open',
    created_at: '2026-11-28T10:00:00Z',
    set_by: 'staff-1',
    set_by_email: 'ada@example.com',
    closed_at: null,
    closed_by_email: null,
    ...overrides,
  };
}

function renderSection(rows: EnquiryFollowUp[], rpc: Record<string, PostgrestHandler> = {}) {
  const { client, requests } = network.answer({
    tables: { enquiry_follow_ups: () => ({ data: rows }) },
    rpc: {
      list_staff: () => ({
        data: [{ id: 'staff-1', email: 'ada@example.com', display_name: 'Ada Lovelace' }],
      }),
      ...rpc,
    },
  });
  renderAdmin(<EnquiryFollowUpSection enquiryId={ENQUIRY} />, client);
  /** The follow-up functions called (method, name and arguments), without the staff list. */
  const writes = () =>
    requests
      .filter((request) => request.kind === 'rpc' && request.name !== 'list_staff')
      .map(({ method, name, body }) => ({ method, name, args: body }));
  /** The reads of the enquiry's follow-ups. */
  const reads = () => requests.filter((request) => request.name === 'enquiry_follow_ups');
  return { client, requests, writes, reads };
}

describe("the enquiry record's follow-up", () => {
  it('says none is set, checks the day before sending, and sets one with the note trimmed', async () => {
    const { writes, reads } = renderSection([], {
      set_enquiry_follow_up: () => ({ data: 'f-new' }),
    });
    expect(await screen.findByText('No follow-up set.')).toBeInTheDocument();
    const [read] = reads();
    expect(read?.method).toBe('GET');
    expect(filterOn(read!, 'submission_id')).toEqual({ op: 'eq', value: ENQUIRY });
    expect(read?.params.get('order')).toBe('created_at.desc,id.asc');
    const form = screen.getByRole('form', { name: 'Set a follow-up' });
    const day = within(form).getByLabelText(/Follow up on/);
    // day first whatever the browser's locale, as every date on staff screens
    expect(day).toHaveAttribute('placeholder', 'dd/mm/yyyy');
    const user = userEvent.setup();
    await user.click(within(form).getByRole('button', { name: 'Set follow-up' }));
    expect(within(form).getByText('Choose the day to follow up.')).toBeInTheDocument();
    expect(day).toHaveAttribute('aria-invalid', 'true');

    fireEvent.change(day, { target: { value: '01/01/2000' } });
    await user.click(within(form).getByRole('button', { name: 'Set follow-up' }));
    expect(
      within(form).getByText('Choose today or a later date for the follow-up.'),
    ).toBeInTheDocument();
    expect(writes()).toEqual([]);

    fireEvent.change(day, { target: { value: '02/12/2099' } });
    await user.type(
      within(form).getByLabelText('Follow-up note (optional)'),
      '  Ask about the pilot.  ',
    );
    await user.click(within(form).getByRole('button', { name: 'Set follow-up' }));
    await waitFor(() =>
      expect(writes()).toEqual([
        {
          method: 'POST',
          name: 'set_enquiry_follow_up',
          // with the open follow-up this screen showed: none.
          args: {
            _submission_id: ENQUIRY,
            _due_on: '2099-12-02',
            _note: 'Ask about the pilot.',
            _replaces: null,
          },
        },
      ]),
    );
    await waitFor(() =>
      expect(toasts).toContainEqual(
        expect.objectContaining({
          title: 'Follow-up set',
          description: 'Follow up on 02 Dec 2099.',
        }),
      ),
    );
  });

  it('shows the open one day first with its note, and marks it done or clears it', async () => {
    const { writes } = renderSection(
      [
        followUp(),
        followUp({ id: 'f-other', state: 'replaced', due_on: '2026-11-25' }),
        followUp({ id: 'f-old', state: 'done', due_on: '2026-11-20', note: null }),
        followUp({ id: 'f-older', state: 'cleared', due_on: '2026-11-10', note: 'Old plan' }),
      ],
      { close_enquiry_follow_up: () => ({}) },
    );
    expect(await screen.findByText('02 Dec 2099')).toBeInTheDocument();
    expect(screen.getByText('Ask about the pilot.')).toBeInTheDocument();
    // by staff name once the staff list has loaded
    expect(await screen.findByText(/by Ada Lovelace/)).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Change the follow-up' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Replace follow-up' })).toBeInTheDocument();
    const history = within(screen.getByRole('list', { name: 'Earlier follow-ups, newest first' }));
    const items = history.getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      '25 Nov 2026 · Replaced by a later follow-up · Ask about the pilot.',
      '20 Nov 2026 · Done',
      '10 Nov 2026 · Cleared · Old plan',
    ]);

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Mark done' }));
    await waitFor(() =>
      expect(writes()).toEqual([
        {
          method: 'POST',
          name: 'close_enquiry_follow_up',
          args: { _follow_up_id: 'f-open', _outcome: 'done' },
        },
      ]),
    );
    await waitFor(() =>
      expect(toasts).toContainEqual(expect.objectContaining({ title: 'Follow-up done' })),
    );
    expect(screen.getByRole('heading', { name: 'Follow-up' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Clear follow-up' }));
    await waitFor(() =>
      expect(writes().at(-1)).toEqual({
        method: 'POST',
        name: 'close_enquiry_follow_up',
        args: { _follow_up_id: 'f-open', _outcome: 'cleared' },
      }),
    );
  });

  it("shows the database's refusal", async () => {
    renderSection([], {
      set_enquiry_follow_up: () => ({
        error: { code: '42501', message: 'Only staff admins may set follow-ups.' },
      }),
    });
    const form = await screen.findByRole('form', { name: 'Set a follow-up' });
    fireEvent.change(within(form).getByLabelText(/Follow up on/), {
      target: { value: '05/01/2099' },
    });
    await userEvent.click(within(form).getByRole('button', { name: 'Set follow-up' }));
    await waitFor(() =>
      expect(toasts).toContainEqual(
        expect.objectContaining({
          title: 'Not set',
          description: 'Only staff admins may set follow-ups.',
          variant: 'destructive',
        }),
      ),
    );
  });
});

/** The database's refusal of a follow-up changed since it was seen, as PostgREST sends it. */
function changedSince(details: Record<string, unknown>) {
  return {
    status: 400,
    error: {
      code: 'P0001',
      message: 'The follow-up changed after you opened the enquiry, so yours was not set.',
      hint: 'enquiry_changed_since_seen',
      details: JSON.stringify({
        field: 'follow_up',
        changed_by: 'Sam Colleague',
        changed_at: '2026-11-24T14:02:00.000Z',
        enquiry: { id: ENQUIRY },
        ...details,
      }),
    },
  };
}

describe('a follow-up a colleague changed first', () => {
  it('is refused naming who set one and when, with Apply anyway replacing theirs', async () => {
    const theirs = followUp({ id: 'f-theirs', due_on: '2099-12-05', note: 'Their plan' });
    let answered = 0;
    const { writes } = renderSection([], {
      set_enquiry_follow_up: () =>
        answered++ === 0
          ? changedSince({ seen: null, current: theirs, change: 'set' })
          : { data: 'f-mine' },
    });
    const form = await screen.findByRole('form', { name: 'Set a follow-up' });
    fireEvent.change(within(form).getByLabelText(/Follow up on/), {
      target: { value: '02/12/2099' },
    });
    const user = userEvent.setup();
    await user.click(within(form).getByRole('button', { name: 'Set follow-up' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      /A follow-up for 05 Dec 2099 was set by Sam Colleague (at|on) .*14:02; your follow-up for 02 Dec 2099 was not set\./,
    );
    expect(toasts).toContainEqual(
      expect.objectContaining({
        title: 'Not set',
        action: expect.objectContaining({ label: 'Apply anyway' }),
      }),
    );
    // sent with what the screen showed: no open follow-up.
    expect(writes()[0]).toMatchObject({ args: { _replaces: null, _due_on: '2099-12-02' } });

    await user.click(within(alert).getByRole('button', { name: 'Apply anyway' }));
    await waitFor(() =>
      expect(writes().at(-1)).toMatchObject({
        name: 'set_enquiry_follow_up',
        args: { _due_on: '2099-12-02', _replaces: 'f-theirs' },
      }),
    );
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(toasts).toContainEqual(expect.objectContaining({ title: 'Follow-up set' }));
  });

  it('Keep theirs drops the follow-up typed here and sends nothing more', async () => {
    const { writes } = renderSection([followUp()], {
      set_enquiry_follow_up: () => changedSince({ seen: 'f-open', current: null, change: 'done' }),
    });
    const form = await screen.findByRole('form', { name: 'Change the follow-up' });
    const day = within(form).getByLabelText(/Follow up on/);
    fireEvent.change(day, { target: { value: '03/12/2099' } });
    const user = userEvent.setup();
    await user.click(within(form).getByRole('button', { name: 'Replace follow-up' }));
    expect(writes()[0]).toMatchObject({ args: { _replaces: 'f-open' } });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      /The follow-up was marked done by Sam Colleague (at|on) .*14:02; your follow-up for 03 Dec 2099 was not set\./,
    );
    await user.click(within(alert).getByRole('button', { name: 'Keep theirs' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(day).toHaveValue('');
    expect(writes()).toHaveLength(1);
  });

  it('Mark done after a colleague cleared it says who and when, and offers no Apply anyway', async () => {
    const { writes } = renderSection([followUp()], {
      close_enquiry_follow_up: () =>
        changedSince({ seen: 'f-open', current: null, change: 'cleared' }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Mark done' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      /This follow-up was already cleared by Sam Colleague (at|on) .*14:02; nothing was changed\./,
    );
    expect(within(alert).queryByRole('button', { name: 'Apply anyway' })).toBeNull();
    await user.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(writes()).toHaveLength(1);
  });
});

describe('what a follow-up refusal says', () => {
  const now = new Date('2026-11-24T16:00:00Z');
  const conflict = (overrides: Partial<FollowUpConflict>): FollowUpConflict => ({
    seen: 'f-open',
    current: null,
    change: 'done',
    changedBy: 'Sam Colleague',
    changedAt: '2026-11-24T14:02:00Z',
    ...overrides,
  });

  it('names what became of the follow-up seen, by whom and when', () => {
    const replacement = followUp({ id: 'f-new', due_on: '2099-12-05' });
    expect(
      describeFollowUpConflict(
        conflict({ change: 'replaced', current: replacement }),
        '2099-12-02',
        now,
      ),
    ).toBe(
      'The follow-up was replaced with one for 05 Dec 2099 by Sam Colleague at 14:02; your follow-up for 02 Dec 2099 was not set.',
    );
    expect(describeFollowUpConflict(conflict({ change: 'cleared' }), '2099-12-02', now)).toBe(
      'The follow-up was cleared by Sam Colleague at 14:02; your follow-up for 02 Dec 2099 was not set.',
    );
    expect(
      describeFollowUpCloseConflict(
        conflict({ change: 'replaced', current: replacement, changedAt: '2026-11-20T09:30:00Z' }),
        now,
      ),
    ).toBe(
      'This follow-up was replaced with one for 05 Dec 2099 by Sam Colleague on 20 Nov 2026, 09:30; nothing was changed.',
    );
    expect(describeFollowUpCloseConflict(conflict({ changedBy: null, changedAt: null }), now)).toBe(
      'This follow-up was already marked done; nothing was changed.',
    );
  });

  it("reads only a follow-up refusal; a field's refusal or another error is not one", () => {
    const details = (field: string) =>
      JSON.stringify({ field, seen: null, current: null, change: 'done', enquiry: {} });
    expect(
      readFollowUpConflict({ hint: 'enquiry_changed_since_seen', details: details('follow_up') }),
    ).toEqual({ seen: null, current: null, change: 'done', changedBy: null, changedAt: null });
    expect(
      readFollowUpConflict({ hint: 'enquiry_changed_since_seen', details: details('status') }),
    ).toBeNull();
    expect(
      readFollowUpConflict({ hint: 'enquiry_not_found', details: details('follow_up') }),
    ).toBeNull();
    expect(readFollowUpConflict({ hint: 'enquiry_changed_since_seen', details: '{' })).toBeNull();
  });
});

function due(n: number, overrides: Partial<FollowUpDue> = {}): FollowUpDue {
  return {
    id: `f-${n}`,
    submission_id: `20000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    due_on: '2026-11-25',
    note: null,
    name: `Lead ${n}`,
    company: `Firm ${n}`,
    status: 'in_progress',
    assigned_to: null,
    assignee_email: null,
    set_by_email: 'ada@example.com',
    ...overrides,
  };
}

const now = new Date('2026-11-25T12:00:00Z');

describe('the follow-ups due on Needs a reply', () => {
  it('lists each with its day, note and assignee, and opens its enquiry', async () => {
    const onOpen = vi.fn();
    render(
      <FollowUpsDueList
        rows={[
          due(1, { due_on: '2026-11-20', note: 'Chase the signed contract', assigned_to: 's1' }),
          due(2),
        ]}
        failed={false}
        staff={[{ id: 's1', email: 'sam@example.com', display_name: 'Sam Smith' }]}
        now={now}
        onOpen={onOpen}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Follow-ups due', level: 2 })).toBeInTheDocument();
    const items = within(screen.getByRole('list', { name: 'Follow-ups due' })).getAllByRole(
      'listitem',
    );
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Due since 20 Nov 2026');
    expect(items[0]).toHaveTextContent('Chase the signed contract');
    expect(items[0]).toHaveTextContent('Assigned to:Sam Smith');
    expect(items[1]).toHaveTextContent('Due today');
    expect(items[1]).toHaveTextContent('Assigned to:Unassigned');
    await userEvent.click(screen.getByRole('button', { name: 'Lead 2' }));
    expect(onOpen).toHaveBeenCalledWith(due(2).submission_id);
  });

  it('takes no room when none is due, and says when they could not be loaded', () => {
    const { container, rerender } = render(
      <FollowUpsDueList rows={[]} failed={false} staff={[]} now={now} onOpen={() => {}} />,
    );
    expect(container).toBeEmptyDOMElement();
    rerender(<FollowUpsDueList rows={null} failed staff={[]} now={now} onOpen={() => {}} />);
    expect(screen.getByRole('alert')).toHaveTextContent('The follow-ups due could not be loaded');
  });

  it("decides 'today' by London's calendar day", () => {
    // 23:30 UTC on 1 June is 00:30 on 2 June in London (summer time).
    expect(describeFollowUpDue('2099-06-02', new Date('2099-06-01T23:30:00Z'))).toBe('Due today');
    expect(describeFollowUpDue('2099-06-01', new Date('2099-06-01T23:30:00Z'))).toBe(
      'Due since 01 Jun 2099',
    );
    expect(londonToday(new Date('2099-12-01T23:30:00Z'))).toBe('2099-12-01');
  });
});
