import * as z from 'zod/mini';

import { isEmailAddress } from '@/lib/email-pattern';
import { RpcError } from '@/lib/rpc-error';
import type { AppSupabaseClient } from '@/lib/supabase';

/**
 * The tables a subject's data can sit in, in the order the summary lists them, and what erasure
 * does to the rows: deletes them, or keeps them and removes the address (notes on other people's
 * enquiries that name it, audit entries).
 */
export const subjectTables = [
  { key: 'contact_submissions', label: 'Enquiries', one: 'enquiry', erasure: 'delete' },
  { key: 'enquiry_notes', label: 'Staff notes', one: 'staff note', erasure: 'delete' },
  {
    key: 'enquiry_notes_mentioning',
    label: 'Other notes naming the address',
    one: 'other note naming the address',
    erasure: 'remove address',
  },
  { key: 'enquiry_sources', label: 'Network addresses', one: 'network address', erasure: 'delete' },
  {
    key: 'enquiry_mail_jobs',
    label: 'Notification e-mails',
    one: 'notification e-mail',
    erasure: 'delete',
  },
  {
    key: 'audit_log',
    label: 'Audit log entries',
    one: 'audit log entry',
    erasure: 'remove address',
  },
] as const;

export type SubjectTable = (typeof subjectTables)[number]['key'];

const count = z.number().check(z.int(), z.nonnegative());

const countsSchema = z.object({
  contact_submissions: count,
  enquiry_notes: count,
  enquiry_notes_mentioning: count,
  enquiry_sources: count,
  enquiry_mail_jobs: count,
  audit_log: count,
});

/** What public.subject_access() returns, checked at the edge; the rest goes to the download. */
const subjectDataSchema = z.looseObject({
  email: z.string(),
  generated_at: z.string(),
  counts: countsSchema,
});

const erasureSchema = z.looseObject({
  contact_submissions: count,
  enquiry_notes: count,
  enquiry_sources: count,
  enquiry_mail_jobs: count,
  enquiry_notes_mentions_removed: count,
  audit_log_scrubbed: count,
});

export type SubjectCounts = z.infer<typeof countsSchema>;
export type SubjectData = z.infer<typeof subjectDataSchema>;
export type ErasureCounts = z.infer<typeof erasureSchema>;

/** The message for a typed address, or null when it can be looked up. */
export function emailProblem(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed === '') return 'Enter the e-mail address the request is about.';
  if (!isEmailAddress(trimmed) || trimmed.length > 255) {
    return 'Enter an e-mail address in the format name@example.com.';
  }
  return null;
}

export class DataRequestError extends RpcError {
  override readonly name = 'DataRequestError';
}

function refusal(error: { code?: string; message: string }): DataRequestError {
  if (error.code === '42501') {
    return new DataRequestError(
      error.code,
      'Only staff admins signed in with their authenticator code can handle data requests.',
    );
  }
  if (error.code === '22023') return new DataRequestError(error.code, error.message);
  return new DataRequestError(error.code, `The request failed: ${error.message}`);
}

/** Everything held about the address; the database records the look-up in the audit log. */
export async function lookUpSubject(
  client: AppSupabaseClient,
  email: string,
): Promise<SubjectData> {
  const { data, error } = await client.rpc('subject_access', { _email: email.trim() });
  if (error) throw refusal(error);
  return subjectDataSchema.parse(data);
}

/** Erases everything held about the address; returns the rows removed or scrubbed per table. */
export async function eraseSubject(
  client: AppSupabaseClient,
  email: string,
): Promise<ErasureCounts> {
  const { data, error } = await client.rpc('erase_subject_data', { _email: email.trim() });
  if (error) throw refusal(error);
  return erasureSchema.parse(data);
}

export function totalHeld(counts: SubjectCounts): number {
  return subjectTables.reduce((sum, { key }) => sum + counts[key], 0);
}

function listed(parts: string[]): string {
  if (parts.length === 0) return 'nothing';
  if (parts.length === 1) return parts[0]!;
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

function counted(n: number, one: string, many: string): string {
  return n === 1 ? `1 ${one}` : `${n} ${many}`;
}

/**
 * "2 enquiries, 1 staff note and 3 notification e-mails" (empty and absent ones left out); with
 * `erasure`, only the tables that erasure treats that way.
 */
export function describeCounts(
  counts: Partial<Record<SubjectTable, number>>,
  erasure?: (typeof subjectTables)[number]['erasure'],
): string {
  return listed(
    subjectTables.flatMap(({ key, label, one, erasure: treatment }) => {
      const n = counts[key] ?? 0;
      if (n === 0 || (erasure && treatment !== erasure)) return [];
      return [counted(n, one, label.toLowerCase())];
    }),
  );
}

/** What erasing the address found in `counts` will do, for the confirmation. */
export function erasureWarning(counts: SubjectCounts): string {
  const notes = counts.enquiry_notes_mentioning;
  const fromNotes =
    notes > 0
      ? `, removes the address from the text of ${counted(notes, 'other staff note', 'other staff notes')}`
      : '';
  return `This deletes ${describeCounts(counts, 'delete')} held for this address${fromNotes}${
    fromNotes ? ' and from' : ' and removes the address from'
  } the audit log. It cannot be undone.`;
}

/** What an erasure did, after "Erased all data held for <address>: ". */
export function erasureDone(counts: ErasureCounts): string {
  const removed = [
    ...(counts.enquiry_notes_mentions_removed > 0
      ? [counted(counts.enquiry_notes_mentions_removed, 'other staff note', 'other staff notes')]
      : []),
    ...(counts.audit_log_scrubbed > 0
      ? [counted(counts.audit_log_scrubbed, 'audit log entry', 'audit log entries')]
      : []),
  ];
  return `${describeCounts(counts, 'delete')} deleted${
    removed.length > 0 ? `, and the address removed from ${listed(removed)}` : ''
  }.`;
}
