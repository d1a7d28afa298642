import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';

import { buttonClass } from '@/components/ui/button-styles';
import { DateField, toDayFirst } from '@/components/ui/day-first-date-input';
import { availabilityKeys } from '@/features/admin/availability/availability-queries';
import { ensureBookingSettings } from '@/features/admin/availability/booking-rules';
import { formatDayWithWeekday } from '@/features/admin/availability/calendar-day';
import {
  addDateHours,
  checkDateHours,
  rangeOf,
  removeDateHours,
  type DateHours,
  type DateHoursDraft,
  type DateHoursErrors,
  type NewDateHours,
} from '@/features/admin/availability/date-hours';
import { OutsideHoursWarning } from '@/features/admin/availability/outside-hours-warning';
import { describeRange } from '@/features/admin/availability/time-of-day';
import { TimeRangeFields } from '@/features/admin/availability/time-range-fields';
import { useOutsideHoursGuard } from '@/features/admin/availability/use-outside-hours-guard';
import { OutcomeMessage, type Outcome } from '@/features/admin/shared/outcome-message';
import { rpcErrorMessage } from '@/lib/rpc-error';
import { useSupabaseClient } from '@/lib/supabase-client-context';

type Props = {
  staffId: string;
  today: string;
  /** The hours on dates from today on; undefined while loading, null when they could not be read. */
  /** Whether the staff member's settings row exists, which their days and hours belong to. */
  settingsSaved: boolean;
  rows: readonly DateHours[] | undefined | null;
  /** Hours typed on an earlier visit and not added, to start from. */
  draft?: DateHoursDraft;
  /** Told what is typed from the first keystroke, or undefined once added or cleared. */
  onDraftChange: (draft: DateHoursDraft | undefined) => void;
};

const emptyDraft: DateHoursDraft = { day: '', start: '', end: '' };

/** The rows by date, in the order given (the database sorts them). */
function byDate(rows: readonly DateHours[]): [string, DateHours[]][] {
  const dates = new Map<string, DateHours[]>();
  for (const row of rows) dates.set(row.on_date, [...(dates.get(row.on_date) ?? []), row]);
  return [...dates];
}

/** Hours on particular dates, which replace that weekday's hours on the day. */
export function DateHoursSection({
  staffId,
  today,
  settingsSaved,
  rows,
  draft: kept,
  onDraftChange,
}: Props) {
  const client = useSupabaseClient();
  const queryClient = useQueryClient();
  const [draft, setDraftState] = useState<DateHoursDraft>(kept ?? emptyDraft);
  function setDraft(next: DateHoursDraft) {
    setDraftState(next);
    onDraftChange(next.day || next.start || next.end ? next : undefined);
    if (guard.held && !guard.held.saved) guard.dismiss();
  }
  const [errors, setErrors] = useState<DateHoursErrors>({});
  const [outcome, setOutcome] = useState<Outcome>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);
  const startInput = useRef<HTMLInputElement>(null);
  const reload = () =>
    queryClient.invalidateQueries({ queryKey: availabilityKeys.dateHours(staffId, today) });

  const adding = useMutation({
    mutationFn: async (value: NewDateHours) => {
      if (!settingsSaved) await ensureBookingSettings(client, staffId);
      await addDateHours(client, staffId, value);
    },
    onSuccess: (_nothing, value) => {
      if (!settingsSaved) {
        void queryClient.invalidateQueries({ queryKey: availabilityKeys.settings(staffId) });
      }
      setDraftState(emptyDraft);
      onDraftChange(undefined);
      setOutcome({
        tone: 'ok',
        text: `Hours added: ${formatDayWithWeekday(value.on_date)}, ${describeRange(value.range)}.`,
      });
      guard.saved();
      return reload();
    },
    onError: (failure) =>
      setOutcome({ tone: 'error', text: `Hours not added: ${rpcErrorMessage(failure)}` }),
  });
  const removing = useMutation({
    mutationFn: (row: DateHours) => removeDateHours(client, row.id),
    onSuccess: (_nothing, row) => {
      listHeading.current?.focus();
      setOutcome({
        tone: 'ok',
        text: `Hours removed: ${formatDayWithWeekday(row.on_date)}, ${describeRange(rangeOf(row))}.`,
      });
      return reload();
    },
    onError: (failure) =>
      setOutcome({ tone: 'error', text: `Hours not removed: ${rpcErrorMessage(failure)}` }),
  });
  const guard = useOutsideHoursGuard<NewDateHours>({
    save: (value) => adding.mutate(value),
    onCheckFailed: (failure) =>
      setOutcome({
        tone: 'error',
        text: `Hours not added: your consultations could not be checked against them. ${rpcErrorMessage(failure)}`,
      }),
  });
  const busy = adding.isPending || removing.isPending || guard.checking;

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const checked = checkDateHours(draft, today, rows ?? []);
    if (!checked.ok) {
      setErrors(checked.errors);
      setOutcome(null);
      if (checked.errors.day) document.getElementById('date-hours-day')?.focus();
      else startInput.current?.focus();
      return;
    }
    setErrors({});
    setOutcome(null);
    const { on_date, range } = checked.value;
    guard.check(checked.value, {
      dateHours: [{ on_date, starts_at: range.start, ends_at: range.end }],
    });
  }

  return (
    <div className="space-y-4">
      <h3 ref={listHeading} tabIndex={-1} className="font-semibold text-ink">
        Dates with their own hours
      </h3>
      {rows === undefined ? (
        <p className="text-sm text-ink-muted">Loading your hours on dates…</p>
      ) : rows === null ? (
        <p className="text-sm text-red-800">Your hours on dates could not be loaded.</p>
      ) : rows.length === 0 ? (
        <p className="text-sm text-ink-muted">No dates with their own hours.</p>
      ) : (
        <ul aria-label="Dates with their own hours" className="space-y-2">
          {byDate(rows).map(([date, ranges]) => (
            <li key={date} className="rounded-lg border border-slate-200 p-3">
              <p className="font-semibold text-ink">{formatDayWithWeekday(date)}</p>
              <ul className="mt-1 space-y-1">
                {ranges.map((row) => {
                  const what = `${formatDayWithWeekday(date)}, ${describeRange(rangeOf(row))}`;
                  return (
                    <li key={row.id} className="flex flex-wrap items-center justify-between gap-2">
                      <span className="text-ink tabular-nums">{describeRange(rangeOf(row))}</span>
                      <button
                        type="button"
                        aria-label={`Remove hours ${what}`}
                        aria-disabled={busy || undefined}
                        onClick={() => {
                          if (!busy) removing.mutate(row);
                        }}
                        className={buttonClass({
                          variant: 'outline',
                          size: 'sm',
                          className: 'min-h-11',
                        })}
                      >
                        Remove
                      </button>
                    </li>
                  );
                })}
              </ul>
            </li>
          ))}
        </ul>
      )}
      <form
        aria-label="Add hours on a date"
        noValidate
        onSubmit={handleSubmit}
        className="space-y-3"
      >
        <DateField
          id="date-hours-day"
          label="Date"
          required
          error={errors.day}
          hint={`Day first, for example ${toDayFirst(today)}.`}
          value={draft.day}
          onChange={(day) => setDraft({ ...draft, day })}
          short
        />
        <TimeRangeFields
          id="date-hours"
          label="Hours on that date"
          start={draft.start}
          end={draft.end}
          errors={errors}
          startRef={startInput}
          onChange={(next) => setDraft({ ...draft, ...next })}
        />
        <OutcomeMessage outcome={outcome} />
        <OutsideHoursWarning
          guard={guard}
          what="these hours"
          confirmLabel="Add these hours anyway"
          saving={adding.isPending}
        />
        {guard.held && !guard.held.saved ? null : (
          <div className="flex justify-end">
            <button
              type="submit"
              aria-disabled={busy || undefined}
              className={buttonClass({ size: 'sm', className: 'min-h-11 max-sm:w-full' })}
            >
              {adding.isPending
                ? 'Adding…'
                : guard.checking
                  ? 'Checking…'
                  : 'Add hours on this date'}
            </button>
          </div>
        )}
      </form>
    </div>
  );
}
