import { useEffect, useState } from 'react';

import { buttonClass } from '@/components/ui/button-styles';
import { CheckIcon } from '@/components/ui/icons';
import {
  activeFilterCount,
  controlClass,
  EnquiriesFilterPanel,
  FILTERS_PANEL_ID,
} from '@/features/admin/list/enquiries-filter-panel';
import {
  hasFilters,
  MAX_SEARCH_LENGTH,
  noFilters,
  type EnquiryFilters,
  type ListSort,
  type StatusCounts,
} from '@/features/admin/list/list-enquiries';
import type { StaffMember } from '@/features/admin/record/enquiry-workflow';

const SEARCH_DELAY_MS = 300;

type ToolbarProps = {
  filters: EnquiryFilters;
  onChange: (filters: EnquiryFilters) => void;
  sort: ListSort;
  onSort: (sort: ListSort) => void;
  onExport: () => void;
  exporting: boolean;
  canExport: boolean;
  /** Enquiries per status for the other filters, shown in the status options. */
  statusCounts: StatusCounts | null;
  /** Held enquiries for the other filters, shown beside the held filter; null while unknown. */
  heldCount?: number | null;
  /** Unread enquiries for the other filters, shown beside the unread filter; null while unknown. */
  unreadCount?: number | null;
  /** Everyone who can be assigned an enquiry, for the assignee filter (undefined while loading). */
  staff?: readonly StaffMember[];
};

/**
 * Search (debounced) and the filters, "My enquiries", CSV export. Below tablet width the filters
 * and the sort order sit behind one "Filters" button (with the number of active filters); the
 * search and "My enquiries" (a toggle for the assignee filter set to me) stay in view.
 */
export function EnquiriesToolbar({
  filters,
  onChange,
  sort,
  onSort,
  onExport,
  exporting,
  canExport,
  statusCounts,
  heldCount = null,
  unreadCount = null,
  staff,
}: ToolbarProps) {
  const [search, setSearch] = useState(filters.search);
  const [open, setOpen] = useState(false);
  // Back or a link can change the search from outside: the box follows it.
  const [shown, setShown] = useState(filters.search);
  if (filters.search !== shown) {
    setShown(filters.search);
    setSearch(filters.search);
  }

  useEffect(() => {
    if (search === filters.search) return;
    const timer = setTimeout(() => onChange({ ...filters, search }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, filters, onChange]);

  const filtered = hasFilters(filters) || filters.search !== '';
  const active = activeFilterCount(filters);
  const mine = filters.assignee === 'me';

  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4 xl:grid-cols-[minmax(0,2fr)_repeat(4,minmax(0,1fr))_auto] xl:items-end">
      <div className="sm:col-span-2 lg:col-span-4 xl:col-span-1">
        <label htmlFor="submissions-search" className="mb-1 block text-sm font-semibold text-ink">
          Search
        </label>
        <div className="flex gap-2">
          <input
            id="submissions-search"
            type="search"
            value={search}
            maxLength={MAX_SEARCH_LENGTH}
            placeholder="Name, email, company or message"
            onChange={(event) => setSearch(event.target.value)}
            className={`${controlClass} min-w-0 flex-1`}
          />
          <button
            type="button"
            aria-expanded={open}
            aria-controls={FILTERS_PANEL_ID}
            onClick={() => setOpen((current) => !current)}
            className={buttonClass({
              variant: 'outline',
              size: 'sm',
              className: 'shrink-0 gap-1.5 aria-expanded:bg-slate-100 md:hidden',
            })}
          >
            Filters{' '}
            {active > 0 ? (
              <span className="rounded-full bg-brand-700 px-1.5 text-xs font-bold text-white">
                {active} <span className="sr-only">active</span>
              </span>
            ) : null}
          </button>
        </div>
      </div>
      <EnquiriesFilterPanel
        filters={filters}
        onChange={onChange}
        sort={sort}
        onSort={onSort}
        statusCounts={statusCounts}
        heldCount={heldCount}
        unreadCount={unreadCount}
        staff={staff}
        open={open}
      />
      <div className="flex flex-wrap items-center gap-2 sm:col-span-2 sm:justify-end lg:col-span-4 xl:col-span-full">
        {filtered ? (
          <button
            type="button"
            onClick={() => {
              setSearch('');
              onChange(noFilters);
            }}
            className={buttonClass({ variant: 'ghost', size: 'sm' })}
          >
            Clear
          </button>
        ) : null}
        <button
          type="button"
          aria-pressed={mine}
          onClick={() => onChange({ ...filters, assignee: mine ? '' : 'me' })}
          className={buttonClass({
            variant: 'outline',
            size: 'sm',
            className:
              'flex-1 whitespace-nowrap aria-pressed:border-brand-700 aria-pressed:bg-brand-50 aria-pressed:text-brand-800 sm:flex-none',
          })}
        >
          {/* The press shows in a mark as well as in colour. */}
          {mine ? <CheckIcon className="size-4 shrink-0" /> : null}
          My enquiries
        </button>
        <button
          type="button"
          onClick={onExport}
          disabled={exporting || !canExport}
          className={buttonClass({
            variant: 'outline',
            size: 'sm',
            className: 'flex-1 whitespace-nowrap sm:flex-none',
          })}
        >
          {exporting ? 'Exporting...' : 'Export CSV'}
        </button>
      </div>
    </div>
  );
}
