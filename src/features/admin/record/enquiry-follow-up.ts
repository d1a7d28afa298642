import * as z from 'zod/mini';

import { londonDay } from '@/components/ui/staff-date';
import { formatDate } from '@/features/admin/shared/enquiry-format';
import type { Database, Tables } from '@/lib/database.types';
import { RpcError } from '@/lib/rpc-error';
import type { AppSupabaseClient } from '@/lib/supabase';

/** One follow-up of an enquiry as the record shows it. */
export type EnquiryFollowUp = Pick<
  Tables<'enquiry_follow_ups'>,
  | 'id'
  | 'due_on'
  | 'note'
  | 'state'
  | 'created_at'
  | 'set_by'
  | 'set_by_email'
  | 'closed_at'
  | 'closed_by_email'
>;

type DueRow = Database['public']['Functions']['enquiry_follow_ups_due']['Returns'][number];

/**
 * An open follow-up due today or earlier, with its enquiry. The type generator types every column
 * of a `returns table` function as set, but a follow-up may have no note and its enquiry no
 * assignee.
 */
export type FollowUpDue = Omit<
  DueRow,
  'note' | 'assigned_to' | 'assignee_email' | 'set_by_email'
> & {
  note: string | null;
  assigned_to: string | null;
  assignee_email: string | null;
  set_by_email: string | null;
};

/** The database's note rule (enquiry_follow_ups_note_*): trimmed, at most 5000, or none. */
export const MAX_FOLLOW_UP_NOTE_LENGTH = 5000;

/** Today in London (the day a follow-up is due on), as YYYY-MM-DD. */
export function londonToday(now: Date = new Date()): string {
  return londonDay(now);
}

/** A follow-up's day, day first: "02 Dec 2026". */
export function formatFollowUpDay(dueOn: string): string {
  return formatDate(`${dueOn}T12:00:00Z`);
}

/** What the record's form sends, checked as the database checks it (as of `today`). */
export function followUpSchema(today: string) {
  return z.object({
    dueOn: z.string().check(
      z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Choose the day to follow up.'),
      z.refine((day) => day >= today, 'Choose today or a later date for the follow-up.'),
    ),
    note: z.string().check(
      z.overwrite((text) => text.trim()),
      z.maxLength(
        MAX_FOLLOW_UP_NOTE_LENGTH,
        `A follow-up note can be at most ${MAX_FOLLOW_UP_NOTE_LENGTH} characters.`,
      ),
    ),
  });
}

/** The enquiry's follow-ups, the newest first: the open one (if any), then the history. */
export async function listFollowUps(
  client: AppSupabaseClient,
  enquiryId: string,
): Promise<EnquiryFollowUp[]> {
  const { data, error } = await client
    .from('enquiry_follow_ups')
    .select('id, due_on, note, state, created_at, set_by, set_by_email, closed_at, closed_by_email')
    .eq('submission_id', enquiryId)
    .order('created_at', { ascending: false })
    .order('id', { ascending: true });
  if (error) throw new RpcError(error.code, error.message);
  return data ?? [];
}

/** Sets the enquiry's follow-up (replacing an open one); an empty note is none. */
export async function setFollowUp(
  client: AppSupabaseClient,
  enquiryId: string,
  dueOn: string,
  note: string,
): Promise<string> {
  const { data, error } = await client.rpc('set_enquiry_follow_up', {
    _submission_id: enquiryId,
    _due_on: dueOn,
    _note: note,
  });
  if (error) throw new RpcError(error.code, error.message);
  return data;
}

/** Marks an open follow-up done, or clears it from the record. */
export async function closeFollowUp(
  client: AppSupabaseClient,
  followUpId: string,
  outcome: 'done' | 'cleared',
): Promise<void> {
  const { error } = await client.rpc('close_enquiry_follow_up', {
    _follow_up_id: followUpId,
    _outcome: outcome,
  });
  if (error) throw new RpcError(error.code, error.message);
}

/** Open follow-ups due today or earlier (London), the oldest first (admins only). */
export async function listFollowUpsDue(client: AppSupabaseClient): Promise<FollowUpDue[]> {
  const { data, error } = await client.rpc('enquiry_follow_ups_due');
  if (error) throw new RpcError(error.code, error.message);
  return data ?? [];
}
