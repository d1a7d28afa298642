import { useEffect, useState } from 'react';

import { buttonClass } from '@/components/ui/button-styles';
import { SelectOptions, type SelectOption } from '@/components/ui/select-options';
import { serviceInterestOptions, timelineOptions } from '@/content/contact-options';
import { ENQUIRY_STATUSES, isEnquiryStatus, statusLabel } from '@/features/admin/enquiry-status';
import {
  hasFilters,
  noFilters,
  type StatusCounts,
  type SubmissionFilters,
} from '@/features/admin/list-submissions';
import { MAX_SEARCH_LENGTH } from '@/features/admin/submission-search';

const SEARCH_DELAY_MS = 300;

const controlClass =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-ink shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-200 focus:outline-none sm:text-sm';

type ToolbarProps = {
  filters: SubmissionFilters;
  onChange: (filters: SubmissionFilters) => void;
  onExport: () => void;
  exporting: boolean;
  canExport: boolean;
  /** Enquiries per status for the other filters, shown in the status options. */
  statusCounts: StatusCounts | null;
  /** Held enquiries for the other filters, shown beside the held filter; null while unknown. */
  heldCount?: number | null;
};

function withCount(label: string, count: number | undefined): string {
  return count === undefined ? label : `${label} (${count})`;
}

/**
 * Search (debounced), status (with counts), service-interest and timeline filters, "held only"
 * (with its count), CSV export.
 */
export function SubmissionsToolbar({
  filters,
  onChange,
  onExport,
  exporting,
  canExport,
  statusCounts,
  heldCount = null,
}: ToolbarProps) {
  const [search, setSearch] = useState(filters.search);
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
  // "All" lists every status but spam, so its count leaves spam out too.
  const allCount = statusCounts
    ? ENQUIRY_STATUSES.reduce(
        (sum, status) => sum + (status === 'spam' ? 0 : statusCounts[status]),
        0,
      )
    : undefined;
  const selects: {
    id: string;
    label: string;
    value: string;
    all: string;
    options: readonly SelectOption[];
    pick: (value: string) => SubmissionFilters;
  }[] = [
    {
      id: 'submissions-status',
      label: 'Status',
      value: filters.status,
      all: withCount('All', allCount),
      options: ENQUIRY_STATUSES.map((status) => ({
        value: status,
        label: withCount(statusLabel(status), statusCounts?.[status]),
      })),
      pick: (value) => ({ ...filters, status: isEnquiryStatus(value) ? value : '' }),
    },
    {
      id: 'submissions-interest',
      label: 'Service interest',
      value: filters.interest,
      all: 'All services',
      options: serviceInterestOptions,
      pick: (value) => ({ ...filters, interest: value }),
    },
    {
      id: 'submissions-timeline',
      label: 'Timeline',
      value: filters.timeline,
      all: 'All timelines',
      options: timelineOptions,
      pick: (value) => ({ ...filters, timeline: value }),
    },
  ];

  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))_auto] lg:items-end">
      <div className="sm:col-span-2 lg:col-span-1">
        <label htmlFor="submissions-search" className="mb-1 block text-sm font-semibold text-ink">
          Search
        </label>
        <input
          id="submissions-search"
          type="search"
          value={search}
          maxLength={MAX_SEARCH_LENGTH}
          placeholder="Name, email, company or message"
          onChange={(event) => setSearch(event.target.value)}
          className={controlClass}
        />
      </div>
      {selects.map(({ id, label, value, all, options, pick }) => (
        <div key={id}>
          <label htmlFor={id} className="mb-1 block text-sm font-semibold text-ink">
            {label}
          </label>
          <select
            id={id}
            value={value}
            onChange={(event) => onChange(pick(event.target.value))}
            className={controlClass}
          >
            <SelectOptions placeholder={all} options={options} />
          </select>
        </div>
      ))}
      <div className="flex flex-wrap items-center gap-2 sm:col-span-2 lg:col-span-1 lg:flex-nowrap">
        <label className="mr-1 flex min-h-9 items-center gap-2 text-sm font-semibold whitespace-nowrap text-ink">
          <input
            type="checkbox"
            checked={filters.held === true}
            onChange={(event) => onChange({ ...filters, held: event.target.checked })}
            className="size-4 accent-brand-700"
          />
          {withCount('Held only', heldCount ?? undefined)}
        </label>
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
          onClick={onExport}
          disabled={exporting || !canExport}
          className={buttonClass({
            variant: 'outline',
            size: 'sm',
            className: 'flex-1 whitespace-nowrap lg:flex-none',
          })}
        >
          {exporting ? 'Exporting...' : 'Export CSV'}
        </button>
      </div>
    </div>
  );
}
