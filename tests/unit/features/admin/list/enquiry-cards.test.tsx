import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';

import type { Enquiry } from '@/features/admin/list/list-enquiries';
import { EnquiryCards } from '@/features/admin/list/enquiry-cards';
import type { RowMarks } from '@/features/admin/list/enquiries-table';

import { enquiry } from '../admin-test-data';

const HOUR = 3_600_000;
/** enquiry(1) arrived at 09:00 UTC on 1 March 2025; a first reply is owed within 24 h. */
const arrived = Date.parse(enquiry(1).created_at);

function marks(now: Date | null, unread: string[] = []): RowMarks {
  return {
    isUnread: (id) => unread.includes(id),
    assignee: () => 'Unassigned',
    now,
  };
}

function renderCards(enquiries: Enquiry[], rowMarks: RowMarks) {
  const rows = enquiries.map((row) => ({ ...row, read_by_me: false, mail_problem: null }));
  const onView = vi.fn();
  function Harness() {
    const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
    return (
      <EnquiryCards
        rows={rows}
        onView={onView}
        busy={false}
        marks={rowMarks}
        selection={{
          selected,
          onSelect: (id, checked) =>
            setSelected((current) => {
              const next = new Set(current);
              if (checked) next.add(id);
              else next.delete(id);
              return next;
            }),
          onSelectAll: () => {},
        }}
      />
    );
  }
  render(<Harness />);
  return { onView };
}

const card = (name: string) =>
  screen.getByRole('button', { name: `Open enquiry from ${name}` }).closest('li')!;

describe('the enquiry cards (below tablet width)', () => {
  it('show name, company, status, held, interest, received and the unread mark, each card keyed by its id', () => {
    renderCards(
      [
        enquiry(1, { Name: 'Ada Reader', Interest: 'ai-ml' }),
        enquiry(2, {
          Name: 'Held Prospect',
          held_at: '2025-03-01T09:00:00Z',
          status: 'in_progress',
        }),
      ],
      marks(new Date(arrived + HOUR), [enquiry(1).id]),
    );
    const list = screen.getByRole('list', { name: 'Enquiries' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    const first = card('Ada Reader');
    expect(first).toHaveAttribute('data-enquiry-id', enquiry(1).id);
    expect(first).toHaveTextContent('Company 1');
    expect(first).toHaveTextContent('New');
    expect(first).toHaveTextContent('AI & Machine Learning');
    expect(first).toHaveTextContent('01 Mar 2025, 09:00');
    expect(within(first).getByText('Unread')).toBeInTheDocument();
    expect(within(first).queryByText('Held')).toBeNull();

    const held = card('Held Prospect');
    expect(within(held).getByText('Held')).toBeInTheDocument();
    expect(held).toHaveTextContent('In progress');
    expect(within(held).queryByText('Unread')).toBeNull();
    // a held enquiry owes no reply until released
    expect(held).not.toHaveTextContent(/Due in|Overdue by/);
  });

  it('say when the first reply is due, and how late it is in words and in red', () => {
    renderCards(
      [
        enquiry(1, { Name: 'Due Soon' }),
        enquiry(4, { Name: 'Answered', first_response_at: '2025-03-01T10:00:00Z' }),
        enquiry(5, { Name: 'Closed', status: 'won' }),
      ],
      // 21 h after it arrived, the reply promised within 24 h is due in 3 h.
      marks(new Date(arrived + 21 * HOUR)),
    );
    const soon = within(card('Due Soon')).getByText('Due in 3 h');
    expect(soon).not.toHaveClass('text-red-700');
    expect(soon.tagName).toBe('TIME');
    expect(card('Answered')).not.toHaveTextContent(/Due in|Overdue by/);
    expect(card('Closed')).not.toHaveTextContent(/Due in|Overdue by/);
  });

  it('marks an overdue enquiry "Overdue by" in red', () => {
    renderCards([enquiry(1, { Name: 'Late One' })], marks(new Date(arrived + 26 * HOUR)));
    const late = within(card('Late One')).getByText('Overdue by 2 h');
    expect(late).toHaveClass('text-red-700');
  });

  it('open the enquiry on a tap anywhere on the card, and tick for bulk actions without opening it', async () => {
    const user = userEvent.setup();
    const rows = [enquiry(1, { Name: 'Tap Me' }), enquiry(2, { Name: 'Tick Me' })];
    const { onView } = renderCards(rows, marks(null));
    await user.click(screen.getByRole('button', { name: 'Open enquiry from Tap Me' }));
    expect(onView).toHaveBeenCalledWith(expect.objectContaining(rows[0]));

    const box = screen.getByRole('checkbox', { name: 'Select enquiry from Tick Me' });
    await user.click(box);
    expect(box).toBeChecked();
    expect(onView).toHaveBeenCalledTimes(1);
    // the checkbox is the card's sibling of the open button, never inside it
    expect(screen.getByRole('button', { name: 'Open enquiry from Tick Me' })).not.toContainElement(
      box,
    );
    await user.click(box);
    expect(box).not.toBeChecked();
  });

  it('leave a blank company and interest out instead of writing "N/A" (the desktop table\'s word)', () => {
    renderCards([enquiry(1, { Name: 'Sparse Sender', Company: '  ', Interest: '' })], marks(null));
    const sparse = card('Sparse Sender');
    expect(sparse).not.toHaveTextContent('N/A');
    expect(sparse).toHaveTextContent('01 Mar 2025, 09:00');
  });

  it('show "-" for a missing name, and name the card for what it is', () => {
    renderCards([enquiry(1, { Name: '' })], marks(null));
    const nameless = screen
      .getByRole('button', { name: 'Open enquiry with no name given' })
      .closest('li')!;
    expect(nameless).not.toHaveTextContent('N/A');
    expect(within(nameless).getByText('-')).toBeInTheDocument();
  });
});
