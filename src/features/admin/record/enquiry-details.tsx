import type { ReactNode } from 'react';

import type { Submission } from '@/features/admin/list/list-enquiries';
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
export function SubmissionDetails({ submission }: { submission: Submission }) {
  return (
    <dl className="space-y-3">
      <Field label="Status">
        <EnquiryStatusBadge status={submission.status} />
      </Field>
      <Field label="Email">
        {submission.Email ? (
          <a href={mailtoHref(submission.Email)} className={linkClass}>
            {submission.Email}
          </a>
        ) : (
          'N/A'
        )}
      </Field>
      <Field label="Phone">
        {submission.Phone ? (
          <a href={telHref(submission.Phone)} className={linkClass}>
            {submission.Phone}
          </a>
        ) : (
          'N/A'
        )}
      </Field>
      <Field label="Company">{displayValue(submission.Company)}</Field>
      <Field label="Job title">{displayValue(submission.Job)}</Field>
      <Field label="Service interest">{displayInterest(submission.Interest)}</Field>
      <Field label="Timeline">{displayTimeline(submission.Timeline)}</Field>
      <Field label="Last contacted">
        {submission.last_contacted_at ? formatDate(submission.last_contacted_at) : 'Not yet'}
      </Field>
      <Field label="Reply">
        <EnquiryFirstResponse enquiry={submission} />
      </Field>
      <Field label="Source">
        <EnquirySource submission={submission} />
      </Field>
      <Field label="Message">
        <p className="break-words whitespace-pre-wrap">{displayMessage(submission.Message)}</p>
      </Field>
    </dl>
  );
}
