import * as z from 'zod/mini';

import { londonDay } from '@/components/ui/staff-date';
import { readChangedSinceSeen } from '@/features/admin/record/enquiry-workflow';
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

/** What became of the follow-up a screen showed: a colleague set, replaced, marked done or cleared one. */
export type FollowUpChange = 'set' | 'replaced' | 'done' | 'cleared';

/** What the database says about a follow-up change refused because the follow-ups changed since. */
export type FollowUpConflict = {
  /** The open follow-up the screen showed (null for none). */
  seen: string | null;
  /** The enquiry's open follow-up now, or null when none is open. */
  current: EnquiryFollowUp | null;
  change: FollowUpChange | null;
  /** Who made that change (the staff name, else their address), and when. */
  changedBy: string | null;
  changedAt: string | null;
};

/** A follow-up set or closed over a colleague's newer change: refused, with what happened. */
export class FollowUpChangedError extends RpcError {
  constructor(
    readonly conflict: FollowUpConflict,
    message: string,
  ) {
    super('P0001', message);
    this.name = 'FollowUpChangedError';
  }
}

const followUpRowSchema = z.object({
  id: z.string(),
  due_on: z.string(),
  note: z.nullable(z.string()),
  state: z.string(),
  created_at: z.string(),
  set_by: z.nullable(z.string()),
  set_by_email: z.nullable(z.string()),
  closed_at: z.nullable(z.string()),
  closed_by_email: z.nullable(z.string()),
});

const followUpConflictSchema = z.object({
  field: z.literal('follow_up'),
  seen: z.nullable(z.string()),
  current: z.nullable(followUpRowSchema),
  change: z.nullable(z.enum(['set', 'replaced', 'done', 'cleared'])),
  changed_by: z.optional(z.nullable(z.string())),
  changed_at: z.optional(z.nullable(z.string())),
});

/** The refusal's details (hint enquiry_changed_since_seen, field follow_up), or null. */
export function readFollowUpConflict(error: {
  hint?: string | null;
  details?: string | null;
}): FollowUpConflict | null {
  const details = readChangedSinceSeen(error, followUpConflictSchema);
  if (!details) return null;
  const { seen, current, change, changed_by, changed_at } = details;
  return {
    seen,
    current: current
      ? {
          id: current.id,
          due_on: current.due_on,
          note: current.note,
          state: current.state,
          created_at: current.created_at,
          set_by: current.set_by,
          set_by_email: current.set_by_email,
          closed_at: current.closed_at,
          closed_by_email: current.closed_by_email,
        }
      : null,
    change,
    changedBy: changed_by ?? null,
    changedAt: changed_at ?? null,
  };
}

function followUpFailure(error: {
  code?: string;
  message: string;
  hint?: string | null;
  details?: string | null;
}): RpcError {
  const conflict = readFollowUpConflict(error);
  return conflict
    ? new FollowUpChangedError(conflict, error.message)
    : new RpcError(error.code, error.message);
}

/**
 * Sets the enquiry's follow-up; an empty note is none. `replaces` is the open follow-up this
 * screen showed (null for none): the database replaces the open one only while it is that one,
 * and otherwise refuses with a `FollowUpChangedError` naming who changed it.
 */
export async function setFollowUp(
  client: AppSupabaseClient,
  enquiryId: string,
  dueOn: string,
  note: string,
  replaces: string | null,
): Promise<string> {
  const { data, error } = await client.rpc('set_enquiry_follow_up', {
    _submission_id: enquiryId,
    _due_on: dueOn,
    _note: note,
    _replaces: replaces as string,
  });
  if (error) throw followUpFailure(error);
  return data;
}

/**
 * Marks an open follow-up done, or clears it from the record; one a colleague closed or replaced
 * since is refused with a `FollowUpChangedError` naming who and when.
 */
export async function closeFollowUp(
  client: AppSupabaseClient,
  followUpId: string,
  outcome: 'done' | 'cleared',
): Promise<void> {
  const { error } = await client.rpc('close_enquiry_follow_up', {
    _follow_up_id: followUpId,
    _outcome: outcome,
  });
  if (error) throw followUpFailure(error);
}

/** Open follow-ups due today or earlier (London), the oldest first (admins only). */
export async function listFollowUpsDue(client: AppSupabaseClient): Promise<FollowUpDue[]> {
  const { data, error } = await client.rpc('enquiry_follow_ups_due');
  if (error) throw new RpcError(error.code, error.message);
  return data ?? [];
}
