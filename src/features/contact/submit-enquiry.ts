import { claimBookToken } from '@/features/consultation/consultation-api';
import { newBookingKey } from '@/features/contact/booking-key';
import type { EnquiryValues } from '@/features/contact/enquiry-schema';
import { describeVisitSource, type VisitSource } from '@/features/contact/visit-source';
import { readVisitStart } from '@/features/contact/visit-start';
import { logSignedInAuditEvent } from '@/lib/audit-log';
import type { TablesInsert } from '@/lib/database.types';
import { loadSupabase } from '@/lib/load-supabase';

export type SubmitOutcome =
  /** Sent. `bookToken` books its free consultation; null when it could not be had. */
  | { ok: true; bookToken: string | null }
  /** The database refused the row: `message` says why, in words the visitor can act on. */
  | { ok: false; kind: 'refused'; message: string }
  | { ok: false; kind: 'failed' };

/**
 * The row as stored: the table's capitalised column names, empty optional fields as null, and
 * where the visit came from (each source field null when unknown).
 */
export function toSubmissionRow(
  values: EnquiryValues,
  source: VisitSource = describeVisitSource(undefined),
): TablesInsert<'contact_submissions'> {
  return {
    Name: values.fullName,
    Email: values.email,
    Company: values.company,
    Job: values.jobTitle || null,
    Phone: values.phone || null,
    Interest: values.serviceInterest,
    Timeline: values.timeline,
    Message: values.message,
    ...source,
  };
}

/** What the database's named refusals mean for the visitor (see the migrations). */
const refusalMessages: Record<string, string> = {
  contact_submissions_rate_limit:
    'We have already received several enquiries from this email address in the last 15 minutes. Please try again later.',
  contact_submissions_client_rate_limit:
    'We have received a lot of enquiries from your network in the last hour. Please try again later, or email us instead.',
  contact_submissions_global_rate_limit:
    'We are receiving an unusually high number of enquiries right now. Please try again in an hour, or email us instead.',
  contact_submissions_email_format: 'Please enter a valid email address.',
  contact_submissions_phone_format: 'Please enter a valid phone number.',
  contact_submissions_interest_valid: 'Service interest is invalid.',
  contact_submissions_timeline_valid: 'Timeline is invalid.',
};

type PostgrestLikeError = { code?: string; message?: string; hint?: string | null };

export function describeRefusal(error: PostgrestLikeError): string | null {
  if (error.code === 'P0001' && error.hint && refusalMessages[error.hint]) {
    return refusalMessages[error.hint]!;
  }
  if (error.code === '23514') {
    const constraint = /check constraint "([^"]+)"/.exec(error.message ?? '')?.[1];
    return (
      (constraint && refusalMessages[constraint]) ??
      'Some details were not accepted. Please check the form and try again.'
    );
  }
  return null;
}

/** The enquiry's row with its booking key, which the database keeps only as a hash. */
type SubmissionWithKey = TablesInsert<'contact_submissions'> & { booking_key: string };

/**
 * Sends one enquiry, then claims its book token with the enquiry's booking key. supabase-js is
 * loaded here, at the first submit, never with the page. The insert does not ask for the row
 * back: visitors may add enquiries but never read them. A failed claim costs only the booking
 * offer: the enquiry has been sent. Only a signed-in user's enquiry is audited: a visitor's
 * could never be stored, and leaves their console alone.
 */
export async function submitEnquiry(values: EnquiryValues): Promise<SubmitOutcome> {
  let client: Awaited<ReturnType<typeof loadSupabase>> | null = null;
  try {
    client = await loadSupabase();
    const bookingKey = newBookingKey();
    const row: SubmissionWithKey = {
      ...toSubmissionRow(values, describeVisitSource(readVisitStart())),
      booking_key: bookingKey,
    };
    const { error } = await client.from('contact_submissions').insert(row);
    if (!error) {
      void logSignedInAuditEvent(client, {
        action: 'contact_form_submitted',
        resource: 'contact_submissions',
        details: { interest: values.serviceInterest, timeline: values.timeline },
      });
      return { ok: true, bookToken: await claimBookToken(bookingKey) };
    }
    void logSignedInAuditEvent(client, {
      action: 'contact_form_failed',
      resource: 'contact_submissions',
      details: { code: error.code ?? null, error: error.message },
    });
    const refusal = describeRefusal(error);
    return refusal
      ? { ok: false, kind: 'refused', message: refusal }
      : { ok: false, kind: 'failed' };
  } catch (error) {
    void logSignedInAuditEvent(client, {
      action: 'contact_form_failed',
      resource: 'contact_submissions',
      details: { error: error instanceof Error ? error.message : String(error) },
    });
    return { ok: false, kind: 'failed' };
  }
}
