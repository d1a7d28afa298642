import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { availabilityKeys } from '@/features/admin/availability/availability-queries';
import {
  saveBookingSettings,
  type BookingSettings,
} from '@/features/admin/availability/booking-rules';
import { OutcomeMessage, type Outcome } from '@/features/admin/shared/outcome-message';
import { rpcErrorMessage } from '@/lib/rpc-error';
import { useSupabaseClient } from '@/lib/supabase-client-context';

type Props = { staffId: string; settings: BookingSettings };

const onText = 'You are taking bookings: prospects are offered your free times.';
const offText =
  'Bookings are off: prospects are not offered times with you. Consultations already booked stay booked.';

/** Taking bookings on or off, saved the moment it is pressed. */
export function BookingsSwitch({ staffId, settings }: Props) {
  const client = useSupabaseClient();
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const saving = useMutation({
    mutationFn: (accepts: boolean) =>
      saveBookingSettings(client, staffId, { accepts_bookings: accepts }),
    onSuccess: (row) => {
      queryClient.setQueryData(availabilityKeys.settings(staffId), row);
      setOutcome({ tone: 'ok', text: row.accepts_bookings ? onText : offText });
    },
    onError: (failure) =>
      setOutcome({ tone: 'error', text: `Not changed: ${rpcErrorMessage(failure)}` }),
  });
  // While the change is on its way the switch shows it; a refusal puts the saved value back.
  const on = saving.isPending ? saving.variables : settings.accepts_bookings;

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          role="switch"
          aria-checked={on}
          onClick={() => {
            if (!saving.isPending) saving.mutate(!on);
          }}
          className="group inline-flex min-h-11 items-center gap-3 rounded-lg text-left font-semibold text-ink"
        >
          <span
            aria-hidden="true"
            className="relative inline-flex h-7 w-12 shrink-0 items-center rounded-full bg-slate-400 transition-colors group-aria-checked:bg-brand-700"
          >
            <span className="absolute left-1 size-5 rounded-full bg-white shadow transition-transform group-aria-checked:translate-x-5" />
          </span>
          Take consultation bookings
        </button>
        <span aria-hidden="true" className="text-sm text-ink-muted">
          {on ? 'On' : 'Off'}
        </span>
      </div>
      <OutcomeMessage outcome={outcome} />
    </div>
  );
}
