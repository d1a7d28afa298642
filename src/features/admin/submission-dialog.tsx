import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';

import { buttonClass } from '@/components/ui/button-styles';
import type { Submission } from '@/features/admin/list-submissions';
import {
  displayInterest,
  displayMessage,
  displayTimeline,
  displayValue,
  formatDateTime,
  telHref,
} from '@/features/admin/submission-format';

const linkClass = 'break-all text-brand-700 underline underline-offset-2 hover:text-brand-800';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[9rem_1fr] sm:gap-4">
      <dt className="text-sm font-semibold text-ink-muted">{label}</dt>
      <dd className="text-ink">{children}</dd>
    </div>
  );
}

/** One enquiry in full, with mailto and tel links. */
export function SubmissionDialog({
  submission,
  onClose,
}: {
  submission: Submission | null;
  onClose: () => void;
}) {
  return (
    <Dialog.Root open={submission !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[70] bg-slate-950/60" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-[71] flex max-h-[90dvh] w-[calc(100%-2rem)] max-w-2xl -translate-x-1/2 -translate-y-1/2 flex-col rounded-2xl bg-white shadow-2xl focus:outline-none">
          {submission ? (
            <>
              <div className="border-b border-slate-200 px-6 pt-6 pb-4">
                <Dialog.Title className="text-xl font-bold break-words text-ink">
                  {displayValue(submission.Name)}
                </Dialog.Title>
                <Dialog.Description className="mt-1 text-sm text-ink-muted">
                  Enquiry received {formatDateTime(submission.created_at)}
                </Dialog.Description>
              </div>
              <dl className="space-y-3 overflow-y-auto px-6 py-4">
                <Field label="Email">
                  {submission.Email ? (
                    <a href={`mailto:${submission.Email}`} className={linkClass}>
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
                <Field label="Message">
                  <p className="break-words whitespace-pre-wrap">
                    {displayMessage(submission.Message)}
                  </p>
                </Field>
              </dl>
              <div className="flex justify-end border-t border-slate-200 px-6 py-4">
                <Dialog.Close className={buttonClass({ variant: 'outline', size: 'sm' })}>
                  Close
                </Dialog.Close>
              </div>
            </>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
