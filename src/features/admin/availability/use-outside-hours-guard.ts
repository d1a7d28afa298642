import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';

import {
  listConsultationsOutsideHours,
  type AvailabilityChange,
  type OutsideBooking,
} from '@/features/admin/availability/outside-hours';
import { useSupabaseClient } from '@/lib/supabase-client-context';

/** A save held back because it strands booked consultations, and those consultations. */
export type HeldSave<T> = {
  value: T;
  change: AvailabilityChange;
  bookings: OutsideBooking[];
  /** True once the change was saved anyway: the list is then of what the saved hours strand. */
  saved: boolean;
};

type Options<T> = {
  /** Saves the change (the form's own mutation). */
  save: (value: T) => void;
  /** The check itself failed: nothing is saved, the form says why. */
  onCheckFailed: (failure: unknown) => void;
};

/**
 * Saving availability that would leave booked consultations outside it asks first: the change is
 * checked (consultations_outside_hours) and saved at once when it strands nothing; otherwise it
 * is held, with the consultations it strands, until the staff member saves anyway or goes back
 * to editing. Moving or cancelling one reads the list again.
 */
export function useOutsideHoursGuard<T>({ save, onCheckFailed }: Options<T>) {
  const client = useSupabaseClient();
  const [held, setHeld] = useState<HeldSave<T> | null>(null);
  const checking = useMutation({
    mutationFn: (change: AvailabilityChange) => listConsultationsOutsideHours(client, change),
  });

  function check(value: T, change: AvailabilityChange) {
    checking.mutate(change, {
      onSuccess: (bookings) => {
        if (bookings.length === 0) {
          setHeld(null);
          save(value);
        } else {
          setHeld({ value, change, bookings, saved: false });
        }
      },
      onError: onCheckFailed,
    });
  }

  /** Reads the list again: against the held change, or once saved, against what is saved. */
  function reread(current: HeldSave<T>, saved: boolean) {
    checking.mutate(saved ? {} : current.change, {
      onSuccess: (bookings) =>
        setHeld(bookings.length === 0 && saved ? null : { ...current, bookings, saved }),
    });
  }

  return {
    held,
    checking: checking.isPending,
    check,
    /** Saves the held change as it is. */
    saveAnyway: () => {
      if (held) save(held.value);
    },
    /** The held change was saved: what is still outside the saved hours, if anything. */
    saved: () => {
      if (held) reread(held, true);
    },
    refresh: () => {
      if (held) reread(held, held.saved);
    },
    dismiss: () => setHeld(null),
  };
}

export type OutsideHoursGuard<T> = ReturnType<typeof useOutsideHoursGuard<T>>;
