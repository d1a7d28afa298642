import { Spinner } from '@/components/ui/spinner';
import type { SubmissionsState } from '@/features/admin/admin-queries';
import type { Submission } from '@/features/admin/list-submissions';
import { SubmissionsPagination } from '@/features/admin/submissions-pagination';
import { SubmissionsTable, type RowSelection } from '@/features/admin/submissions-table';

type ListProps = {
  state: SubmissionsState;
  page: number;
  pageSize: number;
  filtered: boolean;
  onPage: (page: number) => void;
  onView: (submission: Submission) => void;
  selection: RowSelection;
};

/** Spinner, empty state, or the table with its paging. */
export function SubmissionsList({
  state,
  page,
  pageSize,
  filtered,
  onPage,
  onView,
  selection,
}: ListProps) {
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
      <SubmissionsTable rows={data.rows} onView={onView} busy={loading} selection={selection} />
      <SubmissionsPagination
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
