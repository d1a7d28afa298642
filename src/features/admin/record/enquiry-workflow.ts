import * as z from 'zod/mini';

import { EnquiriesQueryError, type Enquiry } from '@/features/admin/list/list-enquiries';
import type { Tables, TablesUpdate } from '@/lib/database.types';
import type { AppSupabaseClient } from '@/lib/supabase';

export type EnquiryNote = Pick<
  Tables<'enquiry_notes'>,
  'id' | 'created_at' | 'author_id' | 'author_email' | 'body'
>;
/** A staff account as `list_staff()` returns it; display_name is null until a name is set. */
export type StaffMember = { id: string; email: string; display_name?: string | null };
export type WorkflowChange = Pick<
  TablesUpdate<'contact_submissions'>,
  'status' | 'assigned_to' | 'last_contacted_at'
>;
/** The fields the dialog saves one at a time, each as soon as it changes. */
export type WorkflowField = keyof WorkflowChange;
/** One field and its new value, e.g. { field: 'status', value: 'won' }. */
export type FieldChange = {
  [Field in WorkflowField]: { field: Field; value: Enquiry[Field] };
}[WorkflowField];

/** The database's note rule (enquiry_notes_body_*): trimmed, 1 to 5000 characters. */
export const MAX_NOTE_LENGTH = 5000;

export const noteSchema = z.string().check(
  z.overwrite((text) => text.trim()),
  z.minLength(1, 'Write a note before adding it.'),
  z.maxLength(MAX_NOTE_LENGTH, `A note can be at most ${MAX_NOTE_LENGTH} characters.`),
);

const staffSchema = z.array(
  z.object({ id: z.string(), email: z.string(), display_name: z.optional(z.nullable(z.string())) }),
);

/** How a staff member is offered in a list: "Name (address)", or the address alone. */
export function staffLabel(member: StaffMember): string {
  const name = member.display_name?.trim();
  return name ? `${name} (${member.email})` : member.email;
}

/** A note's author by name when the staff list knows it, else the address kept on the note. */
export function noteAuthor(note: EnquiryNote, staff: readonly StaffMember[]): string | null {
  const name = staff.find((member) => member.id === note.author_id)?.display_name?.trim();
  return name || note.author_email;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A deep link's id is only sent when it looks like a key, so a typo is "not found", not a 400. */
export function isEnquiryId(value: string): boolean {
  return UUID.test(value);
}

/** One enquiry by id, or null when there is none (or the id is malformed). */
export async function getEnquiry(client: AppSupabaseClient, id: string): Promise<Enquiry | null> {
  if (!isEnquiryId(id)) return null;
  const { data, error } = await client
    .from('contact_submissions')
    .select('*')
    .eq('id', id)
    .limit(1);
  if (error) throw new EnquiriesQueryError(error);
  return data?.[0] ?? null;
}

/** What the database says about a change refused because the field changed after it was seen. */
export type EnquiryConflict = {
  field: WorkflowField;
  /** The field's value now, as the database holds it. */
  current: FieldChange['value'];
  /** Who changed it last (the staff name), and when; null when the log holds no entry. */
  changedBy: string | null;
  changedAt: string | null;
  /** The whole enquiry as it is now, for the screen to show. */
  enquiry: Enquiry;
};

/** A save refused because a colleague (or another tab) changed the field since it was seen. */
export class EnquiryChangedError extends EnquiriesQueryError {
  constructor(
    readonly conflict: EnquiryConflict,
    message: string,
  ) {
    super({ message, code: 'P0001' });
    this.name = 'EnquiryChangedError';
  }
}

const conflictSchema = z.object({
  field: z.enum(['status', 'assigned_to', 'last_contacted_at']),
  current: z.nullable(z.string()),
  changed_by: z.optional(z.nullable(z.string())),
  changed_at: z.optional(z.nullable(z.string())),
  enquiry: z.record(z.string(), z.unknown()),
});

/**
 * The details of a refusal over a colleague's change (hint enquiry_changed_since_seen), read by
 * `schema`; null for any other error, or details of another shape.
 */
export function readChangedSinceSeen<T>(
  error: { hint?: string | null; details?: string | null },
  schema: z.ZodMiniType<T>,
): T | null {
  if (error.hint !== 'enquiry_changed_since_seen' || !error.details) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(error.details);
  } catch {
    return null;
  }
  const checked = schema.safeParse(parsed);
  return checked.success ? checked.data : null;
}

/** The refusal's details, or null when the error is another one. */
export function readConflict(error: {
  hint?: string | null;
  details?: string | null;
}): EnquiryConflict | null {
  const details = readChangedSinceSeen(error, conflictSchema);
  if (!details) return null;
  const { field, current, changed_by, changed_at, enquiry } = details;
  return {
    field,
    current,
    changedBy: changed_by ?? null,
    changedAt: changed_at ?? null,
    enquiry: enquiry as Enquiry,
  } as EnquiryConflict;
}

/**
 * Saves one workflow field and nothing else, and only while it still holds `seen` (what this
 * screen showed): the database refuses a change over one made since, with an
 * `EnquiryChangedError` naming who made it. A change to one field never conflicts with another
 * field's. Null when the enquiry is gone.
 */
export async function saveEnquiryField(
  client: AppSupabaseClient,
  id: string,
  change: FieldChange,
  seen: FieldChange['value'],
): Promise<Enquiry | null> {
  const { data, error } = await client.rpc('save_enquiry_field', {
    _submission_id: id,
    _field: change.field,
    _value: change.value as string,
    _seen: seen as string,
  });
  if (error) {
    const conflict = readConflict(error);
    if (conflict) throw new EnquiryChangedError(conflict, error.message);
    throw new EnquiriesQueryError(error);
  }
  return (data as Enquiry | null) ?? null;
}

/** The notes of an enquiry, newest first. */
export async function listNotes(client: AppSupabaseClient, id: string): Promise<EnquiryNote[]> {
  const { data, error } = await client
    .from('enquiry_notes')
    .select('id, created_at, author_id, author_email, body')
    .eq('submission_id', id)
    .order('created_at', { ascending: false })
    .order('id', { ascending: true });
  if (error) throw new EnquiriesQueryError(error);
  return data ?? [];
}

/** Adds a note as the signed-in admin (the database stamps the author and time). */
export async function addNote(
  client: AppSupabaseClient,
  id: string,
  body: string,
): Promise<EnquiryNote> {
  const { data, error } = await client
    .from('enquiry_notes')
    .insert({ submission_id: id, body: noteSchema.parse(body) })
    .select('id, created_at, author_id, author_email, body');
  if (error) throw new EnquiriesQueryError(error);
  const note = data?.[0];
  if (!note) throw new EnquiriesQueryError({ message: 'The note was not saved.' });
  return note;
}

/** The staff an enquiry can be assigned to. */
export async function listStaff(client: AppSupabaseClient): Promise<StaffMember[]> {
  const { data, error } = await client.rpc('list_staff');
  if (error) throw new EnquiriesQueryError(error);
  return staffSchema.parse(data ?? []);
}
