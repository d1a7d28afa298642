import * as z from 'zod/mini';

import { EnquiryChangedError, readConflict } from '@/features/admin/record/enquiry-workflow';
import { RpcError } from '@/lib/rpc-error';
import type { AppSupabaseClient } from '@/lib/supabase';

/** The longest reply the database stores and mails (public.send_enquiry_reply). */
export const MAX_REPLY_LENGTH = 10_000;

/** How a contact made outside the site is recorded: a call, or a reply from one's own mailbox. */
export type ContactChannel = 'phone' | 'email';

/** How a call went. Reached and voicemail count as a contact; no answer is only an attempt. */
export const CALL_OUTCOMES = ['reached', 'voicemail', 'no_answer'] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];

const outcomeLabels: Record<CallOutcome, string> = {
  reached: 'Reached',
  voicemail: 'Left a voicemail',
  no_answer: 'No answer',
};

/** "Reached", "Left a voicemail", "No answer"; an unknown value as it is. */
export function callOutcomeLabel(outcome: string): string {
  return outcome in outcomeLabels ? outcomeLabels[outcome as CallOutcome] : outcome;
}

/** The longest note a call keeps (the database's enquiry_replies_note_length). */
export const MAX_CALL_NOTE_LENGTH = 2000;

/**
 * How long the staff area offers Undo after recording a contact: less than the database allows
 * (private.contact_undo_window(), 15 s), so a press near the end still arrives in time.
 */
export const CONTACT_UNDO_MS = 10_000;

const refusals: Record<string, string> = {
  '42501': 'Only staff admins signed in with their authenticator code can reply to enquiries.',
  P0002: 'This enquiry no longer exists.',
};

/** Refusals named by their hint, which say more than the error code alone. */
const hintedRefusals: Record<string, string> = {
  enquiry_contact_undo_not_author: 'Only the staff member who recorded this contact can undo it.',
  enquiry_contact_undo_expired: 'It is too late to undo this; change the record instead.',
  enquiry_contact_not_found: 'This contact is no longer recorded.',
};

function toRpcError(error: { code?: string; message: string; hint?: string }): RpcError {
  const message =
    (error.hint && hintedRefusals[error.hint]) ??
    (error.code && refusals[error.code]) ??
    error.message;
  return new RpcError(error.code, message);
}

/** The reply as the database will store it, or the reason it would be refused. */
export function checkReplyText(
  text: string,
): { ok: true; body: string } | { ok: false; message: string } {
  const body = text.trim();
  if (body === '') return { ok: false, message: 'Write a reply before sending it.' };
  if (body.length > MAX_REPLY_LENGTH) {
    return {
      ok: false,
      message: `A reply can be at most ${MAX_REPLY_LENGTH.toLocaleString('en-GB')} characters.`,
    };
  }
  return { ok: true, body };
}

/** What the database did with a reply: stored it, and sent it or parked it for review. */
export type SentReply = { replyId: string; heldForReview: boolean };

const sentReplySchema = z.object({ reply_id: z.string(), held_for_review: z.boolean() });

/**
 * Sends a reply to the enquirer: the database stores it, queues the e-mail (from the site's
 * address with the caller's name, Reply-To the enquiry's reply address, so their answer comes
 * back to the record) and counts it as the first response when
 * it is one. Past the hourly reply caps the mail is parked for review instead of sent
 * (`heldForReview`). Throws RpcError with a message to show.
 */
export async function sendEnquiryReply(
  client: AppSupabaseClient,
  enquiryId: string,
  text: string,
): Promise<SentReply> {
  const checked = checkReplyText(text);
  if (!checked.ok) throw new RpcError('22023', checked.message);
  const { data, error } = await client.rpc('send_enquiry_reply', {
    _submission_id: enquiryId,
    _body: checked.body,
  });
  if (error) throw toRpcError(error);
  const sent = sentReplySchema.safeParse(data);
  if (!sent.success) throw new RpcError(undefined, 'The database gave no result.');
  return { replyId: sent.data.reply_id, heldForReview: sent.data.held_for_review };
}

/** What a logged call adds: its outcome and, optionally, a note. */
export type CallDetails = { outcome: CallOutcome; note?: string };

/**
 * Records "Log a call" (phone, with its outcome and note) or "Replied by e-mail" from the
 * caller's own mailbox (email) as a contact. A contact that counts moves the last-contacted date,
 * so it is sent with the date this screen showed (`seenLastContacted`): when a colleague changed
 * it since, nothing is recorded and an `EnquiryChangedError` names who and when. Returns the
 * contact's id; throws RpcError with a message to show otherwise.
 */
export async function recordEnquiryContact(
  client: AppSupabaseClient,
  enquiryId: string,
  channel: ContactChannel,
  call: CallDetails | undefined,
  seenLastContacted: string | null,
): Promise<string> {
  const note = call?.note?.trim();
  const { data, error } = await client.rpc('record_enquiry_contact', {
    _submission_id: enquiryId,
    _channel: channel,
    ...(call ? { _outcome: call.outcome } : {}),
    ...(note ? { _note: note } : {}),
    _seen_last_contacted: seenLastContacted as string,
  });
  if (error) {
    const conflict = readConflict(error);
    if (conflict) throw new EnquiryChangedError(conflict, error.message);
    throw toRpcError(error);
  }
  if (typeof data !== 'string') throw new RpcError(undefined, 'The database gave no result.');
  return data;
}

/**
 * Undoes a contact the caller recorded seconds ago; the database restores what it changed.
 * Throws RpcError with a message to show (too late, or someone else's).
 */
export async function undoEnquiryContact(
  client: AppSupabaseClient,
  contactId: string,
): Promise<void> {
  const { error } = await client.rpc('undo_enquiry_contact', { _contact_id: contactId });
  if (error) throw toRpcError(error);
}
