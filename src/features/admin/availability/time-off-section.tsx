import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';

import { buttonClass } from '@/components/ui/button-styles';
import { DateField, toDayFirst } from '@/components/ui/day-first-date-input';
import { FormField, inputClass } from '@/components/ui/form-field';
import { availabilityKeys } from '@/features/admin/availability/availability-queries';
import { ensureBookingSettings } from '@/features/admin/availability/booking-rules';
import { formatDayRange } from '@/features/admin/availability/calendar-day';
import { OutsideHoursWarning } from '@/features/admin/availability/outside-hours-warning';
import {
  addTimeOff,
  checkTimeOff,
  MAX_TIME_OFF_NOTE_LENGTH,
  removeTimeOff,
  type NewTimeOff,
  type TimeOff,
  type TimeOffDraft,
  type TimeOffErrors,
} from '@/features/admin/availability/time-off';
import { useOutsideHoursGuard } from '@/features/admin/availability/use-outside-hours-guard';
import { OutcomeMessage, type Outcome } from '@/features/admin/shared/outcome-message';
import { rpcErrorMessage } from '@/lib/rpc-error';
import { useSupabaseClient } from '@/lib/supabase-client-context';

type Props = {
  staffId: string;
  today: string;
  /** The days off not yet past; undefined while loading, null when they could not be read. */
  /** Whether the staff member's settings row exists, which their days and hours belong to. */
  settingsSaved: boolean;
  rows: readonly TimeOff[] | undefined | null;
  /** Days off typed on an earlier visit and not added, to start from. */
  draft?: TimeOffDraft;
  /** Told what is typed from the first keystroke, or undefined once added or cleared. */
  onDraftChange: (draft: TimeOffDraft | undefined) => void;
};

const emptyDraft: TimeOffDraft = { first: '', last: '', note: '' };
const order: (keyof TimeOffDraft)[] = ['first', 'last', 'note'];

/** Whole days off: the ones to come, each removable, and a form to add more. */
export function TimeOffSection({
  staffId,
  today,
  settingsSaved,
  rows,
  draft: kept,
  onDraftChange,
}: Props) {
  const client = useSupabaseClient();
  const queryClient = useQueryClient();
  const [draft, setDraftState] = useState<TimeOffDraft>(kept ?? emptyDraft);
  function setDraft(next: TimeOffDraft) {
    setDraftState(next);
    onDraftChange(next.first || next.last || next.note ? next : undefined);
    if (guard.held && !guard.held.saved) guard.dismiss();
  }
  const [errors, setErrors] = useState<TimeOffErrors>({});
  const [outcome, setOutcome] = useState<Outcome>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);
  const reload = () =>
    queryClient.invalidateQueries({ queryKey: availabilityKeys.timeOff(staffId, today) });

  const adding = useMutation({
    mutationFn: async (value: NewTimeOff) => {
      if (!settingsSaved) await ensureBookingSettings(client, staffId);
      await addTimeOff(client, staffId, value);
    },
    onSuccess: (_nothing, value) => {
      if (!settingsSaved) {
        void queryClient.invalidateQueries({ queryKey: availabilityKeys.settings(staffId) });
      }
      setDraftState(emptyDraft);
      onDraftChange(undefined);
      setOutcome({
        tone: 'ok',
        text: `Days off added: ${formatDayRange(value.starts_on, value.ends_on)}.`,
      });
      guard.saved();
      return reload();
    },
    onError: (failure) =>
      setOutcome({ tone: 'error', text: `Days off not added: ${rpcErrorMessage(failure)}` }),
  });
  const removing = useMutation({
    mutationFn: (row: TimeOff) => removeTimeOff(client, row.id),
    onSuccess: (_nothing, row) => {
      listHeading.current?.focus();
      setOutcome({
        tone: 'ok',
        text: `Days off removed: ${formatDayRange(row.starts_on, row.ends_on)}.`,
      });
      return reload();
    },
    onError: (failure, row) =>
      setOutcome({
        tone: 'error',
        text: `Days off ${formatDayRange(row.starts_on, row.ends_on)} not removed: ${rpcErrorMessage(failure)}`,
      }),
  });
  const guard = useOutsideHoursGuard<NewTimeOff>({
    save: (value) => adding.mutate(value),
    onCheckFailed: (failure) =>
      setOutcome({
        tone: 'error',
        text: `Days off not added: your consultations could not be checked against them. ${rpcErrorMessage(failure)}`,
      }),
  });
  const busy = adding.isPending || removing.isPending || guard.checking;

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const checked = checkTimeOff(draft, today);
    if (!checked.ok) {
      setErrors(checked.errors);
      setOutcome(null);
      const first = order.find((name) => checked.errors[name]);
      if (first) document.getElementById(`time-off-${first}`)?.focus();
      return;
    }
    setErrors({});
    setOutcome(null);
    guard.check(checked.value, {
      timeOff: [{ starts_on: checked.value.starts_on, ends_on: checked.value.ends_on }],
    });
  }

  return (
    <div className="space-y-4">
      <h3 ref={listHeading} tabIndex={-1} className="font-semibold text-ink">
        Days off to come
      </h3>
      {rows === undefined ? (
        <p className="text-sm text-ink-muted">Loading your days off…</p>
      ) : rows === null ? (
        <p className="text-sm text-red-800">Your days off could not be loaded.</p>
      ) : rows.length === 0 ? (
        <p className="text-sm text-ink-muted">No days off set.</p>
      ) : (
        <ul aria-label="Days off to come" className="space-y-2">
          {rows.map((row) => {
            const when = formatDayRange(row.starts_on, row.ends_on);
            return (
              <li
                key={row.id}
                className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 p-3"
              >
                <span className="min-w-0 break-words text-ink">
                  {when}
                  {row.note ? <span className="text-ink-muted"> · {row.note}</span> : null}
                </span>
                <button
                  type="button"
                  aria-label={`Remove days off ${when}`}
                  aria-disabled={busy || undefined}
                  onClick={() => {
                    if (!busy) removing.mutate(row);
                  }}
                  className={buttonClass({ variant: 'outline', size: 'sm', className: 'min-h-11' })}
                >
                  Remove
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <form aria-label="Add days off" noValidate onSubmit={handleSubmit} className="space-y-3">
        <div className="grid gap-3 sm:grid-cols-2">
          <DateField
            id="time-off-first"
            label="First day off"
            required
            error={errors.first}
            hint={`Day first, for example ${toDayFirst(today)}.`}
            value={draft.first}
            onChange={(first) => setDraft({ ...draft, first })}
          />
          <DateField
            id="time-off-last"
            label="Last day off"
            error={errors.last}
            hint="Leave blank for a single day."
            value={draft.last}
            onChange={(last) => setDraft({ ...draft, last })}
          />
        </div>
        <FormField
          id="time-off-note"
          label="Note (optional)"
          error={errors.note}
          hint={`For yourself, e.g. Holiday. At most ${MAX_TIME_OFF_NOTE_LENGTH} characters.`}
        >
          {(control) => (
            <input
              {...control}
              type="text"
              autoComplete="off"
              value={draft.note}
              onChange={(event) => setDraft({ ...draft, note: event.target.value })}
              className={inputClass}
            />
          )}
        </FormField>
        <OutcomeMessage outcome={outcome} />
        <OutsideHoursWarning
          guard={guard}
          what="these days off"
          confirmLabel="Add days off anyway"
          saving={adding.isPending}
        />
        {guard.held && !guard.held.saved ? null : (
          <div className="flex justify-end">
            <button
              type="submit"
              aria-disabled={busy || undefined}
              className={buttonClass({ size: 'sm', className: 'min-h-11 max-sm:w-full' })}
            >
              {adding.isPending ? 'Adding…' : guard.checking ? 'Checking…' : 'Add days off'}
            </button>
          </div>
        )}
      </form>
    </div>
  );
}
