import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { notify } from '@/components/ui/toast/notify';
import { EnquiriesQueryError, type Enquiry } from '@/features/admin/list/list-enquiries';
import {
  describeAssignment,
  describeLastContacted,
  describeStatusChange,
} from '@/features/admin/record/enquiry-timeline';
import {
  saveEnquiryField,
  undoEnquiryField,
  type FieldChange,
  type StaffMember,
} from '@/features/admin/record/enquiry-workflow';
import {
  adminKeys,
  invalidateEnquiries,
  patchCachedEnquiry,
  staffQuery,
} from '@/features/admin/shared/admin-queries';
import { useSupabaseClient } from '@/lib/supabase-client-context';

/** A save; an undo carries what the field must still hold (the saved value) for it to apply. */
type Save = {
  id: string;
  change: FieldChange;
  previous: FieldChange;
  undo?: { expected: FieldChange['value'] };
};

/**
 * The last change saved, in words, and how to take it back: offered only while the field still
 * holds the saved `value`, so a change made since (a call, a colleague) is never undone.
 */
export type LastChange = {
  field: FieldChange['field'];
  value: FieldChange['value'];
  description: string;
  undo: () => void;
};

const CHANGED_SINCE =
  'Not undone: it has changed since this change was saved. The record shows the latest value.';

const fieldSaves = ['admin', 'enquiry-field'] as const;

/** "Status: New → In progress" and the like: what a save changed, in the timeline's words. */
export function describeChange(
  { field, value }: FieldChange,
  previous: FieldChange,
  staff: readonly StaffMember[],
): string {
  if (field === 'status') return describeStatusChange(previous.value, value);
  if (field === 'assigned_to') return describeAssignment(previous.value, value, staff);
  return describeLastContacted(previous.value, value);
}

function failureText(error: unknown): string {
  return error instanceof EnquiriesQueryError
    ? error.message
    : 'The change could not be saved. Try again in a moment.';
}

/**
 * Saves one field of an enquiry as soon as it changes: the change shows at once on the open
 * enquiry and its row in the list, the database's answer confirms it (a toast with Undo, which
 * saves the old value the same way) or puts the old value back with the reason. Only the changed
 * column is sent, so someone else's change to another field is never overwritten.
 */
export function useEnquiryFieldSaver() {
  const client = useSupabaseClient();
  const queryClient = useQueryClient();
  const staff = useQuery(staffQuery(client)).data ?? [];
  // The toast's Undo is out of reach of the keyboard while the dialog holds focus, so the form
  // offers the same Undo beside the fields.
  const [lastChange, setLastChange] = useState<LastChange | null>(null);
  const saving = useMutation({
    mutationKey: fieldSaves,
    mutationFn: async ({ id, change, undo }: Save) => {
      const updated = undo
        ? await undoEnquiryField(client, id, change, undo.expected)
        : await saveEnquiryField(client, id, change);
      if (!updated) {
        throw new EnquiriesQueryError({
          message: undo ? CHANGED_SINCE : 'This enquiry no longer exists.',
        });
      }
      return updated;
    },
    onMutate: async ({ id, change }: Save) => {
      await queryClient.cancelQueries({ queryKey: adminKeys.enquiry(id) });
      patchCachedEnquiry(queryClient, id, { [change.field]: change.value });
    },
    onError: (error, { id, change, previous }) => {
      // only this field goes back: another field saved meanwhile keeps its value.
      const shown = queryClient.getQueryData<Enquiry>(adminKeys.enquiry(id));
      if (shown?.[change.field] === change.value) {
        patchCachedEnquiry(queryClient, id, { [previous.field]: previous.value });
      }
      // and the database's own values replace the guess.
      void invalidateEnquiries(queryClient);
      notify({ title: 'Not saved', description: failureText(error), variant: 'destructive' });
    },
    onSuccess: (updated, save) => {
      // the database's whole row, unless another save is still on its way.
      if (queryClient.isMutating({ mutationKey: fieldSaves }) > 1) {
        patchCachedEnquiry(queryClient, save.id, {
          [save.change.field]: updated[save.change.field],
        });
      } else {
        queryClient.setQueryData(adminKeys.enquiry(save.id), updated);
        patchCachedEnquiry(queryClient, save.id, updated);
      }
      void invalidateEnquiries(queryClient, adminKeys.enquiry(save.id));
      const description = describeChange(save.change, save.previous, staff);
      const stored = updated[save.change.field];
      const undo = () =>
        saving.mutate({
          id: save.id,
          change: save.previous,
          previous: save.change,
          undo: { expected: stored },
        });
      setLastChange(
        save.undo ? null : { field: save.change.field, value: stored, description, undo },
      );
      notify(
        save.undo
          ? { title: 'Change undone', description, variant: 'success' }
          : {
              title: 'Saved',
              description,
              variant: 'success',
              action: { label: 'Undo', onClick: undo },
            },
      );
    },
  });
  /** Saves `change` to enquiry `current` (as shown now), unless it holds that value already. */
  const save = (current: Enquiry, change: FieldChange) => {
    const previous = { field: change.field, value: current[change.field] } as FieldChange;
    if (previous.value === change.value) return;
    saving.mutate({ id: current.id, change, previous });
  };
  return { save, lastChange };
}
