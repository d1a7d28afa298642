import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';

import { buttonClass } from '@/components/ui/button-styles';
import { ChoiceGroup } from '@/features/consultation/choice-group';
import {
  asConsultationError,
  type ConsultationError,
} from '@/features/consultation/consultation-api';
import { problemMessages } from '@/features/consultation/consultation-messages';
import {
  dayLabel,
  groupSlotsByDay,
  timeLabel,
  timeRangeLabel,
  wallClock,
} from '@/features/consultation/slot-days';
import { TimeZoneSelect } from '@/features/consultation/time-zone-select';
import { timeZoneLabel } from '@/features/consultation/time-zones';

type SlotPickerProps = {
  slots: readonly string[];
  meetingMinutes: number;
  timeZone: string;
  onTimeZoneChange: (zone: string) => void;
  /** "Confirm booking", "Confirm new time" */
  confirmLabel: string;
  busyLabel: string;
  /** Said when no free time is left. */
  noTimesText: string;
  /**
   * Books the chosen start. Resolves once the caller has moved on; rejects with a
   * ConsultationError the picker shows where the visitor is (a taken time, a busy moment).
   */
  onConfirm: (startsAt: string) => Promise<void>;
  /** More actions beside the confirm button ("Keep my current time"). */
  children?: ReactNode;
};

type Notice = { error: ConsultationError };

const sameInstant = (a: string, b: string) => Date.parse(a) === Date.parse(b);
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

function withoutSlot(slots: readonly string[], taken: string): string[] {
  return slots.filter((slot) => !sameInstant(slot, taken));
}

function withSlots(slots: readonly string[], added: readonly string[]): string[] {
  const fresh = added.filter((slot) => !slots.some((known) => sameInstant(known, slot)));
  return [...slots, ...fresh].sort((a, b) => Date.parse(a) - Date.parse(b));
}

/**
 * The free times by day in the visitor's zone: a day, then a time, then Confirm. Changes are
 * announced in a polite live region; a refusal is shown above the button and takes focus.
 */
export function SlotPicker({
  slots,
  meetingMinutes,
  timeZone,
  onTimeZoneChange,
  confirmLabel,
  busyLabel,
  noTimesText,
  onConfirm,
  children,
}: SlotPickerProps) {
  const id = useId();
  const [available, setAvailable] = useState<readonly string[]>(slots);
  const [dayKey, setDayKey] = useState<string | null>(null);
  const [startsAt, setStartsAt] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busy, setBusy] = useState(false);
  const noticeRef = useRef<HTMLDivElement>(null);

  const days = useMemo(() => groupSlotsByDay(available, timeZone), [available, timeZone]);
  const day = days.find((candidate) => candidate.key === dayKey) ?? days[0];
  const chosen =
    startsAt && day?.slots.some((slot) => sameInstant(slot, startsAt)) ? startsAt : null;

  const chooseDay = (key: string) => {
    setDayKey(key);
    setStartsAt(null);
    const next = days.find((candidate) => candidate.key === key);
    if (next) setAnnouncement(`${plural(next.slots.length, 'time')} on ${next.label}`);
  };

  const chooseZone = (zone: string) => {
    // The same day stays chosen: the chosen time's (or the day's first slot's) day in the new zone.
    const anchor = chosen ?? day?.slots[0];
    if (anchor) setDayKey(wallClock(anchor, zone).dayKey);
    onTimeZoneChange(zone);
    setAnnouncement(`Times now shown in ${timeZoneLabel(zone)}`);
  };

  const chooseNearest = (nearestSlot: string) => {
    const slot = available.find((known) => sameInstant(known, nearestSlot)) ?? nearestSlot;
    setDayKey(wallClock(slot, timeZone).dayKey);
    setStartsAt(slot);
    setAnnouncement(`${timeLabel(slot, timeZone)} on ${dayLabel(slot, timeZone)} chosen`);
  };

  // A refusal takes focus: the time, and with it the button the visitor pressed, may have gone.
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!chosen || !day || busy) return;
    // Held by key from now on, so the day stays chosen whatever happens to its times.
    setDayKey(day.key);
    setBusy(true);
    setNotice(null);
    try {
      await onConfirm(chosen);
    } catch (caught) {
      const error = asConsultationError(caught);
      if (error.problem === 'consultation_slot_taken') {
        setAvailable((current) => withSlots(withoutSlot(current, chosen), error.nearestSlots));
        setStartsAt(null);
      } else if (error.problem === 'consultation_slot_not_offered') {
        setAvailable((current) => withoutSlot(current, chosen));
        setStartsAt(null);
      }
      setNotice({ error });
    } finally {
      setBusy(false);
    }
  };

  const nearest = notice?.error.nearestSlots ?? [];

  return (
    <form onSubmit={submit} className="space-y-6">
      <TimeZoneSelect value={timeZone} onChange={chooseZone} />
      {day ? (
        <>
          <ChoiceGroup
            legend="Choose a day"
            name={`${id}-day`}
            value={day.key}
            onChange={chooseDay}
            columns="grid-cols-4 sm:grid-cols-5"
            choices={days.map((candidate) => ({
              value: candidate.key,
              label: (
                <>
                  <span className="font-semibold">{candidate.shortWeekday}</span>{' '}
                  <span className="whitespace-nowrap">{candidate.shortDate}</span>
                </>
              ),
            }))}
          />
          <ChoiceGroup
            legend={`Choose a time on ${day.label}`}
            name={`${id}-time`}
            value={chosen}
            onChange={setStartsAt}
            columns="grid-cols-4 sm:grid-cols-6"
            choices={day.slots.map((slot) => ({
              value: slot,
              label: <span className="whitespace-nowrap">{timeLabel(slot, timeZone)}</span>,
            }))}
          />
        </>
      ) : (
        <p className="text-ink-muted">{noTimesText}</p>
      )}
      {notice ? (
        <div
          ref={noticeRef}
          tabIndex={-1}
          className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-ink"
        >
          <p className="font-semibold">{problemMessages[notice.error.problem].text}</p>
          {nearest.length > 0 ? (
            <ul aria-label="Nearest free times" className="mt-3 flex flex-wrap gap-2">
              {nearest.map((slot) => (
                <li key={slot}>
                  <button
                    type="button"
                    onClick={() => chooseNearest(slot)}
                    className={buttonClass({ variant: 'outline', size: 'sm' })}
                  >
                    {dayLabel(slot, timeZone)}, {timeLabel(slot, timeZone)}
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      {chosen ? (
        <p className="text-ink">
          <span className="font-semibold">{dayLabel(chosen, timeZone)}</span>,{' '}
          {timeRangeLabel(
            chosen,
            new Date(Date.parse(chosen) + meetingMinutes * 60_000).toISOString(),
            timeZone,
          )}
          , {timeZoneLabel(timeZone)}
        </p>
      ) : null}
      <div className="flex flex-col gap-3 sm:flex-row">
        <button
          type="submit"
          disabled={!chosen || busy}
          className={buttonClass({ size: 'lg', className: 'w-full sm:w-auto' })}
        >
          {busy ? busyLabel : confirmLabel}
        </button>
        {children}
      </div>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </form>
  );
}
