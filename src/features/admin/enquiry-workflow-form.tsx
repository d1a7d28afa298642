import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';

import { buttonClass } from '@/components/ui/button-styles';
import { FormField, inputClass } from '@/components/ui/form-field';
import { SelectOptions } from '@/components/ui/select-options';
import { notify } from '@/components/ui/toast/notify';
import { staffQuery } from '@/features/admin/admin-queries';
import { ENQUIRY_STATUSES, isEnquiryStatus, statusLabel } from '@/features/admin/enquiry-status';
import { staffLabel, updateEnquiry, type WorkflowChange } from '@/features/admin/enquiry-workflow';
import { SubmissionsQueryError, type Submission } from '@/features/admin/list-submissions';
import type { AppSupabaseClient } from '@/lib/supabase';

const statusOptions = ENQUIRY_STATUSES.map((value) => ({ value, label: statusLabel(value) }));

type Props = {
  client: AppSupabaseClient;
  enquiry: Submission;
  onUpdated: (enquiry: Submission) => void;
};

/** "2026-11-20" for a stored timestamp (UTC date), '' for none. */
export function toDateInput(iso: string | null): string {
  return iso ? iso.slice(0, 10) : '';
}

/** A picked date is stored at noon UTC, which is the same calendar day in London all year. */
export function fromDateInput(value: string): string | null {
  return value ? `${value}T12:00:00.000Z` : null;
}

function failureText(error: unknown): string {
  return error instanceof SubmissionsQueryError
    ? error.message
    : 'The change could not be saved. Try again in a moment.';
}

/** Status, assignee and last-contacted date, saved together; plus "Mark as spam" in one press. */
export function EnquiryWorkflowForm({ client, enquiry, onUpdated }: Props) {
  const [status, setStatus] = useState(enquiry.status);
  const [assignee, setAssignee] = useState(enquiry.assigned_to ?? '');
  const [contacted, setContacted] = useState(toDateInput(enquiry.last_contacted_at));
  const staff = useQuery(staffQuery(client)).data ?? [];
  const saving = useMutation({
    mutationFn: async ({ change }: { change: WorkflowChange; done: string }) => {
      const updated = await updateEnquiry(client, enquiry.id, change);
      if (!updated) throw new SubmissionsQueryError({ message: 'This enquiry no longer exists.' });
      return updated;
    },
    onSuccess: (updated, { done }) => {
      setStatus(updated.status);
      onUpdated(updated);
      notify({ title: 'Enquiry updated', description: done, variant: 'success' });
    },
    onError: (error) =>
      notify({ title: 'Not saved', description: failureText(error), variant: 'destructive' }),
  });

  function save(change: WorkflowChange, done: string) {
    if (Object.keys(change).length > 0) saving.mutate({ change, done });
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const change: WorkflowChange = {};
    if (status !== enquiry.status) change.status = status;
    if (assignee !== (enquiry.assigned_to ?? '')) change.assigned_to = assignee || null;
    if (contacted !== toDateInput(enquiry.last_contacted_at))
      change.last_contacted_at = fromDateInput(contacted);
    save(change, 'Your changes were saved.');
  }

  const known = staff.some((member) => member.id === assignee);
  const assigneeOptions = [
    // still assigned to someone who has since lost the role
    ...(assignee && !known ? [{ value: assignee, label: 'A former staff member' }] : []),
    ...staff.map((member) => ({ value: member.id, label: staffLabel(member) })),
  ];
  return (
    <form
      aria-label="Workflow"
      onSubmit={handleSubmit}
      className="space-y-4 rounded-xl border border-slate-200 p-4"
    >
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField id="enquiry-status" label="Status">
          {(control) => (
            <select
              {...control}
              value={status}
              onChange={(event) =>
                isEnquiryStatus(event.target.value) && setStatus(event.target.value)
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
              onChange={(event) => setAssignee(event.target.value)}
              className={inputClass}
            >
              <SelectOptions placeholder="Unassigned" options={assigneeOptions} />
            </select>
          )}
        </FormField>
        <FormField id="enquiry-contacted" label="Last contacted">
          {(control) => (
            <input
              {...control}
              type="date"
              value={contacted}
              max={new Date().toISOString().slice(0, 10)}
              onChange={(event) => setContacted(event.target.value)}
              className={inputClass}
            />
          )}
        </FormField>
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        {enquiry.status !== 'spam' ? (
          <button
            type="button"
            disabled={saving.isPending}
            onClick={() => save({ status: 'spam' }, 'Marked as spam.')}
            className={buttonClass({ variant: 'outline', size: 'sm' })}
          >
            Mark as spam
          </button>
        ) : null}
        <button type="submit" disabled={saving.isPending} className={buttonClass({ size: 'sm' })}>
          {saving.isPending ? 'Saving...' : 'Save changes'}
        </button>
      </div>
    </form>
  );
}
