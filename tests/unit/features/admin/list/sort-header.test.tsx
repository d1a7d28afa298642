import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';

import { defaultSort, type ListSort } from '@/features/admin/list/list-enquiries';
import { nextSort } from '@/features/admin/list/sort-header';
import { EnquiriesTable } from '@/features/admin/list/enquiries-table';

import { listed } from '../admin-test-data';

function renderTable(initial: ListSort = defaultSort) {
  const asked: ListSort[] = [];
  function Harness() {
    const [sort, setSort] = useState(initial);
    return (
      <EnquiriesTable
        rows={[listed(1), listed(2)]}
        onView={() => {}}
        busy={false}
        selection={{ selected: new Set(), onSelect: () => {}, onSelectAll: () => {} }}
        marks={{ isUnread: () => false, assignee: () => 'Unassigned', now: null }}
        sort={sort}
        onSort={(next) => {
          asked.push(next);
          setSort(next);
        }}
      />
    );
  }
  render(<Harness />);
  return { asked };
}

const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(name) });

describe('the sortable column headers', () => {
  it('mark the sorted column alone with aria-sort', () => {
    renderTable();
    expect(header('Date')).toHaveAttribute('aria-sort', 'descending');
    for (const name of ['Name', 'Company', 'Status', 'Last contact']) {
      expect(header(name)).not.toHaveAttribute('aria-sort');
      expect(screen.getByRole('button', { name: new RegExp(`^${name}`) })).toBeInTheDocument();
    }
    // the two columns that do not sort have no button
    expect(screen.queryByRole('button', { name: /^Service interest/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Assigned to/ })).toBeNull();
  });

  it('sort A to Z on the first press of a text column, then the other way on the next', async () => {
    const user = userEvent.setup();
    const { asked } = renderTable();
    await user.click(screen.getByRole('button', { name: /^Name/ }));
    expect(header('Name')).toHaveAttribute('aria-sort', 'ascending');
    expect(header('Date')).not.toHaveAttribute('aria-sort');
    await user.click(screen.getByRole('button', { name: /^Name/ }));
    expect(header('Name')).toHaveAttribute('aria-sort', 'descending');
    expect(asked).toEqual([
      { key: 'name', direction: 'asc' },
      { key: 'name', direction: 'desc' },
    ]);
  });

  it('work from the keyboard', async () => {
    const user = userEvent.setup();
    renderTable();
    screen.getByRole('button', { name: /^Company/ }).focus();
    await user.keyboard('{Enter}');
    expect(header('Company')).toHaveAttribute('aria-sort', 'ascending');
    await user.keyboard(' ');
    expect(header('Company')).toHaveAttribute('aria-sort', 'descending');
  });

  it('start a date column newest first', () => {
    expect(nextSort(defaultSort, 'last_contact')).toEqual({
      key: 'last_contact',
      direction: 'desc',
    });
    expect(nextSort(defaultSort, 'received')).toEqual({ key: 'received', direction: 'asc' });
    expect(nextSort({ key: 'status', direction: 'desc' }, 'status')).toEqual({
      key: 'status',
      direction: 'asc',
    });
  });
});
