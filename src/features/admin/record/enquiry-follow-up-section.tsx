import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';

import { buttonClass } from '@/components/ui/button-styles';
import { DateField, parseDayFirst, toDayFirst } from '@/components/ui/day-first-date-input';
import { FormField, inputClass } from '@/components/ui/form-field';
import { notify } from '@/components/ui/toast/notify';
import { DraftRestoredNotice } from '@/features/admin/record/draft-restored-notice';
import {
  describeFollowUpCloseConflict,
  describeFollowUpConflict,
} from '@/features/admin/record/enquiry-conflict';
import {
  closeFollowUp,
  FollowUpChangedError,
  followUpSchema,
  formatFollowUpDay,
  listFollowUps,
  londonToday,
  MAX_FOLLOW_UP_NOTE_LENGTH,
  setFollowUp,
  type EnquiryFollowUp,
} from '@/features/admin/record/enquiry-follow-up';
import type { StaffMember } from '@/features/admin/record/enquiry-workflow';
import { useRecordDraft, type DraftShape } from '@/features/admin/record/record-drafts';
import {
  RefusedChangeNotice,
  type RefusedChange,
} from '@/features/admin/record/refused-change-notice';
import { adminKeys, invalidateEnquiries, staffQuery } from '@/features/admin/shared/admin-queries';
import { formatDateTime } from '@/features/admin/shared/enquiry-format';
import { rpcErrorMessage } from '@/lib/rpc-error';
import { useSupabaseClient } from '@/lib/supabase-client-context';

type Props = { enquiryId: string };

/** 44 px tall on a phone, so each button takes a thumb. */
const thumb = 'min-h-11 sm:min-h-0';

const closedLabels: Record<string, string> = {
  done: 'Done',
  cleared: 'Cleared',
  replaced: 'Replaced by a later follow-up',
};

type Errors = { dueOn?: string; note?: string };

/** A follow-up to set, and the open one the screen showed (null for none), which it replaces. */
type SetFollowUp = { dueOn: string; note: string; replaces: string | null };

/** A follow-up typed but not set yet: the day as typed (day first) and the note. */
type FollowUpDraft = { dueOn: string; note: string };

const followUpDraft: DraftShape<FollowUpDraft> = {
  empty: { dueOn: '', note: '' },
  hasText: ({ dueOn, note }) => dueOn.trim() !== '' || note.trim() !== '',
  accept: (value): value is FollowUpDraft => {
    if (typeof value !== 'object' || value === null) return false;
    const { dueOn, note } = value as Record<string, unknown>;
    return typeof dueOn === 'string' && typeof note === 'string';
  },
};

/** Who set a follow-up: their staff name when known, else the address kept on it. */
function setterName(followUp: EnquiryFollowUp, staff: readonly StaffMember[]): string | null {
  const name = staff.find((member) => member.id === followUp.set_by)?.display_name?.trim();
  return name || followUp.set_by_email;
}

function OpenFollowUp({
  followUp,
  staff,
  busy,
  onClose,
}: {
  followUp: EnquiryFollowUp;
  staff: readonly StaffMember[];
  busy: boolean;
  onClose: (outcome: 'done' | 'cleared') => void;
}) {
  const due = followUp.due_on <= londonToday();
  const setter = setterName(followUp, staff);
  return (
    <div
      className={`rounded-lg border p-3 ${
        due ? 'border-l-4 border-amber-300 border-l-amber-700 bg-amber-50' : 'border-slate-200'
      }`}
    >
      <p className="font-semibold text-ink">
        Follow up on <time dateTime={followUp.due_on}>{formatFollowUpDay(followUp.due_on)}</time>
        {due ? <span className="ml-2 text-sm font-bold text-amber-900">Due</span> : null}
      </p>
      {followUp.note ? (
        <p className="mt-1 break-words whitespace-pre-wrap text-ink">{followUp.note}</p>
      ) : null}
      <p className="mt-1 text-xs text-ink-muted">
        Set {formatDateTime(followUp.created_at)}
        {setter ? ` by ${setter}` : ''}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <button
          type="button"
          disabled={busy}
          onClick={() => onClose('done')}
          className={buttonClass({ size: 'sm', className: thumb })}
        >
          Mark done
        </button>
        <button
          type="button"
          disabled={busy}
          onClick={() => onClose('cleared')}
          className={buttonClass({ variant: 'outline', size: 'sm', className: thumb })}
        >
          Clear follow-up
        </button>
      </div>
    </div>
  );
}

function History({ followUps }: { followUps: readonly EnquiryFollowUp[] }) {
  if (followUps.length === 0) return null;
  return (
    <div>
      <h4 className="text-sm font-semibold text-ink">Earlier follow-ups</h4>
      <ol aria-label="Earlier follow-ups, newest first" className="mt-1 space-y-1 text-sm">
        {followUps.map((followUp) => (
          <li key={followUp.id} className="break-words text-ink-muted">
            <span className="text-ink">
              <time dateTime={followUp.due_on}>{formatFollowUpDay(followUp.due_on)}</time>
            </span>
            {' · '}
            {closedLabels[followUp.state] ?? followUp.state}
            {followUp.note ? ` · ${followUp.note}` : ''}
          </li>
        ))}
      </ol>
    </div>
  );
}

/**
 * When to get back to this lead: the open follow-up with buttons to mark it done or clear it, a
 * form to set one (replacing the open one; a draft until it is set) and the closed ones as
 * history.
 */
export function EnquiryFollowUpSection({ enquiryId }: Props) {
  const client = useSupabaseClient();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: adminKeys.followUps(enquiryId),
    queryFn: () => listFollowUps(client, enquiryId),
  });
  const draft = useRecordDraft('followUp', followUpDraft);
  const { dueOn, note } = draft.value;
  const dayField = useRef<HTMLInputElement>(null);
  const [errors, setErrors] = useState<Errors>({});
  const staff = useQuery(staffQuery(client)).data ?? [];
  // Mark done and Clear remove the button just pressed: focus goes to the section's heading.
  const heading = useRef<HTMLHeadingElement>(null);
  const [refused, setRefused] = useState<RefusedChange | null>(null);
  const saving = useMutation({
    mutationFn: (value: SetFollowUp) =>
      setFollowUp(client, enquiryId, value.dueOn, value.note, value.replaces),
    onSuccess: (_id, value) => {
      draft.clear();
      setRefused(null);
      void invalidateEnquiries(queryClient);
      notify({
        title: 'Follow-up set',
        description: `Follow up on ${formatFollowUpDay(value.dueOn)}.`,
        variant: 'success',
      });
    },
    onError: (failure, value) => {
      if (failure instanceof FollowUpChangedError) {
        // what a colleague did since this screen loaded: shown, and the follow-ups reloaded.
        void invalidateEnquiries(queryClient);
        const description = describeFollowUpConflict(failure.conflict, value.dueOn);
        const applyAnyway = () => {
          setRefused(null);
          saving.mutate({ ...value, replaces: failure.conflict.current?.id ?? null });
        };
        setRefused({
          description,
          applyAnyway,
          dismiss: () => {
            setRefused(null);
            draft.clear();
          },
        });
        notify({
          title: 'Not set',
          description,
          variant: 'destructive',
          action: { label: 'Apply anyway', onClick: applyAnyway },
        });
        return;
      }
      notify({ title: 'Not set', description: rpcErrorMessage(failure), variant: 'destructive' });
    },
  });
  const closing = useMutation({
    mutationFn: (value: { id: string; outcome: 'done' | 'cleared' }) =>
      closeFollowUp(client, value.id, value.outcome),
    onSuccess: (_nothing, value) => {
      setRefused(null);
      heading.current?.focus();
      void invalidateEnquiries(queryClient);
      notify({
        title: value.outcome === 'done' ? 'Follow-up done' : 'Follow-up cleared',
        variant: 'success',
      });
    },
    onError: (failure) => {
      void invalidateEnquiries(queryClient);
      // A colleague closed or replaced it first. No Apply anyway: the one pressed is closed
      // already, and closing the one open now would act on a follow-up this screen never showed.
      const description =
        failure instanceof FollowUpChangedError
          ? describeFollowUpCloseConflict(failure.conflict)
          : rpcErrorMessage(failure);
      if (failure instanceof FollowUpChangedError) {
        setRefused({ description, dismiss: () => setRefused(null) });
        heading.current?.focus();
      }
      notify({ title: 'Not changed', description, variant: 'destructive' });
    },
  });
  const busy = saving.isPending || closing.isPending;
  const followUps = query.data;
  const open = followUps?.find((followUp) => followUp.state === 'open');
  const closed = followUps?.filter((followUp) => followUp.state !== 'open') ?? [];
  const today = londonToday();

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const day = parseDayFirst(dueOn);
    if (!day.ok) {
      setErrors({ dueOn: day.message });
      return;
    }
    const checked = followUpSchema(londonToday()).safeParse({ dueOn: day.value, note });
    if (!checked.success) {
      const found: Errors = {};
      for (const issue of checked.error.issues) {
        const field = issue.path[0] as keyof Errors;
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    saving.mutate({ ...checked.data, replaces: open?.id ?? null });
  }

  return (
    <section aria-labelledby="enquiry-follow-up-heading" className="space-y-3">
      <h3
        id="enquiry-follow-up-heading"
        ref={heading}
        tabIndex={-1}
        className="text-base font-bold text-ink"
      >
        Follow-up
      </h3>
      {query.isError ? (
        <p className="text-sm text-ink-muted">The follow-ups could not be loaded.</p>
      ) : followUps === undefined ? (
        <p className="text-sm text-ink-muted">Loading the follow-up…</p>
      ) : open ? (
        <OpenFollowUp
          followUp={open}
          staff={staff}
          busy={busy}
          onClose={(outcome) => closing.mutate({ id: open.id, outcome })}
        />
      ) : (
        <p className="text-sm text-ink-muted">No follow-up set.</p>
      )}
      {refused ? (
        <RefusedChangeNotice
          refused={refused}
          showing="The follow-up above is the one saved now."
        />
      ) : null}
      <form
        aria-label={open ? 'Change the follow-up' : 'Set a follow-up'}
        noValidate
        onSubmit={handleSubmit}
        className="space-y-2"
      >
        {draft.restored ? (
          <DraftRestoredNotice
            what="the follow-up"
            onDiscard={() => {
              draft.clear();
              dayField.current?.focus();
            }}
          />
        ) : null}
        <DateField
          id={`follow-up-day-${enquiryId}`}
          label="Follow up on"
          required
          error={errors.dueOn}
          hint={`Day first, for example ${toDayFirst(today)}.${
            open ? ' A new date replaces the open follow-up.' : ''
          }`}
          inputRef={dayField}
          value={dueOn}
          onChange={(text) => draft.set({ dueOn: text, note })}
          short
        />
        <FormField
          id={`follow-up-note-${enquiryId}`}
          label="Follow-up note (optional)"
          error={errors.note}
          hint={`What to follow up about. At most ${MAX_FOLLOW_UP_NOTE_LENGTH} characters.`}
        >
          {(control) => (
            <textarea
              {...control}
              rows={2}
              value={note}
              maxLength={MAX_FOLLOW_UP_NOTE_LENGTH}
              onChange={(event) => draft.set({ dueOn, note: event.target.value })}
              className={inputClass}
            />
          )}
        </FormField>
        <div className="flex justify-end">
          <button
            type="submit"
            disabled={busy}
            className={buttonClass({ variant: 'outline', size: 'sm', className: thumb })}
          >
            {saving.isPending ? 'Setting...' : open ? 'Replace follow-up' : 'Set follow-up'}
          </button>
        </div>
      </form>
      <History followUps={closed} />
    </section>
  );
}
