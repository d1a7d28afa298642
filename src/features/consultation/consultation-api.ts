/** One consultation as the visitor's database functions return it. */
export type Booking = {
  id: string;
  status: 'booked' | 'cancelled';
  starts_at: string;
  ends_at: string;
  sequence: number;
  staff_name: string;
  visitor_time_zone: string;
  cancelled_by: 'visitor' | 'staff' | null;
};

/** What a book or manage link may do now: the free slots, and the enquiry's active booking. */
export type ConsultationSlots = {
  meeting_minutes: number;
  /** Start times, ascending, as UTC ISO strings. */
  slots: string[];
  booking: Booking | null;
  host_time_zone: string;
};

/** A booking made or moved: the booking and the manage token that now controls it. */
export type BookingChange = { booking: Booking; manage_token: string };

/** The refusals the database names in an error's hint (P0001). */
export const consultationHints = [
  'consultation_token_invalid',
  'consultation_token_expired',
  'consultation_token_replaced',
  'consultation_not_offered',
  'consultation_already_booked',
  'consultation_slot_taken',
  'consultation_slot_unavailable',
  'consultation_cancelled',
  'consultation_rate_limit',
  'consultation_past',
  'consultation_time_zone_invalid',
] as const;

export type ConsultationHint = (typeof consultationHints)[number];

/** A named refusal, or `failed` for anything else (offline, a server error). */
export type ConsultationProblem = ConsultationHint | 'failed';

/** A visitor's consultation call that did not go through. */
export class ConsultationError extends Error {
  constructor(
    readonly problem: ConsultationProblem,
    /** With `consultation_slot_taken`: the nearest free start times, ascending. */
    readonly nearestSlots: readonly string[] = [],
  ) {
    super(problem);
    this.name = 'ConsultationError';
  }
}

/** Anything a consultation call threw, as a ConsultationError. */
export function asConsultationError(caught: unknown): ConsultationError {
  return caught instanceof ConsultationError ? caught : new ConsultationError('failed');
}

type RefusalBody = { code?: string; hint?: string | null; details?: string | null };

export function toConsultationError(refusal: RefusalBody): ConsultationError {
  const hint = consultationHints.find((known) => known === refusal.hint);
  if (refusal.code !== 'P0001' || !hint) return new ConsultationError('failed');
  const nearest = hint === 'consultation_slot_taken' ? readNearestSlots(refusal.details) : [];
  return new ConsultationError(hint, nearest);
}

function readNearestSlots(details: string | null | undefined): string[] {
  try {
    const parsed: unknown = JSON.parse(details ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((slot) => typeof slot === 'string').sort() : [];
  } catch {
    return [];
  }
}

/** Each call of the consultation Edge Function: what it is sent, and what it answers. */
type Calls = {
  claim: { body: { key: string }; result: string };
  slots: { body: { token: string }; result: ConsultationSlots };
  book: { body: { token: string; starts_at: string; time_zone: string }; result: BookingChange };
  reschedule: {
    body: { token: string; starts_at: string; time_zone: string };
    result: BookingChange;
  };
  cancel: { body: { token: string }; result: { booking: Booking } };
};

type Action = keyof Calls;

/** What the function sent with a refusal (the database's hint and details), as an error. */
async function readRefusal(response: Response): Promise<ConsultationError> {
  try {
    return toConsultationError((await response.json()) as RefusalBody);
  } catch {
    return new ConsultationError('failed');
  }
}

/**
 * Calls the consultation Edge Function, the visitor's only way to the booking functions (the
 * database keeps them from the anon role); throws a ConsultationError when it refuses or fails.
 * A plain fetch with the public anon key: a booking link's page needs no supabase-js.
 */
export async function callConsultationApi<Name extends Action>(
  action: Name,
  body: Calls[Name]['body'],
): Promise<Calls[Name]['result']> {
  // Read here, not through src/lib/supabase-env: that module shares supabase-js's chunk, which
  // this code (loaded with the contact form) must not pull in before an enquiry is sent.
  const url = import.meta.env.VITE_SUPABASE_URL;
  const anonKey = import.meta.env.VITE_SUPABASE_ANON_KEY;
  let response: Response;
  try {
    response = await fetch(`${url}/functions/v1/consultation`, {
      method: 'POST',
      headers: {
        apikey: anonKey,
        Authorization: `Bearer ${anonKey}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ action, ...body }),
    });
  } catch {
    throw new ConsultationError('failed');
  }
  if (!response.ok) throw await readRefusal(response);
  try {
    return (await response.json()) as Calls[Name]['result'];
  } catch {
    throw new ConsultationError('failed');
  }
}

/** The book token of the enquiry just sent with `enquiryKey`; null when it cannot be had. */
export async function claimBookToken(enquiryKey: string): Promise<string | null> {
  try {
    const token = await callConsultationApi('claim', { key: enquiryKey });
    return typeof token === 'string' && token !== '' ? token : null;
  } catch {
    return null;
  }
}

export const requestConsultationSlots = (token: string) => callConsultationApi('slots', { token });

export const bookConsultation = (token: string, startsAt: string, timeZone: string) =>
  callConsultationApi('book', { token, starts_at: startsAt, time_zone: timeZone });

export const rescheduleConsultation = (token: string, startsAt: string, timeZone: string) =>
  callConsultationApi('reschedule', { token, starts_at: startsAt, time_zone: timeZone });

export const cancelConsultation = (token: string) => callConsultationApi('cancel', { token });
