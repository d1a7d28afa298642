import * as z from 'zod/mini';

import type { Tables } from '@/lib/database.types';
import { RpcError } from '@/lib/rpc-error';
import type { AppSupabaseClient } from '@/lib/supabase';
import { isConsultationRefusal, type ConsultationRefusal } from '@shared/consultation-wire';

/** One consultation of an enquiry, as its record shows it. */
export type ConsultationBooking = Pick<
  Tables<'consultation_bookings'>,
  | 'id'
  | 'staff_id'
  | 'starts_at'
  | 'ends_at'
  | 'status'
  | 'sequence'
  | 'visitor_time_zone'
  | 'created_at'
  | 'cancelled_at'
  | 'cancelled_by'
  | 'confirmed_at'
  | 'hold_until'
>;

/** A refused move or cancellation: the message to show, and the hint that names the case. */
export class ConsultationChangeError extends RpcError {
  override readonly name = 'ConsultationChangeError';
  constructor(
    code: string | undefined,
    message: string,
    readonly hint: string | null,
  ) {
    super(code, message);
  }
}

const refusals: Record<string, string> = {
  '42501':
    'Only staff admins signed in with their authenticator code can see or change consultations.',
};

/** Refusals named by their hint, which say more than the error code alone. */
const hintedRefusals: Partial<Record<ConsultationRefusal, string>> = {
  consultation_slot_taken: 'That time was taken a moment ago. Choose another time.',
  consultation_slot_not_offered:
    'That time is not one this consultation can move to. Choose another time.',
  consultation_cancelled:
    'This consultation is not booked any more: it may have been cancelled a moment ago.',
  consultation_past: 'This consultation has already started, so it can no longer be changed.',
};

function changeError(error: {
  code?: string;
  message: string;
  hint?: string | null;
}): ConsultationChangeError {
  const hint = error.hint || null;
  if (!error.code) {
    return new ConsultationChangeError(
      error.code,
      'The database could not be reached. Check the connection and try again.',
      hint,
    );
  }
  const message =
    ((isConsultationRefusal(hint) && hintedRefusals[hint]) || refusals[error.code]) ??
    error.message;
  return new ConsultationChangeError(error.code, message, hint);
}

/** The enquiry's consultations, the newest first. */
export async function listEnquiryConsultations(
  client: AppSupabaseClient,
  enquiryId: string,
): Promise<ConsultationBooking[]> {
  const { data, error } = await client
    .from('consultation_bookings')
    .select(
      'id, staff_id, starts_at, ends_at, status, sequence, visitor_time_zone, created_at, cancelled_at, cancelled_by, confirmed_at, hold_until',
    )
    .eq('submission_id', enquiryId)
    .order('created_at', { ascending: false });
  if (error) throw changeError(error);
  return data ?? [];
}

const slotsSchema = z.object({
  meeting_minutes: z.number(),
  slots: z.array(z.string()),
});

/** The free starts a consultation could move to (its own time among them), soonest first. */
export type MoveSlots = z.infer<typeof slotsSchema>;

export async function listMoveSlots(
  client: AppSupabaseClient,
  bookingId: string,
): Promise<MoveSlots> {
  const { data, error } = await client.rpc('staff_consultation_slots', {
    p_booking_id: bookingId,
  });
  if (error) throw changeError(error);
  return slotsSchema.parse(data);
}

const changedSchema = z.object({
  booking: z.object({ id: z.string(), starts_at: z.string(), ends_at: z.string() }),
  mail_held: z.optional(z.string()),
});

/** Where a changed consultation now stands. */
export type ChangedBooking = z.infer<typeof changedSchema>['booking'];

/**
 * A staff change and its mail to the prospect: `mailHeld` says why the mail was parked for
 * review instead of sent (past the staff member's hourly changes, or the mail the prospect's
 * address may get in a day); null when it is on its way.
 */
export type ConsultationChange = { booking: ChangedBooking; mailHeld: string | null };

const readChange = (data: unknown): ConsultationChange => {
  const parsed = changedSchema.parse(data);
  return { booking: parsed.booking, mailHeld: parsed.mail_held ?? null };
};

const HELD_PREFIX = 'Held for review: ';

/** What a change's outcome says of its mail: sent, or parked for review and why. */
export function mailSentence(change: ConsultationChange, mail: string): string {
  const reason = change.mailHeld;
  if (reason === null) return `The prospect is e-mailed ${mail}.`;
  const held = reason.startsWith(HELD_PREFIX)
    ? `is held for review: ${reason.slice(HELD_PREFIX.length)}`
    : `was not sent: ${reason}`;
  return `The e-mail to the prospect ${held} It waits on the dashboard, to be sent from there if it should go.`;
}

/** Moves a consultation to another free time of its staff member; the prospect is mailed. */
export async function moveConsultation(
  client: AppSupabaseClient,
  bookingId: string,
  startsAt: string,
): Promise<ConsultationChange> {
  const { data, error } = await client.rpc('staff_move_consultation', {
    p_booking_id: bookingId,
    p_starts_at: startsAt,
  });
  if (error) throw changeError(error);
  return readChange(data);
}

/** Cancels a consultation, freeing its time; the prospect is mailed the cancellation. */
export async function cancelConsultation(
  client: AppSupabaseClient,
  bookingId: string,
): Promise<ConsultationChange> {
  const { data, error } = await client.rpc('staff_cancel_consultation', {
    p_booking_id: bookingId,
  });
  if (error) throw changeError(error);
  return readChange(data);
}

/** The next booked consultations not yet ended, soonest first, with their enquiry and host. */
export type UpcomingConsultation = {
  id: string;
  submission_id: string;
  name: string | null;
  company: string | null;
  staff_id: string | null;
  staff_name: string | null;
  starts_at: string;
  ends_at: string;
  /** When the prospect confirmed the booking with the mailed link; null until then. */
  confirmed_at: string | null;
  /** While unconfirmed: when the booking is released unless the prospect confirms first. */
  hold_until: string | null;
};

export async function listUpcomingConsultations(
  client: AppSupabaseClient,
  limit: number,
): Promise<UpcomingConsultation[]> {
  const { data, error } = await client.rpc('upcoming_consultations', { p_limit: limit });
  if (error) throw changeError(error);
  return data ?? [];
}
