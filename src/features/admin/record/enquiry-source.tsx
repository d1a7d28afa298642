import type { Enquiry } from '@/features/admin/list/list-enquiries';

type SourceFields = Pick<
  Enquiry,
  'landing_page' | 'referrer_host' | 'utm_source' | 'utm_medium' | 'utm_campaign'
>;

/**
 * Where the enquirer came from, as the form recorded it: landing page, referring site and the
 * campaign tags; "Not recorded" for an enquiry sent before the site kept them, or with none.
 */
export function EnquirySource({ enquiry }: { enquiry: SourceFields }) {
  const parts = [
    ['Landing page', enquiry.landing_page],
    ['Referred by', enquiry.referrer_host],
    ['utm_source', enquiry.utm_source],
    ['utm_medium', enquiry.utm_medium],
    ['utm_campaign', enquiry.utm_campaign],
  ].filter((part): part is [string, string] => Boolean(part[1]));
  if (parts.length === 0) return <span className="text-ink-muted">Not recorded</span>;
  return (
    <dl aria-label="Where the enquiry came from" className="space-y-1 text-sm">
      {parts.map(([label, value]) => (
        <div key={label} className="flex min-w-0 flex-wrap gap-x-2">
          <dt className="text-ink-muted">{label}:</dt>
          <dd className="min-w-0 break-all">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
