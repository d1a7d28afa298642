import { SelectOptions, type SelectOption } from '@/components/ui/select-options';
import { serviceInterestOptions, timelineOptions } from '@/content/contact-options';
import type {
  AssigneeFilter,
  EnquiryFilters,
  ListSort,
  SortDirection,
  SortKey,
  StatusCounts,
} from '@/features/admin/list/list-enquiries';
import type { StaffMember } from '@/features/admin/record/enquiry-workflow';
import {
  ENQUIRY_STATUSES,
  isEnquiryStatus,
  statusLabel,
} from '@/features/admin/shared/enquiry-status';

export const FILTERS_PANEL_ID = 'submissions-filters';

export const controlClass =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-ink shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-200 focus:outline-none sm:text-sm';

/** Each order the phone's "Sort by" offers (the table's headers give the same from tablet up). */
const sortOptions: { key: SortKey; direction: SortDirection; label: string }[] = [
  { key: 'received', direction: 'desc', label: 'Newest first' },
  { key: 'received', direction: 'asc', label: 'Oldest first' },
  { key: 'name', direction: 'asc', label: 'Name A–Z' },
  { key: 'name', direction: 'desc', label: 'Name Z–A' },
  { key: 'company', direction: 'asc', label: 'Company A–Z' },
  { key: 'company', direction: 'desc', label: 'Company Z–A' },
  // Status sorts in the workflow's order: new, in progress, won, lost, spam.
  { key: 'status', direction: 'asc', label: 'Status, new first' },
  { key: 'status', direction: 'desc', label: 'Status, spam first' },
  { key: 'last_contact', direction: 'desc', label: 'Last contact, latest first' },
  { key: 'last_contact', direction: 'asc', label: 'Last contact, earliest first' },
];

const sortValue = ({ key, direction }: ListSort) => `${key}:${direction}`;

function withCount(label: string, count: number | null | undefined): string {
  return count == null ? label : `${label} (${count})`;
}

/** How many filters narrow the list besides the search (shown on the phone's Filters button). */
export function activeFilterCount(filters: EnquiryFilters): number {
  return [
    filters.status !== '',
    filters.interest !== '',
    filters.timeline !== '',
    filters.held === true,
    filters.unread === true,
    Boolean(filters.assignee),
  ].filter(Boolean).length;
}

/**
 * The assignee filter's choices after "Anyone": me, unassigned, then each staff member by name
 * (else address), A to Z. An id from the address that is not on the staff list keeps an option
 * of its own, so the select shows what the list is filtered by.
 */
export function assigneeOptions(
  staff: readonly StaffMember[] | undefined,
  picked: AssigneeFilter = '',
): SelectOption[] {
  const people = (staff ?? [])
    .map((member) => ({ value: member.id, label: member.display_name?.trim() || member.email }))
    .sort((a, b) => a.label.localeCompare(b.label, 'en-GB'));
  const known = ['', 'me', 'none', ...people.map((person) => person.value)];
  const other = known.includes(picked)
    ? []
    : [{ value: picked, label: staff ? 'Not on the staff list' : 'Loading names…' }];
  return [
    { value: 'me', label: 'Me' },
    { value: 'none', label: 'Unassigned' },
    ...people,
    ...other,
  ];
}

type PanelProps = {
  filters: EnquiryFilters;
  onChange: (filters: EnquiryFilters) => void;
  sort: ListSort;
  onSort: (sort: ListSort) => void;
  statusCounts: StatusCounts | null;
  heldCount: number | null;
  unreadCount: number | null;
  /** Everyone who can be assigned an enquiry (undefined while loading). */
  staff: readonly StaffMember[] | undefined;
  /** Below tablet width the panel shows only when opened; from tablet up always. */
  open: boolean;
};

/**
 * Status (with counts; "All" is every status but spam), service interest, timeline, assignee,
 * "Sort by" (phone only: the table's headers sort from tablet up), "Held only" and "Unread only". From
 * tablet up the panel's box drops out (`display: contents`) and its controls sit in the toolbar's
 * grid, one row with the search.
 */
export function EnquiriesFilterPanel({
  filters,
  onChange,
  sort,
  onSort,
  statusCounts,
  heldCount,
  unreadCount,
  staff,
  open,
}: PanelProps) {
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
    pick: (value: string) => EnquiryFilters;
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
    {
      id: 'submissions-assignee',
      label: 'Assigned to',
      value: filters.assignee ?? '',
      all: 'Anyone',
      options: assigneeOptions(staff, filters.assignee),
      pick: (value) => ({ ...filters, assignee: value }),
    },
  ];
  const checks = [
    { name: 'held', label: withCount('Held only', heldCount), checked: filters.held === true },
    {
      name: 'unread',
      label: withCount('Unread only', unreadCount),
      checked: filters.unread === true,
    },
  ] as const;

  return (
    <div
      id={FILTERS_PANEL_ID}
      className={`${open ? 'grid' : 'hidden'} gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3 sm:col-span-2 sm:grid-cols-2 md:contents`}
    >
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
      <div className="md:hidden">
        <label htmlFor="submissions-sort" className="mb-1 block text-sm font-semibold text-ink">
          Sort by
        </label>
        <select
          id="submissions-sort"
          value={sortValue(sort)}
          onChange={(event) => {
            const picked = sortOptions.find((option) => sortValue(option) === event.target.value);
            if (picked) onSort({ key: picked.key, direction: picked.direction });
          }}
          className={controlClass}
        >
          {sortOptions.map((option) => (
            <option key={sortValue(option)} value={sortValue(option)}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="flex flex-wrap items-center gap-x-4 gap-y-1 sm:col-span-2 md:col-span-1 xl:flex-col xl:items-start">
        <legend className="sr-only">Show only</legend>
        {checks.map(({ name, label, checked }) => (
          <label
            key={name}
            className="flex min-h-9 items-center gap-2 text-sm font-semibold whitespace-nowrap text-ink xl:min-h-6"
          >
            <input
              type="checkbox"
              checked={checked}
              onChange={(event) => onChange({ ...filters, [name]: event.target.checked })}
              className="size-4 accent-brand-700"
            />
            {label}
          </label>
        ))}
      </fieldset>
    </div>
  );
}
