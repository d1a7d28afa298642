import type { ReactNode } from 'react';

import type { Enquiry } from '@/features/admin/list/list-enquiries';
import { EnquirySource } from '@/features/admin/record/enquiry-source';
import { EnquiryFirstResponse } from '@/features/admin/shared/enquiry-first-response';
import {
  displayInterest,
  displayMessage,
  displayTimeline,
  displayValue,
  formatDate,
  telHref,
} from '@/features/admin/shared/enquiry-format';
import { EnquiryStatusBadge } from '@/features/admin/shared/enquiry-status-badge';
import { mailtoHref } from '@/lib/mailto';

const linkClass =
  'inline-block min-h-6 break-all text-brand-700 underline underline-offset-2 hover:text-brand-800';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[9rem_1fr] sm:gap-4">
      <dt className="text-sm font-semibold text-ink-muted">{label}</dt>
      <dd className="text-ink">{children}</dd>
    </div>
  );
}

/** What the visitor sent, with mailto and tel links, and where the enquiry stands. */
export function EnquiryDetails({ enquiry }: { enquiry: Enquiry }) {
  return (
    <dl className="space-y-3">
      <Field label="Status">
        <EnquiryStatusBadge status={enquiry.status} />
      </Field>
      <Field label="Email">
        {enquiry.Email ? (
          <a href={mailtoHref(enquiry.Email)} className={linkClass}>
            {enquiry.Email}
          </a>
        ) : (
          'N/A'
        )}
      </Field>
      <Field label="Phone">
        {enquiry.Phone ? (
          <a href={telHref(enquiry.Phone)} className={linkClass}>
            {enquiry.Phone}
          </a>
        ) : (
          'N/A'
        )}
      </Field>
      <Field label="Company">{displayValue(enquiry.Company)}</Field>
      <Field label="Job title">{displayValue(enquiry.Job)}</Field>
      <Field label="Service interest">{displayInterest(enquiry.Interest)}</Field>
      <Field label="Timeline">{displayTimeline(enquiry.Timeline)}</Field>
      <Field label="Last contacted">
        {enquiry.last_contacted_at ? formatDate(enquiry.last_contacted_at) : 'Not yet'}
      </Field>
      <Field label="Reply">
        <EnquiryFirstResponse enquiry={enquiry} />
      </Field>
      <Field label="Source">
        <EnquirySource enquiry={enquiry} />
      </Field>
      <Field label="Message">
        <p className="break-words whitespace-pre-wrap">{displayMessage(enquiry.Message)}</p>
      </Field>
    </dl>
  );
}
