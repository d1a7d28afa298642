/**
 * What the visitor's booking API and the browser say to each other: the refusal codes the
 * database raises (as an error's hint, P0001) and the function passes on, and each action's
 * request and answer. Types and one list only, so the booking pages load nothing they do not
 * use.
 */

/**
 * Every refusal a visitor's booking call can get, as the database names it. One list: the
 * browser's messages are keyed by it, and a unit test holds it to the hints the SQL raises.
 */
export const CONSULTATION_REFUSALS = [
  'consultation_token_invalid',
  'consultation_token_expired',
  'consultation_token_replaced',
  'consultation_not_offered',
  'consultation_already_booked',
  'consultation_slot_taken',
  'consultation_slot_not_offered',
  'consultation_cancelled',
  'consultation_rate_limit',
  'consultation_mail_limit',
  'consultation_read_limit',
  'consultation_holds_full',
  'consultation_past',
  'consultation_time_zone_invalid',
] as const;

export type ConsultationRefusal = (typeof CONSULTATION_REFUSALS)[number];

/** Whether a hint names one of the refusals. */
export const isConsultationRefusal = (hint: unknown): hint is ConsultationRefusal =>
  (CONSULTATION_REFUSALS as readonly unknown[]).includes(hint);

/** The refusal whose DETAIL holds the nearest free start times, as a JSON array. */
export const REFUSAL_WITH_NEAREST: ConsultationRefusal = 'consultation_slot_taken';

/** A refusal as the function answers it (status 400 or 409): PostgREST's error, passed on. */
export interface RefusalBody {
  code?: string;
  message?: string;
  details?: string | null;
  hint?: string | null;
}

/** One consultation as the visitor's database functions return it. */
export interface Booking {
  id: string;
  status: 'booked' | 'cancelled';
  starts_at: string;
  ends_at: string;
  sequence: number;
  staff_name: string;
  visitor_time_zone: string;
  /** 'unconfirmed': released because its address was never confirmed by hold_until. */
  cancelled_by: 'visitor' | 'staff' | 'unconfirmed' | null;
  /** When the prospect confirmed it with the link mailed to them; null until then. */
  confirmed_at: string | null;
  /** While unconfirmed: when the time is released unless confirmed first; else null. */
  hold_until: string | null;
}

/** What a book or manage link may do now: the free slots, and the enquiry's active booking. */
export interface ConsultationSlots {
  meeting_minutes: number;
  /** Start times, ascending, as UTC ISO strings. */
  slots: string[];
  booking: Booking | null;
  host_time_zone: string;
}

/** A booking made or moved: the booking and the manage token that now controls it. */
export interface BookingChange {
  booking: Booking;
  manage_token: string;
}

/** A time asked for: the start, and the zone the visitor reads it in. */
interface ChosenTime {
  token: string;
  starts_at: string;
  time_zone: string;
}

/** Each action of the API: the JSON body it is sent (beside `action`), and what it answers. */
export interface ConsultationActions {
  claim: { body: { key: string }; result: string };
  slots: { body: { token: string }; result: ConsultationSlots };
  book: { body: ChosenTime; result: BookingChange };
  reschedule: { body: ChosenTime; result: BookingChange };
  cancel: { body: { token: string }; result: { booking: Booking } };
  /** A confirm token (`c.…`, from the invitation mail) makes a held booking firm. */
  confirm: { body: { token: string }; result: { booking: Booking } };
}

export type ConsultationAction = keyof ConsultationActions;

export const CONSULTATION_ACTIONS = [
  'claim',
  'slots',
  'book',
  'reschedule',
  'cancel',
  'confirm',
] as const satisfies readonly ConsultationAction[];

/** A request's JSON body: the action and its fields. */
export type ConsultationRequest<Name extends ConsultationAction = ConsultationAction> = {
  [N in Name]: { action: N } & ConsultationActions[N]['body'];
}[Name];
