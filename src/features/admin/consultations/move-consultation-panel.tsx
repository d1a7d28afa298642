import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';

import { buttonClass } from '@/components/ui/button-styles';
import { inputClass } from '@/components/ui/form-field';
import { staffTime } from '@/components/ui/staff-date';
import type { ConsultationBooking } from '@/features/admin/consultations/consultation-bookings';
import { moveSlotsQuery } from '@/features/admin/consultations/consultation-queries';
import {
  consultationShortDay,
  consultationWhen,
  londonDayOf,
  prospectClock,
  zoneLabel,
} from '@/features/admin/consultations/consultation-time';
import { rpcErrorMessage } from '@/lib/rpc-error';
import { useSupabaseClient } from '@/lib/supabase-client-context';

type Props = {
  booking: Pick<ConsultationBooking, 'id' | 'starts_at' | 'visitor_time_zone'>;
  /** The staff member's name, for saying whose times these are. */
  host: string;
  busy: boolean;
  onMove: (startsAt: string) => void;
  onClose: () => void;
};

/** The free starts other than the booking's own, by London day, in order. */
function slotsByDay(slots: readonly string[], current: string): [string, string[]][] {
  const days = new Map<string, string[]>();
  const currentTime = Date.parse(current);
  for (const slot of slots) {
    if (Date.parse(slot) === currentTime) continue;
    const day = londonDayOf(slot);
    days.set(day, [...(days.get(day) ?? []), slot]);
  }
  return [...days];
}

/**
 * "10:00 · 05:00 New York time": a free start in London and, when their clock differs, the
 * prospect's; "10:00–10:30" when it does not. Short enough for a phone's width.
 */
function slotText(slot: string, end: string, timeZone: string): string {
  const theirs = prospectClock(slot, timeZone);
  return theirs ? `${staffTime(slot)} · ${theirs}` : `${staffTime(slot)}–${staffTime(end)}`;
}

/**
 * Choosing the time a consultation moves to: a day, then a time on it, from the host's free
 * times (London time, with the prospect's beside each when theirs differs), then Move. The
 * prospect is mailed the updated invitation.
 */
export function MoveConsultationPanel({ booking, host, busy, onMove, onClose }: Props) {
  const client = useSupabaseClient();
  const id = useId();
  const query = useQuery({ ...moveSlotsQuery(client, booking.id), staleTime: 0 });
  const [chosenDay, setChosenDay] = useState('');
  const [chosenStart, setChosenStart] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const minutes = query.data?.meeting_minutes ?? 30;
  const days = query.data ? slotsByDay(query.data.slots, booking.starts_at) : [];
  const day = days.find(([key]) => key === chosenDay) ?? days[0];
  const times = day?.[1] ?? [];
  const start = times.includes(chosenStart) ? chosenStart : times[0];
  const endOf = (slot: string) => new Date(Date.parse(slot) + minutes * 60_000).toISOString();
  const theirZone = booking.visitor_time_zone;
  const theirsDiffer = days.some(([, slots]) =>
    slots.some((slot) => prospectClock(slot, theirZone)),
  );
  const chosenTheirs = start ? prospectClock(start, theirZone) : null;

  return (
    <div
      role="group"
      aria-labelledby={`${id}-heading`}
      className="space-y-3 rounded-lg border border-slate-300 bg-slate-50 p-3"
    >
      <h4 id={`${id}-heading`} ref={heading} tabIndex={-1} className="font-semibold text-ink">
        Move to another time
      </h4>
      <p className="text-sm text-ink-muted">
        Free {minutes}-minute times with {host}, London time
        {theirsDiffer ? `, each start with the prospect's beside it (${zoneLabel(theirZone)})` : ''}
        . The prospect is e-mailed an updated calendar invitation.
      </p>
      {query.isError ? (
        <p className="text-sm text-red-800">
          The free times could not be loaded: {rpcErrorMessage(query.error)}
        </p>
      ) : query.data === undefined ? (
        <p className="text-sm text-ink-muted">Loading free times…</p>
      ) : days.length === 0 ? (
        <p className="text-sm text-ink">No other free times with {host} at the moment.</p>
      ) : (
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="min-w-0">
            <label htmlFor={`${id}-day`} className="mb-1 block text-sm font-semibold text-ink">
              Day
            </label>
            <select
              id={`${id}-day`}
              value={day?.[0]}
              onChange={(event) => setChosenDay(event.target.value)}
              className={inputClass}
            >
              {days.map(([key, slots]) => (
                <option key={key} value={key}>
                  {`${consultationShortDay(slots[0]!)} (${slots.length} free)`}
                </option>
              ))}
            </select>
          </div>
          <div className="min-w-0">
            <label htmlFor={`${id}-time`} className="mb-1 block text-sm font-semibold text-ink">
              Time
            </label>
            <select
              id={`${id}-time`}
              value={start}
              onChange={(event) => setChosenStart(event.target.value)}
              className={inputClass}
            >
              {times.map((slot) => (
                <option key={slot} value={slot}>
                  {slotText(slot, endOf(slot), theirZone)}
                </option>
              ))}
            </select>
          </div>
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        {start ? (
          <button
            type="button"
            aria-disabled={busy || undefined}
            onClick={() => {
              if (!busy) onMove(start);
            }}
            className={buttonClass({
              size: 'sm',
              className: 'min-h-11 text-left whitespace-normal max-sm:w-full',
            })}
          >
            {busy
              ? 'Moving…'
              : `Move to ${consultationWhen(start, endOf(start))}${chosenTheirs ? ` (${chosenTheirs})` : ''}`}
          </button>
        ) : null}
        <button
          type="button"
          onClick={onClose}
          className={buttonClass({
            variant: 'outline',
            size: 'sm',
            className: 'min-h-11 max-sm:w-full',
          })}
        >
          Keep the current time
        </button>
      </div>
    </div>
  );
}
