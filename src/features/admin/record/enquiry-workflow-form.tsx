import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { buttonClass } from '@/components/ui/button-styles';
import { DayFirstDateInput } from '@/components/ui/day-first-date-input';
import { FormField, inputClass } from '@/components/ui/form-field';
import { SelectOptions } from '@/components/ui/select-options';
import { londonDay } from '@/components/ui/staff-date';
import { notify } from '@/components/ui/toast/notify';
import { runBulkAction } from '@/features/admin/bulk/bulk-enquiry-action';
import type { Enquiry } from '@/features/admin/list/list-enquiries';
import { staffLabel } from '@/features/admin/record/enquiry-workflow';
import { RefusedChangeNotice } from '@/features/admin/record/refused-change-notice';
import { useColleagueChanges } from '@/features/admin/record/use-colleague-changes';
import { useEnquiryFieldSaver } from '@/features/admin/record/use-enquiry-field';
import { invalidateEnquiries, staffQuery } from '@/features/admin/shared/admin-queries';
import {
  ENQUIRY_STATUSES,
  isEnquiryStatus,
  statusLabel,
} from '@/features/admin/shared/enquiry-status';
import { rpcErrorMessage } from '@/lib/rpc-error';
import { useSupabaseClient } from '@/lib/supabase-client-context';

const statusOptions = ENQUIRY_STATUSES.map((value) => ({ value, label: statusLabel(value) }));

type Props = {
  /** The enquiry as the query cache holds it: what the fields show, always. */
  enquiry: Enquiry;
};

/** "2026-11-20" for a stored timestamp, the day in London; '' for none. */
export function toDateInput(iso: string | null): string {
  return iso ? londonDay(new Date(iso)) : '';
}

/** A picked date is stored at noon UTC, which is the same calendar day in London all year. */
export function fromDateInput(value: string): string | null {
  return value ? `${value}T12:00:00.000Z` : null;
}

/**
 * Status, assignee and last-contacted date, each saved the moment it changes (no Save button, so
 * closing the dialog loses nothing); plus "Mark as spam", or "Not spam" for spam, in one press.
 * The fields hold no copy of their own: they show the cached enquiry, so a date moved by a
 * logged call or a change made by someone else is what they show.
 */
export function EnquiryWorkflowForm({ enquiry }: Props) {
  const client = useSupabaseClient();
  const { save, lastChange, refused } = useEnquiryFieldSaver();
  // Offered while the field still holds what was saved; a call or a colleague's change since
  // takes it away (the database refuses such an undo too).
  const undoable = lastChange && enquiry[lastChange.field] === lastChange.value ? lastChange : null;
  const staff = useQuery(staffQuery(client)).data ?? [];
  const colleague = useColleagueChanges(enquiry.id, staff);
  const assignee = enquiry.assigned_to ?? '';
  const known = staff.some((member) => member.id === assignee);
  const assigneeOptions = [
    // still assigned to someone who has since lost the role
    ...(assignee && !known ? [{ value: assignee, label: 'A former staff member' }] : []),
    ...staff.map((member) => ({ value: member.id, label: staffLabel(member) })),
  ];
  const spam = enquiry.status === 'spam';
  const queryClient = useQueryClient();
  // "Not spam" is the database's one rule, the same as in bulk: the enquiry goes back to the
  // status it had before it was marked spam, else New.
  const unspam = useMutation({
    mutationFn: () => runBulkAction(client, [enquiry.id], 'not_spam'),
    onSuccess: () => {
      void invalidateEnquiries(queryClient);
      notify({
        title: 'Not spam',
        description: 'Back to the status it had before it was marked as spam.',
        variant: 'success',
      });
    },
    onError: (error) =>
      notify({ title: 'Not saved', description: rpcErrorMessage(error), variant: 'destructive' }),
  });
  return (
    <section
      aria-labelledby="enquiry-workflow-heading"
      className="space-y-4 rounded-xl border border-slate-200 p-4"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id="enquiry-workflow-heading" className="text-base font-bold text-ink">
          Workflow
        </h3>
        <p className="text-sm text-ink-muted">Each change is saved at once.</p>
      </div>
      <div role="status" aria-live="polite">
        {colleague.notice ? (
          <div className="flex flex-wrap items-center gap-2 rounded-lg border border-brand-200 bg-brand-50 p-3 text-sm text-ink">
            <p>
              <span className="font-semibold">Changed by a colleague.</span> {colleague.notice}
            </p>
            <button
              type="button"
              onClick={colleague.dismiss}
              className={buttonClass({ variant: 'ghost', size: 'sm', className: 'min-h-6' })}
            >
              Dismiss
            </button>
          </div>
        ) : null}
      </div>
      {refused ? (
        <RefusedChangeNotice
          refused={refused}
          showing="The fields below show the values saved now."
        />
      ) : null}
      {undoable ? (
        <div className="flex flex-wrap items-center gap-2 text-sm text-ink">
          <p>Saved: {undoable.description}</p>
          <button
            type="button"
            onClick={undoable.undo}
            className={buttonClass({ variant: 'outline', size: 'sm', className: 'min-h-6' })}
          >
            Undo
          </button>
        </div>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField id="enquiry-status" label="Status">
          {(control) => (
            <select
              {...control}
              value={enquiry.status}
              onChange={(event) =>
                isEnquiryStatus(event.target.value) &&
                save(enquiry, { field: 'status', value: event.target.value })
              }
              className={inputClass}
            >
              <SelectOptions options={statusOptions} />
            </select>
          )}
        </FormField>
        <FormField id="enquiry-assignee" label="Assigned to">
          {(control) => (
            <select
              {...control}
              value={assignee}
              onChange={(event) =>
                save(enquiry, { field: 'assigned_to', value: event.target.value || null })
              }
              className={inputClass}
            >
              <SelectOptions placeholder="Unassigned" options={assigneeOptions} />
            </select>
          )}
        </FormField>
        <DayFirstDateInput
          id="enquiry-contacted"
          label="Last contacted"
          value={toDateInput(enquiry.last_contacted_at)}
          latest={londonDay()}
          latestMessage="The last contact cannot be in the future."
          onCommit={(value) =>
            save(enquiry, { field: 'last_contacted_at', value: fromDateInput(value) })
          }
        />
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <button
          type="button"
          disabled={unspam.isPending}
          onClick={() =>
            spam ? unspam.mutate() : save(enquiry, { field: 'status', value: 'spam' })
          }
          className={buttonClass({ variant: 'outline', size: 'sm' })}
        >
          {spam ? 'Not spam' : 'Mark as spam'}
        </button>
      </div>
    </section>
  );
}
