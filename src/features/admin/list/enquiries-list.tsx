import { Spinner } from '@/components/ui/spinner';
import { EnquiriesPagination } from '@/features/admin/list/enquiries-pagination';
import {
  EnquiriesTable,
  type RowMarks,
  type RowSelection,
} from '@/features/admin/list/enquiries-table';
import { EnquiryCards } from '@/features/admin/list/enquiry-cards';
import type { Enquiry, ListSort } from '@/features/admin/list/list-enquiries';
import type { EnquiriesState } from '@/features/admin/list/list-queries';
import { useMediaQuery } from '@/lib/use-media-query';

/** Tailwind's `md`: from here up the list is a table, below it a list of cards. */
export const TABLE_QUERY = '(min-width: 48rem)';

type ListProps = {
  state: EnquiriesState;
  page: number;
  pageSize: number;
  filtered: boolean;
  onPage: (page: number) => void;
  onView: (enquiry: Enquiry) => void;
  selection: RowSelection;
  marks: RowMarks;
  sort: ListSort;
  onSort: (sort: ListSort) => void;
};

/**
 * Spinner, empty state, or the enquiries with their paging: a table from tablet width up, cards
 * below it. Only one of the two is rendered, chosen by a media query read on the first render
 * (the staff pages render in the browser after sign-in, so the first paint is already right).
 */
export function EnquiriesList({
  state,
  page,
  pageSize,
  filtered,
  onPage,
  onView,
  selection,
  marks,
  sort,
  onSort,
}: ListProps) {
  const wide = useMediaQuery(TABLE_QUERY, true);
  const { data, loading } = state;
  if (!data) {
    return loading ? (
      <Spinner
        label="Loading contact submissions…"
        size="lg"
        className="flex justify-center py-16"
      />
    ) : (
      <EmptyState hint="The enquiries could not be loaded. Try again in a moment." />
    );
  }
  if (data.rows.length === 0) {
    return (
      <EmptyState hint={filtered ? 'Try a different search or clear the filters.' : undefined} />
    );
  }
  return (
    <div className="space-y-4">
      {wide ? (
        <EnquiriesTable
          rows={data.rows}
          onView={onView}
          busy={loading}
          selection={selection}
          marks={marks}
          sort={sort}
          onSort={onSort}
        />
      ) : (
        <EnquiryCards
          rows={data.rows}
          onView={onView}
          busy={loading}
          selection={selection}
          marks={marks}
        />
      )}
      <EnquiriesPagination
        page={page}
        pageSize={pageSize}
        total={data.total}
        onPage={onPage}
        busy={loading}
      />
    </div>
  );
}

function EmptyState({ hint }: { hint?: string | undefined }) {
  return (
    <div className="rounded-lg border border-dashed border-slate-300 px-4 py-12 text-center">
      <p className="font-semibold text-ink">No contact submissions found</p>
      {hint ? <p className="mt-1 text-sm text-ink-muted">{hint}</p> : null}
    </div>
  );
}
