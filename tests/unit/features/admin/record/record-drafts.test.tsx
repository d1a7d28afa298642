import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { EnquiryDialog } from '@/features/admin/record/enquiry-dialog';
import { draftKey, readDraft } from '@/lib/staff-drafts';

import { captureToasts, quietAuditLog, releaseToasts } from '../../auth/test-helpers';
import {
  enquiry,
  renderAdmin,
  renderDashboard,
  settledAdminCache,
  useDashboardNetwork,
} from '../admin-test-data';

const network = useDashboardNetwork();
const STAFF = 'staff-1';
const [first, second] = [enquiry(1), enquiry(2)];

beforeEach(() => {
  localStorage.clear();
  captureToasts();
  quietAuditLog();
});

afterEach(() => {
  releaseToasts();
  vi.restoreAllMocks();
  localStorage.clear();
});

const stored = (enquiryId: string, section: string) =>
  readDraft(STAFF, `enquiry.${enquiryId}.${section}`, (_value): _value is unknown => true)?.value;

const replyBox = (dialog: HTMLElement) =>
  within(dialog).getByRole('textbox', { name: /^Reply to / });

/** The dashboard over two enquiries, signed in as STAFF, with the first one's record open. */
async function openFirst(rpc = {}) {
  const dashboard = renderDashboard(network, {
    rows: [first, second],
    enquiryId: first.id,
    userId: STAFF,
    rpc,
  });
  const dialog = await screen.findByRole('dialog', { name: 'Person 1' });
  return { ...dashboard, dialog, user: userEvent.setup() };
}

const prompt = () => screen.getByRole('alertdialog', { name: 'Leave with unsent text?' });

describe('drafts in the enquiry record', () => {
  it('keeps the reply from the first keystroke, asks on Close, and restores it on opening', async () => {
    const { dialog, user, enquiryChanges } = await openFirst();
    await user.type(replyBox(dialog), 'D');
    expect(stored(first.id, 'reply')).toBe('D');
    await user.type(replyBox(dialog), 'ear Person');
    expect(stored(first.id, 'reply')).toBe('Dear Person');

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    const asked = prompt();
    expect(asked).toHaveAccessibleDescription(
      'Not sent or saved yet: the reply. A kept draft stays in this browser for 7 days and comes back when you open this enquiry again.',
    );
    // keeping the draft is the default: focused, so Enter takes it
    expect(within(asked).getByRole('button', { name: 'Keep draft and leave' })).toHaveFocus();
    expect(enquiryChanges).toEqual([]);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(enquiryChanges).toEqual([null]);

    await user.click(screen.getByRole('button', { name: 'View full enquiry from Person 1' }));
    const reopened = await screen.findByRole('dialog', { name: 'Person 1' });
    expect(replyBox(reopened)).toHaveValue('Dear Person');
    expect(within(reopened).getByText('Draft restored')).toBeVisible();
    await user.click(
      within(reopened).getByRole('button', { name: 'Discard the draft of the reply' }),
    );
    expect(replyBox(reopened)).toHaveValue('');
    expect(replyBox(reopened)).toHaveFocus();
    expect(within(reopened).queryByText('Draft restored')).toBeNull();
    expect(stored(first.id, 'reply')).toBeUndefined();
    // nothing unsent now: Close closes at once
    await user.click(within(reopened).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('asks on Escape as on Close; Stay (or Escape again) keeps the record and its text', async () => {
    const { dialog, user, enquiryChanges } = await openFirst();
    const note = within(dialog).getByRole('textbox', { name: 'New note' });
    await user.type(note, 'Prefers mornings');
    await user.keyboard('{Escape}');
    expect(within(prompt()).getByText(/Not sent or saved yet: the new note\./)).toBeVisible();
    await user.click(within(prompt()).getByRole('button', { name: 'Stay' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(note).toHaveValue('Prefers mornings');
    await waitFor(() => expect(note).toHaveFocus());

    await user.keyboard('{Escape}');
    expect(prompt()).toBeVisible();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Person 1' })).toBeVisible();
    expect(enquiryChanges).toEqual([]);
  });

  it('asks on Next; Discard and leave forgets that record’s drafts and goes on', async () => {
    const { dialog, user, enquiryChanges } = await openFirst();
    await user.type(replyBox(dialog), 'Thanks');
    await user.type(within(dialog).getByRole('textbox', { name: 'New note' }), 'Keen');
    await user.click(within(dialog).getByRole('button', { name: 'Next enquiry' }));
    expect(prompt()).toHaveAccessibleDescription(/the reply and the new note\./);
    await user.click(within(prompt()).getByRole('button', { name: 'Discard and leave' }));
    await screen.findByRole('dialog', { name: 'Person 2' });
    expect(enquiryChanges).toEqual([second.id]);
    expect(stored(first.id, 'reply')).toBeUndefined();
    expect(stored(first.id, 'note')).toBeUndefined();

    await user.click(screen.getByRole('button', { name: 'Previous enquiry' }));
    const back = await screen.findByRole('dialog', { name: 'Person 1' });
    expect(replyBox(back)).toHaveValue('');
    expect(within(back).queryByText('Draft restored')).toBeNull();
  });

  it('keeps a call being logged and a follow-up not yet set, per enquiry', async () => {
    const { dialog, user } = await openFirst();
    await user.click(within(dialog).getByRole('button', { name: 'Log a call' }));
    await user.click(within(dialog).getByRole('radio', { name: 'Left a voicemail' }));
    expect(stored(first.id, 'call')).toEqual({ outcome: 'voicemail', note: '' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Note (optional)' }), 'Left one');
    await user.type(within(dialog).getByRole('textbox', { name: /^Follow up on/ }), '01/12/2099');
    await user.click(within(dialog).getByRole('button', { name: 'Next enquiry' }));
    expect(prompt()).toHaveAccessibleDescription(/the call being logged and the follow-up\./);
    await user.click(within(prompt()).getByRole('button', { name: 'Keep draft and leave' }));
    const other = await screen.findByRole('dialog', { name: 'Person 2' });
    // the other enquiry has drafts of its own: none
    expect(within(other).queryByText('Draft restored')).toBeNull();
    expect(within(other).queryByRole('radio', { name: 'Left a voicemail' })).toBeNull();

    await user.click(within(other).getByRole('button', { name: 'Previous enquiry' }));
    const back = await screen.findByRole('dialog', { name: 'Person 1' });
    expect(within(back).getAllByText('Draft restored')).toHaveLength(2);
    expect(within(back).getByRole('radio', { name: 'Left a voicemail' })).toBeChecked();
    expect(within(back).getByRole('textbox', { name: 'Note (optional)' })).toHaveValue('Left one');
    expect(within(back).getByRole('button', { name: 'Log a call' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(within(back).getByRole('textbox', { name: /^Follow up on/ })).toHaveValue('01/12/2099');

    // Cancel drops the call being logged, and nothing else
    await user.click(within(back).getByRole('button', { name: 'Cancel' }));
    expect(stored(first.id, 'call')).toBeUndefined();
    expect(within(back).getByRole('button', { name: 'Log a call' })).toHaveFocus();
    expect(stored(first.id, 'followUp')).toEqual({ dueOn: '01/12/2099', note: '' });
  });

  it('forgets the reply once it is sent', async () => {
    const { dialog, user } = await openFirst({
      send_enquiry_reply: () => ({ data: { reply_id: 'reply-1', held_for_review: false } }),
    });
    await user.type(replyBox(dialog), 'We can talk on Tuesday.');
    expect(stored(first.id, 'reply')).toBe('We can talk on Tuesday.');
    await user.click(within(dialog).getByRole('button', { name: 'Send reply' }));
    await waitFor(() => expect(replyBox(dialog)).toHaveValue(''));
    expect(stored(first.id, 'reply')).toBeUndefined();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('asks the browser before a reload only while there is unsent text', async () => {
    const { dialog, user } = await openFirst();
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    await user.type(replyBox(dialog), 'x');
    expect(unload()).toBe(true);
    await user.clear(replyBox(dialog));
    expect(unload()).toBe(false);
    expect(localStorage.getItem(draftKey(STAFF, `enquiry.${first.id}.reply`))).toBeNull();
  });

  it('keeps nothing in the browser for a session it cannot name, but still asks', async () => {
    renderDashboard(network, { rows: [first], enquiryId: first.id });
    const dialog = await screen.findByRole('dialog', { name: 'Person 1' });
    const user = userEvent.setup();
    await user.type(replyBox(dialog), 'Unsaved');
    expect(Object.keys(localStorage).filter((key) => key.startsWith('kestrel.draft'))).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(prompt()).toBeVisible();
  });
});

describe('the address moving away from a record with unsent text (Back)', () => {
  function renderMovable() {
    const { client } = network.answer({
      userId: STAFF,
      tables: {
        contact_submissions: () => ({ data: [first] }),
        enquiry_notes: () => ({ data: [] }),
        enquiry_follow_ups: () => ({ data: [] }),
        consultation_bookings: () => ({ data: [] }),
      },
      rpc: {
        mark_enquiry_read: () => ({ data: null }),
        list_staff: () => ({ data: [] }),
        enquiry_timeline: () => ({ data: [] }),
        enquiry_mail_problem: () => ({ data: null }),
        related_enquiries: () => ({ data: [] }),
        upcoming_consultations: () => ({ data: [] }),
      },
    });
    /** The enquiries put back in the address by Stay. */
    const returns: string[] = [];
    function Page() {
      const [enquiryId, setEnquiryId] = useState<string | null>(first.id);
      return (
        <>
          {/* What the browser's Back does to the page: the address no longer names it. */}
          <button type="button" onClick={() => setEnquiryId(null)}>
            Back
          </button>
          <EnquiryDialog
            enquiryId={enquiryId}
            initial={undefined}
            onClose={() => setEnquiryId(null)}
            onOpenEnquiry={(id) => {
              returns.push(id);
              setEnquiryId(id);
            }}
            navigation={null}
          />
        </>
      );
    }
    renderAdmin(<Page />, client, { queryClient: settledAdminCache() });
    return returns;
  }

  it('keeps the record on screen and asks; Stay puts the address back, Keep lets it go', async () => {
    const returns = renderMovable();
    const dialog = await screen.findByRole('dialog', { name: 'Person 1' });
    const user = userEvent.setup();
    await user.type(replyBox(dialog), 'Half a reply');
    fireEvent.click(screen.getByRole('button', { name: 'Back', hidden: true }));
    expect(prompt()).toBeVisible();
    // still on screen behind the question (hidden from assistive tech while it asks)
    expect(screen.getByRole('heading', { name: 'Person 1', hidden: true })).toBeInTheDocument();
    await user.click(within(prompt()).getByRole('button', { name: 'Stay' }));
    expect(returns).toEqual([first.id]);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(replyBox(screen.getByRole('dialog', { name: 'Person 1' }))).toHaveValue('Half a reply');

    fireEvent.click(screen.getByRole('button', { name: 'Back', hidden: true }));
    await user.click(within(prompt()).getByRole('button', { name: 'Keep draft and leave' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(stored(first.id, 'reply')).toBe('Half a reply');
  });
});
