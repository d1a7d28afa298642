import { readBrowserEnv } from '@/lib/browser-env';
import {
  isConsultationRefusal,
  REFUSAL_WITH_NEAREST,
  type ConsultationAction,
  type ConsultationActions,
  type ConsultationRefusal,
  type RefusalBody,
} from '@shared/consultation-wire';

export type { Booking, BookingChange, ConsultationSlots } from '@shared/consultation-wire';

/** A named refusal, or `failed` for anything else (offline, a server error). */
export type ConsultationProblem = ConsultationRefusal | 'failed';

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

export function toConsultationError(refusal: RefusalBody): ConsultationError {
  const hint = refusal.hint;
  if (refusal.code !== 'P0001' || !isConsultationRefusal(hint)) {
    return new ConsultationError('failed');
  }
  const nearest = hint === REFUSAL_WITH_NEAREST ? readNearestSlots(refusal.details) : [];
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

type Calls = ConsultationActions;
type Action = ConsultationAction;

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
  const { supabaseUrl: url, supabaseAnonKey: anonKey } = readBrowserEnv();
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

/** Makes a held booking firm with the confirm token of the invitation mail; again is harmless. */
export const confirmConsultation = (token: string) => callConsultationApi('confirm', { token });
