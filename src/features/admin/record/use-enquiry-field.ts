import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { notify } from '@/components/ui/toast/notify';
import { EnquiriesQueryError, type Enquiry } from '@/features/admin/list/list-enquiries';
import { describeConflict } from '@/features/admin/record/enquiry-conflict';
import {
  describeAssignment,
  describeLastContacted,
  describeStatusChange,
} from '@/features/admin/record/enquiry-timeline';
import {
  EnquiryChangedError,
  saveEnquiryField,
  type FieldChange,
  type StaffMember,
} from '@/features/admin/record/enquiry-workflow';
import type { RefusedChange } from '@/features/admin/record/refused-change-notice';
import {
  adminKeys,
  invalidateEnquiries,
  patchCachedEnquiry,
  staffQuery,
} from '@/features/admin/shared/admin-queries';
import { useSupabaseClient } from '@/lib/supabase-client-context';

/**
 * A save: `previous` is what the screen showed, and the database applies the change only while
 * the field still holds it; an undo is applied only while the field holds the saved value.
 */
type Save = {
  id: string;
  change: FieldChange;
  previous: FieldChange;
  undo?: boolean;
};

/** A field's save the database refused because the field changed since it was seen. */
export type RefusedFieldChange = RefusedChange & {
  field: FieldChange['field'];
  applyAnyway: () => void;
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
  const [refused, setRefused] = useState<RefusedFieldChange | null>(null);
  const saving = useMutation({
    mutationKey: fieldSaves,
    mutationFn: async ({ id, change, previous }: Save) => {
      const updated = await saveEnquiryField(client, id, change, previous.value);
      if (!updated) throw new EnquiriesQueryError({ message: 'This enquiry no longer exists.' });
      return updated;
    },
    onMutate: async ({ id, change }: Save) => {
      await queryClient.cancelQueries({ queryKey: adminKeys.enquiry(id) });
      patchCachedEnquiry(queryClient, id, { [change.field]: change.value });
    },
    onError: (error, { id, change, previous, undo }) => {
      if (error instanceof EnquiryChangedError) {
        // the database's row as it is now replaces what this screen showed.
        const { conflict } = error;
        queryClient.setQueryData(adminKeys.enquiry(id), conflict.enquiry);
        patchCachedEnquiry(queryClient, id, conflict.enquiry);
        void invalidateEnquiries(queryClient, adminKeys.enquiry(id));
        setLastChange(null);
        if (undo) {
          notify({ title: 'Not saved', description: CHANGED_SINCE, variant: 'destructive' });
          return;
        }
        const description = describeConflict(conflict, change, staff);
        const seen = { field: change.field, value: conflict.current } as FieldChange;
        const applyAnyway = () => {
          setRefused(null);
          saving.mutate({ id, change, previous: seen });
        };
        setRefused({
          field: change.field,
          description,
          applyAnyway,
          dismiss: () => setRefused(null),
        });
        notify({
          title: 'Not saved',
          description,
          variant: 'destructive',
          action: { label: 'Apply anyway', onClick: applyAnyway },
        });
        return;
      }
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
      setRefused((shown) => (shown?.field === save.change.field ? null : shown));
      const undo = () =>
        saving.mutate({
          id: save.id,
          change: save.previous,
          previous: { field: save.change.field, value: stored } as FieldChange,
          undo: true,
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
  return { save, lastChange, refused };
}
