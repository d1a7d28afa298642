import {
  moreRelated,
  relatedBecause,
  useRelatedEnquiries,
  type RelatedEnquiry,
} from '@/features/admin/record/related-enquiries';
import { displayValue, formatDateTime } from '@/features/admin/shared/enquiry-format';
import { EnquiryStatusBadge } from '@/features/admin/shared/enquiry-status-badge';
import { HeldBadge } from '@/features/admin/shared/held-badge';

type Props = {
  enquiryId: string;
  /** Opens another enquiry's record in the same dialog (the address's `?enquiry=` changes). */
  onOpen: (id: string) => void;
};

function RelatedItem({ enquiry, onOpen }: { enquiry: RelatedEnquiry; onOpen: Props['onOpen'] }) {
  const name = displayValue(enquiry.name);
  const received = formatDateTime(enquiry.created_at);
  return (
    <li className="rounded-lg border border-slate-200 px-3 py-2" data-related-enquiry={enquiry.id}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <button
          type="button"
          onClick={() => onOpen(enquiry.id)}
          aria-label={`Open enquiry from ${name}, received ${received}`}
          className="min-h-11 text-left font-semibold break-words text-brand-700 underline underline-offset-2 hover:text-brand-800 sm:min-h-6"
        >
          {name}
        </button>
        <span className="text-sm text-ink-muted">{relatedBecause(enquiry)}</span>
      </div>
      <div className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-ink-muted">
        <EnquiryStatusBadge status={enquiry.status} />
        {enquiry.held ? <HeldBadge /> : null}
        <time dateTime={enquiry.created_at}>{received}</time>
      </div>
    </li>
  );
}

/**
 * On an enquiry's record, the other enquiries from the same e-mail address or company, newest
 * first, as a CRM shows a contact's history: each opens its own record.
 */
export function RelatedEnquiriesSection({ enquiryId, onOpen }: Props) {
  const query = useRelatedEnquiries(enquiryId);
  const related = query.data;
  const more = related ? moreRelated(related) : 0;
  return (
    <section aria-labelledby="related-enquiries-heading" className="space-y-3">
      <h3 id="related-enquiries-heading" className="text-base font-bold text-ink">
        Other enquiries from this person or company
      </h3>
      {query.isError ? (
        <p className="text-sm text-ink-muted">The other enquiries could not be loaded.</p>
      ) : related === undefined ? (
        <p className="text-sm text-ink-muted">Looking for other enquiries…</p>
      ) : related.rows.length === 0 ? (
        <p className="text-sm text-ink-muted">
          None: no other enquiry has this e-mail address or company.
        </p>
      ) : (
        <>
          <ul aria-label="Other enquiries, newest first" className="space-y-2">
            {related.rows.map((enquiry) => (
              <RelatedItem key={enquiry.id} enquiry={enquiry} onOpen={onOpen} />
            ))}
          </ul>
          {more > 0 ? (
            <p className="text-sm text-ink-muted">
              and {more} more {more === 1 ? 'enquiry' : 'enquiries'}
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
