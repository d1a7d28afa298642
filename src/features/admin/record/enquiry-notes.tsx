import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';

import { buttonClass } from '@/components/ui/button-styles';
import { FormField, inputClass } from '@/components/ui/form-field';
import { notify } from '@/components/ui/toast/notify';
import { EnquiriesQueryError } from '@/features/admin/list/list-enquiries';
import { DraftRestoredNotice } from '@/features/admin/record/draft-restored-notice';
import {
  addNote,
  listNotes,
  MAX_NOTE_LENGTH,
  noteAuthor,
  noteSchema,
  type EnquiryNote,
} from '@/features/admin/record/enquiry-workflow';
import { textDraft, useRecordDraft } from '@/features/admin/record/record-drafts';
import { adminKeys, invalidateEnquiries, staffQuery } from '@/features/admin/shared/admin-queries';
import { displayValue, formatDateTime } from '@/features/admin/shared/enquiry-format';
import { reportLoadError } from '@/features/admin/shared/report-load-error';
import { useSupabaseClient } from '@/lib/supabase-client-context';

type Props = { enquiryId: string };

/**
 * Internal notes, newest first, and a form to add one (notes cannot be edited or removed); the
 * note being written is a draft until it is added.
 */
export function EnquiryNotes({ enquiryId }: Props) {
  const client = useSupabaseClient();
  const queryClient = useQueryClient();
  const notesQuery = useQuery({
    queryKey: adminKeys.notes(enquiryId),
    queryFn: () => listNotes(client, enquiryId),
  });
  const staff = useQuery(staffQuery(client)).data ?? [];
  const note = useRecordDraft('note', textDraft);
  const draft = note.value;
  const field = useRef<HTMLTextAreaElement>(null);
  const [error, setError] = useState<string | undefined>();
  const adding = useMutation({
    mutationFn: (body: string) => addNote(client, enquiryId, body),
    onSuccess: (added) => {
      queryClient.setQueryData<EnquiryNote[]>(adminKeys.notes(enquiryId), (current = []) => [
        added,
        ...current,
      ]);
      note.clear();
      void invalidateEnquiries(queryClient, adminKeys.notes(enquiryId));
      notify({ title: 'Note added', variant: 'success' });
    },
    onError: (failure) =>
      setError(
        failure instanceof EnquiriesQueryError
          ? failure.message
          : 'The note could not be saved. Try again in a moment.',
      ),
  });
  const { error: loadError } = notesQuery;
  useEffect(() => {
    if (loadError) reportLoadError(loadError);
  }, [loadError]);
  const notes = notesQuery.isError ? [] : notesQuery.data;

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = noteSchema.safeParse(draft);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    adding.mutate(checked.data);
  }

  return (
    <section aria-labelledby="enquiry-notes-heading" className="space-y-3">
      <h3 id="enquiry-notes-heading" className="text-base font-bold text-ink">
        Notes
      </h3>
      {note.restored ? (
        <DraftRestoredNotice
          what="the new note"
          onDiscard={() => {
            note.clear();
            field.current?.focus();
          }}
        />
      ) : null}
      <form aria-label="Add a note" noValidate onSubmit={handleSubmit} className="space-y-2">
        <FormField
          id="enquiry-note"
          label="New note"
          error={error}
          hint={`Visible to staff only. At most ${MAX_NOTE_LENGTH} characters.`}
        >
          {(control) => (
            <textarea
              {...control}
              ref={field}
              rows={3}
              value={draft}
              maxLength={MAX_NOTE_LENGTH}
              onChange={(event) => note.set(event.target.value)}
              className={inputClass}
            />
          )}
        </FormField>
        <div className="flex justify-end">
          <button type="submit" disabled={adding.isPending} className={buttonClass({ size: 'sm' })}>
            {adding.isPending ? 'Adding...' : 'Add note'}
          </button>
        </div>
      </form>
      {notes === undefined ? (
        <p className="text-sm text-ink-muted">Loading notes…</p>
      ) : notes.length === 0 ? (
        <p className="text-sm text-ink-muted">No notes yet.</p>
      ) : (
        <ol aria-label="Notes, newest first" className="space-y-3">
          {notes.map((note) => (
            <li key={note.id} className="rounded-lg bg-slate-50 p-3">
              <p className="text-xs text-ink-muted">
                <span className="font-semibold text-ink">
                  {displayValue(noteAuthor(note, staff))}
                </span>
                {' · '}
                <time dateTime={note.created_at}>{formatDateTime(note.created_at)}</time>
              </p>
              <p className="mt-1 break-words whitespace-pre-wrap text-ink">{note.body}</p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
