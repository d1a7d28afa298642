import { buttonClass } from '@/components/ui/button-styles';

type PaginationProps = {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  busy: boolean;
};

/** "Showing 26–30 of 30" with Previous / Next; pages are fetched on the server. */
export function SubmissionsPagination({ page, pageSize, total, onPage, busy }: PaginationProps) {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : page * pageSize + 1;
  const last = Math.min(total, (page + 1) * pageSize);
  return (
    <nav
      aria-label="Pagination"
      className="flex flex-col gap-3 text-sm text-ink-muted sm:flex-row sm:items-center sm:justify-between"
    >
      <p aria-live="polite">
        Showing {first}–{last} of {total} {total === 1 ? 'enquiry' : 'enquiries'}
      </p>
      <div className="flex items-center gap-2">
        <button
          type="button"
          onClick={() => onPage(page - 1)}
          disabled={busy || page === 0}
          className={buttonClass({ variant: 'outline', size: 'sm' })}
        >
          Previous
        </button>
        <span className="px-2 whitespace-nowrap">
          Page {page + 1} of {pageCount}
        </span>
        <button
          type="button"
          onClick={() => onPage(page + 1)}
          disabled={busy || page + 1 >= pageCount}
          className={buttonClass({ variant: 'outline', size: 'sm' })}
        >
          Next
        </button>
      </div>
    </nav>
  );
}
