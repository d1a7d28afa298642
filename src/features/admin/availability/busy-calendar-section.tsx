import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';

import { buttonClass } from '@/components/ui/button-styles';
import { FormField, inputClass } from '@/components/ui/form-field';
import { staffDateTime } from '@/components/ui/staff-date';
import { availabilityKeys } from '@/features/admin/availability/availability-queries';
import {
  checkCalendarUrl,
  setBusyCalendarUrl,
  type BusyCalendarStatus,
} from '@/features/admin/availability/busy-calendar';
import { OutcomeMessage, type Outcome } from '@/features/admin/shared/outcome-message';
import { rpcErrorMessage } from '@/lib/rpc-error';
import { useSupabaseClient } from '@/lib/supabase-client-context';

type Props = {
  staffId: string;
  /** undefined while loading, null when it could not be read. */
  status: BusyCalendarStatus | undefined | null;
};

/** Where the calendar stands: the address's hint, the last sync and its outcome. */
function CalendarState({ status }: { status: BusyCalendarStatus }) {
  if (!status.has_url) {
    return <p className="text-sm text-ink-muted">No busy calendar connected.</p>;
  }
  const busy =
    status.busy_count === 1 ? '1 busy time blocked' : `${status.busy_count} busy times blocked`;
  return (
    <dl className="grid gap-1 text-sm sm:grid-cols-[9rem_1fr] sm:gap-x-4">
      <dt className="font-semibold text-ink-muted">Address</dt>
      <dd className="break-all text-ink">{status.url_hint ?? 'Saved'}</dd>
      <dt className="font-semibold text-ink-muted">Last read</dt>
      <dd className="text-ink">
        {status.synced_at ? `${staffDateTime(status.synced_at)} · ${busy}` : 'Not read yet.'}
      </dd>
      {status.last_error ? (
        <>
          <dt className="font-semibold text-ink-muted">Problem</dt>
          <dd className="break-words text-red-800">The last read failed: {status.last_error}</dd>
        </>
      ) : null}
    </dl>
  );
}

/**
 * The private iCal address of the staff member's own calendar, whose busy times are kept free of
 * bookings. The address is never shown back, only its hint.
 */
export function BusyCalendarSection({ staffId, status }: Props) {
  const client = useSupabaseClient();
  const queryClient = useQueryClient();
  const [address, setAddress] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const saving = useMutation({
    mutationFn: (url: string) => setBusyCalendarUrl(client, url),
    onSuccess: (_nothing, url) => {
      if (url) setAddress('');
      setOutcome({
        tone: 'ok',
        text: url
          ? 'Calendar address saved. Its busy times are read in the background; the time of the last read shows here.'
          : 'Busy calendar removed: its times no longer block bookings.',
      });
      return queryClient.invalidateQueries({ queryKey: availabilityKeys.busyCalendar(staffId) });
    },
    onError: (failure, url) =>
      setOutcome({
        tone: 'error',
        text: `${url ? 'Calendar address not saved' : 'Calendar not removed'}: ${rpcErrorMessage(failure)}`,
      }),
  });

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (saving.isPending) return;
    const checked = checkCalendarUrl(address);
    if (!checked.ok) {
      setError(checked.message);
      setOutcome(null);
      document.getElementById('busy-calendar-url')?.focus();
      return;
    }
    setError(undefined);
    setOutcome(null);
    saving.mutate(checked.url);
  }

  return (
    <div className="space-y-4">
      {status === undefined ? (
        <p className="text-sm text-ink-muted">Loading your calendar…</p>
      ) : status === null ? (
        <p className="text-sm text-red-800">Your calendar&apos;s state could not be loaded.</p>
      ) : (
        <CalendarState status={status} />
      )}
      <form
        aria-label="Busy calendar address"
        noValidate
        onSubmit={handleSubmit}
        className="space-y-3"
      >
        <FormField
          id="busy-calendar-url"
          label={status?.has_url ? 'New private iCal address' : 'Private iCal address'}
          error={error}
          hint="The secret address in iCal format from your calendar's settings (https://… or webcal://…)."
        >
          {(control) => (
            <input
              {...control}
              type="url"
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              value={address}
              onChange={(event) => setAddress(event.target.value)}
              className={inputClass}
            />
          )}
        </FormField>
        <OutcomeMessage outcome={outcome} />
        <div className="flex flex-wrap justify-end gap-2">
          {status?.has_url ? (
            <button
              type="button"
              aria-disabled={saving.isPending || undefined}
              onClick={() => {
                if (!saving.isPending) saving.mutate('');
              }}
              className={buttonClass({
                variant: 'outline',
                size: 'sm',
                className: 'min-h-11 max-sm:w-full',
              })}
            >
              Remove calendar
            </button>
          ) : null}
          <button
            type="submit"
            aria-disabled={saving.isPending || undefined}
            className={buttonClass({ size: 'sm', className: 'min-h-11 max-sm:w-full' })}
          >
            {saving.isPending && saving.variables ? 'Saving…' : 'Save calendar address'}
          </button>
        </div>
      </form>
    </div>
  );
}
