import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';

import { buttonClass } from '@/components/ui/button-styles';
import { FormField, inputClass } from '@/components/ui/form-field';
import { notify } from '@/components/ui/toast/notify';
import type { Enquiry } from '@/features/admin/list/list-enquiries';
import { DraftRestoredNotice } from '@/features/admin/record/draft-restored-notice';
import { describeContactConflict } from '@/features/admin/record/enquiry-conflict';
import { EnquiryChangedError } from '@/features/admin/record/enquiry-workflow';
import { callDraft, LogCallPanel } from '@/features/admin/record/log-call-panel';
import { useMailProblem } from '@/features/admin/record/mail-problem-notice';
import { textDraft, useRecordDraft } from '@/features/admin/record/record-drafts';
import {
  RefusedChangeNotice,
  type RefusedChange,
} from '@/features/admin/record/refused-change-notice';
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
import {
  adminKeys,
  invalidateEnquiries,
  patchCachedEnquiry,
  staffQuery,
} from '@/features/admin/shared/admin-queries';
import { displayValue } from '@/features/admin/shared/enquiry-format';
import { mailProblemSentence } from '@/features/admin/shared/mail-problem';
import { rpcErrorMessage } from '@/lib/rpc-error';
import { useSupabaseClient } from '@/lib/supabase-client-context';

type Props = { enquiry: Enquiry };

const BLOCKED_REPLY =
  'Not sent: mail to this address is blocked. Phone them, or allow mail again above once they give a working address.';

/** 44 px tall on a phone, so each button takes a thumb. */
const thumb = 'min-h-11 sm:min-h-0';

const contactDone: Record<ContactChannel, string> = {
  phone: 'Call logged',
  email: 'E-mail reply recorded',
};

/** A contact to record, and the last-contacted date the screen showed when it was asked for. */
type Contact = { channel: ContactChannel; call?: CallDetails; seen: string | null };

/**
 * A plain-text reply mailed to the enquirer from the site (their answer comes back to the
 * record), and the two
 * ways to record a response made elsewhere: a call with its outcome and an optional note, or a
 * reply from one's own mailbox in one press; either can be undone from its toast for a few
 * seconds. Each reloads the enquiry, the list and the timeline. The reply and the call being
 * logged are drafts (record-drafts) until sent or saved.
 */
export function EnquiryReplyBox({ enquiry }: Props) {
  const client = useSupabaseClient();
  const queryClient = useQueryClient();
  const reply = useRecordDraft('reply', textDraft);
  const draft = reply.value;
  const call = useRecordDraft('call', callDraft);
  const replyField = useRef<HTMLTextAreaElement>(null);
  const callButton = useRef<HTMLButtonElement>(null);
  const [error, setError] = useState<string | undefined>();
  const [refused, setRefused] = useState<RefusedChange | null>(null);
  const staff = useQuery(staffQuery(client)).data ?? [];
  // Opened by its button; a call restored from a draft shows open.
  const [callOpened, setCallOpened] = useState(false);
  const callOpen = callOpened || call.restored;
  // Cancel (or the button again) drops the call being logged.
  const closeCall = () => {
    setCallOpened(false);
    call.clear();
  };
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
      reply.clear();
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
    mutationFn: ({ channel, call, seen }: Contact) =>
      recordEnquiryContact(client, enquiry.id, channel, call, seen),
    onSuccess: (contactId, { channel, call: logged }) => {
      if (logged) closeCall();
      setRefused(null);
      setUndoable({
        id: contactId,
        what: logged
          ? `${contactDone[channel]}: ${callOutcomeLabel(logged.outcome)}`
          : contactDone[channel],
      });
      void invalidateEnquiries(queryClient);
      notify({
        title: contactDone[channel],
        description: logged ? callOutcomeLabel(logged.outcome) : undefined,
        variant: 'success',
        duration: CONTACT_UNDO_MS,
        action: { label: 'Undo', onClick: () => undoing.mutate(contactId) },
      });
    },
    onError: (failure, contact) => {
      if (failure instanceof EnquiryChangedError) {
        // the enquiry as it is now replaces what this screen showed; the call stays a draft.
        const { conflict } = failure;
        queryClient.setQueryData(adminKeys.enquiry(enquiry.id), conflict.enquiry);
        patchCachedEnquiry(queryClient, enquiry.id, conflict.enquiry);
        void invalidateEnquiries(queryClient, adminKeys.enquiry(enquiry.id));
        const description = describeContactConflict(conflict, contact.channel, staff);
        const applyAnyway = () => {
          setRefused(null);
          recording.mutate({ ...contact, seen: conflict.current });
        };
        setRefused({ description, applyAnyway, dismiss: () => setRefused(null) });
        notify({
          title: 'Not recorded',
          description,
          variant: 'destructive',
          action: { label: 'Apply anyway', onClick: applyAnyway },
        });
        return;
      }
      notify({
        title: 'Not recorded',
        description: rpcErrorMessage(failure),
        variant: 'destructive',
      });
    },
  });
  const busy = sending.isPending || recording.isPending;

  const mailProblem = useMailProblem(enquiry.id);

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    // the outbox would only park it: say so, and keep the draft for when mail is allowed again.
    if (mailProblem) {
      setError(BLOCKED_REPLY);
      return;
    }
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
      {reply.restored ? (
        <DraftRestoredNotice
          what="the reply"
          onDiscard={() => {
            reply.clear();
            replyField.current?.focus();
          }}
        />
      ) : null}
      {mailProblem ? (
        <p role="note" className="rounded-md bg-red-50 p-3 text-sm font-semibold text-red-900">
          {mailProblemSentence[mailProblem]} A reply from here would not be sent.
        </p>
      ) : null}
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
          hint="Sent as plain text from the site's address; their answer comes back to this enquiry."
        >
          {(control) => (
            <textarea
              {...control}
              ref={replyField}
              rows={5}
              value={draft}
              maxLength={MAX_REPLY_LENGTH}
              onChange={(event) => reply.set(event.target.value)}
              className={inputClass}
            />
          )}
        </FormField>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:flex-wrap sm:justify-end">
          <button
            ref={callButton}
            type="button"
            disabled={busy}
            aria-expanded={callOpen}
            aria-controls="enquiry-log-call"
            onClick={() => (callOpen ? closeCall() : setCallOpened(true))}
            className={buttonClass({ variant: 'outline', size: 'sm', className: thumb })}
          >
            Log a call
          </button>
          <button
            type="button"
            disabled={busy}
            onClick={() => recording.mutate({ channel: 'email', seen: enquiry.last_contacted_at })}
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
      {refused ? (
        <RefusedChangeNotice
          refused={refused}
          showing="The workflow fields show the date saved now."
        />
      ) : null}
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
          draft={call}
          focusOnOpen={callOpened}
          busy={recording.isPending}
          onSave={(logged) =>
            recording.mutate({ channel: 'phone', call: logged, seen: enquiry.last_contacted_at })
          }
          onCancel={() => {
            closeCall();
            callButton.current?.focus();
          }}
        />
      ) : null}
    </section>
  );
}
