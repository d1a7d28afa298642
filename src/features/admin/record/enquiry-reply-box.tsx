import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';

import { buttonClass } from '@/components/ui/button-styles';
import { FormField, inputClass } from '@/components/ui/form-field';
import { notify } from '@/components/ui/toast/notify';
import type { Enquiry } from '@/features/admin/list/list-enquiries';
import { LogCallPanel } from '@/features/admin/record/log-call-panel';
import {
  callOutcomeLabel,
  checkReplyText,
  CONTACT_UNDO_MS,
  MAX_REPLY_LENGTH,
  recordEnquiryContact,
  sendEnquiryReply,
  undoEnquiryContact,
  type CallDetails,
  type ContactChannel,
} from '@/features/admin/record/send-enquiry-reply';
import { invalidateEnquiries } from '@/features/admin/shared/admin-queries';
import { displayValue } from '@/features/admin/shared/enquiry-format';
import { rpcErrorMessage } from '@/lib/rpc-error';
import { useSupabaseClient } from '@/lib/supabase-client-context';

type Props = { enquiry: Enquiry };

/** 44 px tall on a phone, so each button takes a thumb. */
const thumb = 'min-h-11 sm:min-h-0';

const contactDone: Record<ContactChannel, string> = {
  phone: 'Call logged',
  email: 'E-mail reply recorded',
};

type Contact = { channel: ContactChannel; call?: CallDetails };

/**
 * A plain-text reply mailed to the enquirer from the site (Reply-To the sender), and the two
 * ways to record a response made elsewhere: a call with its outcome and an optional note, or a
 * reply from one's own mailbox in one press; either can be undone from its toast for a few
 * seconds. Each reloads the enquiry, the list and the timeline.
 */
export function EnquiryReplyBox({ enquiry }: Props) {
  const client = useSupabaseClient();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [callOpen, setCallOpen] = useState(false);
  // The contact just recorded, while it can still be undone: the toast's Undo is out of the
  // keyboard's reach while the dialog holds focus, so the same Undo sits in the box.
  const [undoable, setUndoable] = useState<{ id: string; what: string } | null>(null);
  useEffect(() => {
    if (!undoable) return;
    const timer = setTimeout(() => setUndoable(null), CONTACT_UNDO_MS);
    return () => clearTimeout(timer);
  }, [undoable]);
  const recipient = displayValue(enquiry.Email);
  const sending = useMutation({
    mutationFn: (body: string) => sendEnquiryReply(client, enquiry.id, body),
    onSuccess: ({ heldForReview }) => {
      setDraft('');
      void invalidateEnquiries(queryClient);
      notify(
        heldForReview
          ? {
              title: 'Reply held for review',
              description:
                'Saved on the enquiry but not sent: more replies than usual left in the last hour. It is listed with the e-mails not sent on the Enquiries page, where an admin can send it.',
              variant: 'destructive',
            }
          : { title: 'Reply sent', description: `Sent to ${recipient}.`, variant: 'success' },
      );
    },
    onError: (failure) =>
      notify({ title: 'Not sent', description: rpcErrorMessage(failure), variant: 'destructive' }),
  });
  const undoing = useMutation({
    mutationFn: (contactId: string) => undoEnquiryContact(client, contactId),
    onSuccess: () => {
      setUndoable(null);
      void invalidateEnquiries(queryClient);
      notify({ title: 'Undone', description: 'The contact is no longer recorded.' });
    },
    onError: (failure) =>
      notify({
        title: 'Not undone',
        description: rpcErrorMessage(failure),
        variant: 'destructive',
      }),
  });
  const recording = useMutation({
    mutationFn: ({ channel, call }: Contact) =>
      recordEnquiryContact(client, enquiry.id, channel, call),
    onSuccess: (contactId, { channel, call }) => {
      setCallOpen(false);
      setUndoable({
        id: contactId,
        what: call
          ? `${contactDone[channel]}: ${callOutcomeLabel(call.outcome)}`
          : contactDone[channel],
      });
      void invalidateEnquiries(queryClient);
      notify({
        title: contactDone[channel],
        description: call ? callOutcomeLabel(call.outcome) : undefined,
        variant: 'success',
        duration: CONTACT_UNDO_MS,
        action: { label: 'Undo', onClick: () => undoing.mutate(contactId) },
      });
    },
    onError: (failure) =>
      notify({
        title: 'Not recorded',
        description: rpcErrorMessage(failure),
        variant: 'destructive',
      }),
  });
  const busy = sending.isPending || recording.isPending;

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = checkReplyText(draft);
    if (!checked.ok) {
      setError(checked.message);
      return;
    }
    setError(undefined);
    sending.mutate(checked.body);
  }

  return (
    <section aria-labelledby="enquiry-reply-heading" className="space-y-3">
      <h3 id="enquiry-reply-heading" className="text-base font-bold text-ink">
        Reply
      </h3>
      <form
        aria-label="Reply to the enquirer"
        noValidate
        onSubmit={handleSubmit}
        className="space-y-2"
      >
        <FormField
          id="enquiry-reply"
          label={`Reply to ${recipient}`}
          error={error}
          hint="Sent as plain text from the site's address; answers come back to you."
        >
          {(control) => (
            <textarea
              {...control}
              rows={5}
              value={draft}
              maxLength={MAX_REPLY_LENGTH}
              onChange={(event) => setDraft(event.target.value)}
              className={inputClass}
            />
          )}
        </FormField>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:flex-wrap sm:justify-end">
          <button
            type="button"
            disabled={busy}
            aria-expanded={callOpen}
            aria-controls="enquiry-log-call"
            onClick={() => setCallOpen((open) => !open)}
            className={buttonClass({ variant: 'outline', size: 'sm', className: thumb })}
          >
            Log a call
          </button>
          <button
            type="button"
            disabled={busy}
            onClick={() => recording.mutate({ channel: 'email' })}
            className={buttonClass({ variant: 'outline', size: 'sm', className: thumb })}
          >
            Replied by e-mail
          </button>
          <button
            type="submit"
            disabled={busy}
            className={buttonClass({ size: 'sm', className: thumb })}
          >
            {sending.isPending ? 'Sending…' : 'Send reply'}
          </button>
        </div>
      </form>
      {undoable ? (
        <div className="flex flex-wrap items-center justify-end gap-2 text-sm text-ink">
          <p>{undoable.what}.</p>
          <button
            type="button"
            disabled={undoing.isPending}
            onClick={() => undoing.mutate(undoable.id)}
            className={buttonClass({ variant: 'outline', size: 'sm', className: 'min-h-6' })}
          >
            Undo
          </button>
        </div>
      ) : null}
      {callOpen ? (
        <LogCallPanel
          id="enquiry-log-call"
          busy={recording.isPending}
          onSave={(call) => recording.mutate({ channel: 'phone', call })}
          onCancel={() => setCallOpen(false)}
        />
      ) : null}
    </section>
  );
}
