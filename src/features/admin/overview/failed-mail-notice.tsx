import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';

import { buttonClass } from '@/components/ui/button-styles';
import {
  describeFailedMail,
  retryFailedMail,
  type FailedMail,
} from '@/features/admin/overview/list-failed-mail';
import { failedMailQuery } from '@/features/admin/overview/overview-queries';
import { adminKeys } from '@/features/admin/shared/admin-queries';
import { formatDateTime } from '@/features/admin/shared/enquiry-format';
import { useSupabaseClient } from '@/lib/supabase-client-context';

/** Parked before any attempt (past a cap or a mail budget), with the reason as its error. */
const wasHeld = (mail: FailedMail) => mail.attempts === 0;

/** The card's heading and lead, for mail that failed after its tries, was held, or both. */
function describeCard(failed: readonly FailedMail[]): { heading: string; lead: string } {
  const held = failed.filter(wasHeld).length;
  const count = failed.length;
  const mails = count === 1 ? '1 e-mail' : `${count} e-mails`;
  if (held === 0) {
    return {
      heading:
        count === 1
          ? '1 notification e-mail could not be sent'
          : `${count} notification e-mails could not be sent`,
      lead: 'The sender tried each one several times. Retry once the mail service is working again.',
    };
  }
  if (held === count) {
    return {
      heading: `${mails} held for review`,
      lead: 'Each was held before sending, for the reason shown. Send it if it should still go.',
    };
  }
  return {
    heading: `${mails} not sent`,
    lead: 'Some were held before sending, for the reason shown; the others failed after several tries. Send or retry each once it should go.',
  };
}

/**
 * "N notification e-mails could not be sent" (or held for review), with each one and a Retry (or
 * Send) button. Renders nothing
 * while loading, when there are none, or when the list cannot be read (the dashboard shows its
 * own errors; this card only adds a warning when there is something to act on).
 */
export function FailedMailNotice() {
  const client = useSupabaseClient();
  const headingId = useId();
  const queryClient = useQueryClient();
  const failed = useQuery(failedMailQuery(client)).data ?? [];
  const [status, setStatus] = useState('');
  const retrying = useMutation({
    mutationFn: (mail: FailedMail) => retryFailedMail(client, mail.id),
    onSuccess: (queued, mail) => {
      const again = wasHeld(mail) ? '' : ' again';
      setStatus(
        queued
          ? `${describeFailedMail(mail)} is queued to be sent${again}.`
          : `${describeFailedMail(mail)} was already queued.`,
      );
      void queryClient.invalidateQueries({ queryKey: adminKeys.failedMail });
    },
    onError: (_error, mail) =>
      setStatus(`${describeFailedMail(mail)} could not be queued again. Please try later.`),
  });
  const busyId = retrying.isPending ? retrying.variables.id : null;

  const card = describeCard(failed);
  if (failed.length === 0) {
    return status ? (
      <p role="status" className="text-sm text-ink-muted">
        {status}
      </p>
    ) : null;
  }

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-ink"
    >
      <h2 id={headingId} className="text-base font-semibold">
        {card.heading}
      </h2>
      <p className="mt-1 text-ink-muted">{card.lead}</p>
      <ul className="mt-3 space-y-2">
        {failed.map((mail) => (
          <li key={mail.id} className="flex flex-wrap items-center justify-between gap-2">
            <span>
              <span className="font-medium">{describeFailedMail(mail)}</span>
              {', '}queued {formatDateTime(mail.created_at)}
              {mail.last_error ? (
                <span className="block text-ink-muted">{mail.last_error}</span>
              ) : null}
            </span>
            <button
              type="button"
              aria-label={
                busyId === mail.id
                  ? 'Queuing…'
                  : `${wasHeld(mail) ? 'Send' : 'Retry'} ${describeFailedMail(mail)}`
              }
              aria-disabled={busyId !== null || undefined}
              onClick={() => {
                if (busyId === null) retrying.mutate(mail);
              }}
              className={buttonClass({ variant: 'outline', size: 'sm' })}
            >
              {busyId === mail.id ? 'Queuing…' : wasHeld(mail) ? 'Send' : 'Retry'}
            </button>
          </li>
        ))}
      </ul>
      <p role="status" className="mt-2 text-ink-muted">
        {status}
      </p>
    </section>
  );
}
