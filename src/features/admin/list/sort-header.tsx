import type { ReactNode } from 'react';

import {
  defaultDirection,
  type ListSort,
  type SortKey,
} from '@/features/admin/list/list-enquiries';

type SortHeaderProps = {
  sortKey: SortKey;
  sort: ListSort;
  onSort: (sort: ListSort) => void;
  className?: string;
  /** Shown before the sort button inside the cell (the select-all checkbox). */
  before?: ReactNode;
  children: string;
};

/** The sort a press of a column's header asks for: the other direction, or the column's first. */
export function nextSort(sort: ListSort, key: SortKey): ListSort {
  if (sort.key !== key) return { key, direction: defaultDirection(key) };
  return { key, direction: sort.direction === 'asc' ? 'desc' : 'asc' };
}

/**
 * A column header that sorts the list: a button inside the `th`, which carries `aria-sort` while
 * the list is sorted by it. The arrow shows the direction; the unsorted columns show a faint
 * double arrow so it is plain that they sort too.
 */
export function SortHeader({
  sortKey,
  sort,
  onSort,
  className = '',
  before,
  children,
}: SortHeaderProps) {
  const sorted = sort.key === sortKey;
  const ariaSort = sorted ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined;
  return (
    <th scope="col" aria-sort={ariaSort} className={className}>
      <span className="flex items-center gap-2">
        {before}
        <button
          type="button"
          onClick={() => onSort(nextSort(sort, sortKey))}
          className="-mx-1 inline-flex min-h-6 items-center gap-1 rounded-sm px-1 text-left font-semibold tracking-wide uppercase hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          {children}
          <span aria-hidden="true" className={sorted ? 'text-ink' : 'text-slate-400'}>
            {sorted ? (sort.direction === 'asc' ? '↑' : '↓') : '↕'}
          </span>
        </button>
      </span>
    </th>
  );
}
