import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';

import { buttonClass } from '@/components/ui/button-styles';
import { availabilityKeys } from '@/features/admin/availability/availability-queries';
import { ensureBookingSettings } from '@/features/admin/availability/booking-rules';
import { OutsideHoursWarning } from '@/features/admin/availability/outside-hours-warning';
import type { RangeErrors } from '@/features/admin/availability/time-of-day';
import { TimeRangeFields } from '@/features/admin/availability/time-range-fields';
import { useOutsideHoursGuard } from '@/features/admin/availability/use-outside-hours-guard';
import {
  checkWeek,
  defaultWeek,
  draftWeekOf,
  listWeeklyHours,
  newDraftKey,
  restoredWeek,
  sameWeek,
  saveWeeklyHours,
  weekAsHours,
  weekChanges,
  WEEKDAYS,
  type DraftRange,
  type DraftWeek,
  type WeeklyHoursRow,
} from '@/features/admin/availability/weekly-hours';
import { OutcomeMessage, type Outcome } from '@/features/admin/shared/outcome-message';
import { rpcErrorMessage } from '@/lib/rpc-error';
import { useSupabaseClient } from '@/lib/supabase-client-context';

type Props = {
  staffId: string;
  /** The rows the database holds now (kept fresh by the page's query). */
  saved: readonly WeeklyHoursRow[];
  /** Start from Mon–Fri 09:00–17:00, unsaved: the staff member has never set any hours. */
  suggested: boolean;
  /** Whether the staff member's settings row exists, which their hours belong to. */
  settingsSaved: boolean;
  /** Unsaved edits kept from an earlier visit, to start from instead of what is saved. */
  draft?: DraftWeek;
  /** Told the week as edited from the first change, or undefined once it is saved. */
  onDraftChange: (week: DraftWeek | undefined) => void;
};

type Changes = ReturnType<typeof weekChanges>;

const rangeLabel = (day: string, index: number) => `${day}, hours ${index + 1}`;

/**
 * The week's hours, one or more ranges a day, saved together. Every range is checked before
 * anything is sent (valid times, the end after the start, no overlap within a day), and booked
 * consultations the new week would leave outside it are listed before it is saved; a refused
 * save leaves the edits on screen with the reason.
 */
export function WeeklyHoursForm({
  staffId,
  saved,
  suggested,
  settingsSaved,
  draft,
  onDraftChange,
}: Props) {
  const client = useSupabaseClient();
  const queryClient = useQueryClient();
  const [week, setWeek] = useState<DraftWeek>(() =>
    draft ? restoredWeek(draft) : suggested ? defaultWeek() : draftWeekOf(saved),
  );
  // Edited since it was drawn (or restored): only then is the week a draft.
  const edited = useRef(draft !== undefined);
  useEffect(() => {
    if (edited.current) onDraftChange(sameWeek(week, draftWeekOf(saved)) ? undefined : week);
  }, [week, saved, onDraftChange]);
  const [errors, setErrors] = useState<Record<string, RangeErrors>>({});
  const [outcome, setOutcome] = useState<Outcome>(
    suggested
      ? { tone: 'ok', text: 'Suggested hours, not saved yet: change them if needed and save.' }
      : null,
  );
  const inputs = useRef(new Map<string, HTMLInputElement>());
  const focusOn = useRef<string | null>(null);
  const addButtons = useRef(new Map<number, HTMLButtonElement>());

  const saving = useMutation({
    mutationFn: async (changes: Changes) => {
      if (!settingsSaved) await ensureBookingSettings(client, staffId);
      await saveWeeklyHours(client, staffId, changes);
      return listWeeklyHours(client, staffId);
    },
    onSuccess: (rows) => {
      if (!settingsSaved) {
        void queryClient.invalidateQueries({ queryKey: availabilityKeys.settings(staffId) });
      }
      queryClient.setQueryData(availabilityKeys.weeklyHours(staffId), rows);
      edited.current = false;
      onDraftChange(undefined);
      setWeek(draftWeekOf(rows));
      setOutcome({ tone: 'ok', text: 'Weekly hours saved.' });
      guard.saved();
    },
    onError: (failure) => {
      // Part of the change may have reached the database: the next save starts from what it holds.
      void queryClient.invalidateQueries({ queryKey: availabilityKeys.weeklyHours(staffId) });
      setOutcome({
        tone: 'error',
        text: `Weekly hours not saved: ${rpcErrorMessage(failure)} Your changes are still here.`,
      });
    },
  });

  const guard = useOutsideHoursGuard<Changes>({
    save: (changes) => saving.mutate(changes),
    onCheckFailed: (failure) =>
      setOutcome({
        tone: 'error',
        text: `Weekly hours not saved: your consultations could not be checked against them. ${rpcErrorMessage(failure)} Your changes are still here.`,
      }),
  });

  function changeDay(weekday: number, ranges: DraftRange[]) {
    edited.current = true;
    if (guard.held && !guard.held.saved) guard.dismiss();
    setWeek((current) => ({ ...current, [weekday]: ranges }));
  }

  function setInput(key: string, element: HTMLInputElement | null) {
    if (element) {
      inputs.current.set(key, element);
      if (focusOn.current === key) {
        focusOn.current = null;
        element.focus();
      }
    } else {
      inputs.current.delete(key);
    }
  }

  function addRange(weekday: number) {
    const day = week[weekday] ?? [];
    const range: DraftRange =
      day.length === 0
        ? { key: newDraftKey(), start: '09:00', end: '17:00' }
        : { key: newDraftKey(), start: '', end: '' };
    focusOn.current = range.key;
    changeDay(weekday, [...day, range]);
  }

  function removeRange(weekday: number, key: string) {
    changeDay(
      weekday,
      (week[weekday] ?? []).filter((range) => range.key !== key),
    );
    setErrors(({ [key]: _gone, ...rest }) => rest);
    addButtons.current.get(weekday)?.focus();
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (saving.isPending || guard.checking) return;
    const checked = checkWeek(week);
    if (!checked.ok) {
      setErrors(checked.errors);
      setOutcome({
        tone: 'error',
        text:
          checked.count === 1
            ? 'Not saved: one range needs attention (see the message beside it).'
            : `Not saved: ${checked.count} ranges need attention (see the messages beside them).`,
      });
      const first = WEEKDAYS.flatMap(({ weekday }) => week[weekday] ?? []).find(
        (range) => checked.errors[range.key],
      );
      if (first) inputs.current.get(first.key)?.focus();
      return;
    }
    setErrors({});
    const changes = weekChanges(saved, checked.ranges);
    if (changes.deleteIds.length === 0 && changes.inserts.length === 0) {
      setOutcome({ tone: 'ok', text: 'Nothing to save: these are the hours already saved.' });
      return;
    }
    setOutcome(null);
    guard.check(changes, { weeklyHours: weekAsHours(checked.ranges) });
  }

  return (
    <form aria-label="Weekly hours" noValidate onSubmit={handleSubmit} className="space-y-4">
      <ul className="divide-y divide-slate-200">
        {WEEKDAYS.map(({ weekday, name }) => {
          const day = week[weekday] ?? [];
          return (
            <li key={weekday} className="py-3 first:pt-0">
              <fieldset className="min-w-0 space-y-3">
                <legend className="font-semibold text-ink">{name}</legend>
                {day.length === 0 ? (
                  <p className="text-sm text-ink-muted">No hours: not available.</p>
                ) : null}
                {day.map((range, index) => (
                  <TimeRangeFields
                    key={range.key}
                    id={`weekly-${weekday}-${range.key}`}
                    label={rangeLabel(name, index)}
                    start={range.start}
                    end={range.end}
                    errors={errors[range.key]}
                    startRef={(element) => setInput(range.key, element)}
                    onChange={(next) =>
                      changeDay(
                        weekday,
                        day.map((other) =>
                          other.key === range.key ? { ...other, ...next } : other,
                        ),
                      )
                    }
                  >
                    <button
                      type="button"
                      aria-label={`Remove ${rangeLabel(name, index)}`}
                      onClick={() => removeRange(weekday, range.key)}
                      className={buttonClass({
                        variant: 'outline',
                        size: 'sm',
                        className: 'min-h-11',
                      })}
                    >
                      Remove
                    </button>
                  </TimeRangeFields>
                ))}
                <button
                  type="button"
                  ref={(element) => {
                    if (element) addButtons.current.set(weekday, element);
                    else addButtons.current.delete(weekday);
                  }}
                  aria-label={`Add hours on ${name}`}
                  onClick={() => addRange(weekday)}
                  className={buttonClass({ variant: 'ghost', size: 'sm', className: 'min-h-11' })}
                >
                  Add hours
                </button>
              </fieldset>
            </li>
          );
        })}
      </ul>
      <OutcomeMessage outcome={outcome} />
      <OutsideHoursWarning
        guard={guard}
        what="these weekly hours"
        confirmLabel="Save weekly hours anyway"
        saving={saving.isPending}
      />
      {guard.held && !guard.held.saved ? null : (
        <div className="flex justify-end">
          <button
            type="submit"
            aria-disabled={saving.isPending || guard.checking || undefined}
            className={buttonClass({ size: 'sm', className: 'min-h-11 max-sm:w-full' })}
          >
            {saving.isPending ? 'Saving…' : guard.checking ? 'Checking…' : 'Save weekly hours'}
          </button>
        </div>
      )}
    </form>
  );
}
