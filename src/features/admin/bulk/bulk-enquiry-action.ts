import type { Enquiry } from '@/features/admin/list/list-enquiries';
import {
  ENQUIRY_STATUSES,
  statusLabel,
  type EnquiryStatus,
} from '@/features/admin/shared/enquiry-status';
import { RpcError } from '@/lib/rpc-error';
import type { AppSupabaseClient } from '@/lib/supabase';

/** What one bulk action does to every selected enquiry (public.bulk_enquiry_action). */
export type BulkAction = 'assign' | 'status' | 'spam' | 'not_spam' | 'release' | 'delete';

/** A status the bulk status action sets: spam has its own action, which "Not spam" can undo. */
export type WorkflowStatus = Exclude<EnquiryStatus, 'spam'>;

export const WORKFLOW_STATUSES = ENQUIRY_STATUSES.filter(
  (status): status is WorkflowStatus => status !== 'spam',
);

/** The actions that take no value. */
type PlainBulkAction = 'spam' | 'not_spam' | 'release' | 'delete';

/** One action with the value it needs: an assignee (null unassigns) or a status. */
export type BulkRequest =
  | { action: PlainBulkAction }
  | { action: 'assign'; assignee: string | null }
  | { action: 'status'; status: WorkflowStatus };

/** A row a bulk action left alone because it had changed since the list showed it. */
export type SkippedRow = {
  id: string;
  /** The status or assignee it holds now. */
  current: string | null;
  changedBy: string | null;
  changedAt: string | null;
};

export type BulkResult = {
  action: BulkAction;
  requested: number;
  count: number;
  /** Rows changed by someone else since they were seen, left as they are (none: empty). */
  skipped?: SkippedRow[];
  /** not_spam: how many went back to each status, in the workflow's order. */
  restored?: { status: string; count: number }[];
};

/** The most enquiries the database takes in one action. */
export const MAX_BULK_ENQUIRIES = 100;

/** Which list the selection was made in: spam alone, or the workflow's statuses. */
export type BulkView = 'spam' | 'workflow';

/**
 * The actions the bar offers, in order. In the spam list the way back is "Not spam" (and marking
 * spam again means nothing); elsewhere no row is spam, so "Not spam" would do nothing.
 */
export function offeredBulkActions(view: BulkView, heldCount: number): BulkAction[] {
  const release: BulkAction[] = heldCount > 0 ? ['release'] : [];
  return view === 'spam'
    ? ['not_spam', ...release, 'delete']
    : ['assign', 'status', 'spam', ...release, 'delete'];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function restoredFrom(changes: unknown): BulkResult['restored'] {
  if (!Array.isArray(changes)) return [];
  const rank = (status: string) => (ENQUIRY_STATUSES as readonly string[]).indexOf(status);
  return changes
    .filter(isRecord)
    .map((change) => ({
      status: String(change.to),
      count: Array.isArray(change.ids) ? change.ids.length : 0,
    }))
    .sort((a, b) => rank(a.status) - rank(b.status));
}

function skippedFrom(rows: unknown): SkippedRow[] {
  if (!Array.isArray(rows)) return [];
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  return rows.filter(isRecord).map((row) => ({
    id: String(row.id),
    current: text(row.current),
    changedBy: text(row.changed_by),
    changedAt: text(row.changed_at),
  }));
}

/**
 * What the list showed of each row for an action that could replace a colleague's change: the
 * assignee for assign, the status for status and spam; nothing for the others.
 */
export function seenFor(
  action: BulkAction,
  rows: readonly Pick<Enquiry, 'id' | 'status' | 'assigned_to'>[],
): Record<string, string | null> | undefined {
  if (action === 'assign') return Object.fromEntries(rows.map((row) => [row.id, row.assigned_to]));
  if (action === 'status' || action === 'spam') {
    return Object.fromEntries(rows.map((row) => [row.id, row.status]));
  }
  return undefined;
}

function valueOf(request: BulkRequest): string | undefined {
  if (request.action === 'assign') return request.assignee ?? undefined;
  if (request.action === 'status') return request.status;
  return undefined;
}

/**
 * Applies one action to the enquiries with these ids in one database call, which checks the
 * admin role and second factor, the value, and writes one audit entry. Throws RpcError with a
 * message to show.
 */
export async function runBulkAction(
  client: AppSupabaseClient,
  ids: readonly string[],
  action: BulkRequest | PlainBulkAction,
  seen?: Record<string, string | null>,
): Promise<BulkResult> {
  const request: BulkRequest = typeof action === 'string' ? { action } : action;
  const value = valueOf(request);
  const { data, error } = await client.rpc('bulk_enquiry_action', {
    _ids: [...ids],
    _action: request.action,
    ...(value === undefined ? {} : { _value: value }),
    ...(seen === undefined ? {} : { _seen: seen }),
  });
  if (error) {
    throw new RpcError(
      error.code,
      error.code === '42501'
        ? 'Only staff admins signed in with their authenticator code can change enquiries in bulk.'
        : error.message,
    );
  }
  if (!isRecord(data) || typeof data.requested !== 'number' || typeof data.count !== 'number') {
    throw new RpcError(undefined, 'The database gave no result.');
  }
  const result: BulkResult = {
    action: request.action,
    requested: data.requested,
    count: data.count,
    skipped: skippedFrom(data.skipped),
  };
  if (request.action === 'not_spam') result.restored = restoredFrom(data.changes);
  return result;
}

function enquiries(n: number): string {
  return `${n} ${n === 1 ? 'enquiry' : 'enquiries'}`;
}

type Wording = { done: string; rest: string };

function wordingFor(result: BulkResult, value: string | undefined): Wording {
  switch (result.action) {
    case 'assign':
      return value
        ? { done: `assigned to ${value}`, rest: `already assigned to ${value}` }
        : { done: 'unassigned', rest: 'already unassigned' };
    case 'status': {
      const label = statusLabel(value ?? '');
      return { done: `set to ${label}`, rest: `already ${label}` };
    }
    case 'spam':
      return { done: 'marked as spam', rest: 'already spam' };
    case 'not_spam':
      return { done: 'marked as not spam', rest: 'not spam' };
    case 'release':
      return { done: 'released from hold', rest: 'not held' };
    case 'delete':
      return { done: 'deleted', rest: 'already gone' };
  }
}

/**
 * "2 enquiries assigned to Alex Lead." and the like, with what was already so. `value` is the
 * assignee's name (none: unassigned) or the status set; "Not spam" says where each one went.
 */
export function describeBulkResult(result: BulkResult, value?: string): string {
  const { done, rest } = wordingFor(result, value);
  const unchanged = result.requested - result.count - (result.skipped?.length ?? 0);
  const back = (result.restored ?? [])
    .filter((each) => each.count > 0)
    .map((each) => `${each.count} back to ${statusLabel(each.status)}`)
    .join(', ');
  return `${enquiries(result.count)} ${done}${back ? `: ${back}` : ''}${
    unchanged > 0 ? ` (${unchanged} ${rest})` : ''
  }.`;
}

/**
 * "Not changed, because a colleague changed them after the list loaded: Ada Lovelace (now Won,
 * by Sam Lee)." `nameOf` gives a row's name, `valueLabel` a status or assignee in words.
 */
export function describeSkipped(
  skipped: readonly SkippedRow[],
  nameOf: (id: string) => string,
  valueLabel: (value: string | null) => string,
): string | null {
  if (skipped.length === 0) return null;
  const rows = skipped.map((row) => {
    const by = row.changedBy ? `, by ${row.changedBy}` : '';
    return `${nameOf(row.id)} (now ${valueLabel(row.current)}${by})`;
  });
  const them = skipped.length === 1 ? 'it' : 'them';
  return `${enquiries(skipped.length)} not changed, because someone changed ${them} after the list loaded: ${rows.join('; ')}.`;
}

/** The question a bulk deletion asks before it runs. */
export function deleteConfirmation(count: number): { title: string; description: string } {
  return {
    title: `Delete ${enquiries(count)}?`,
    description: `This deletes the ${count === 1 ? 'selected enquiry' : `${count} selected enquiries`} with their notes, network addresses and notification e-mails. It cannot be undone. One entry in the audit log records the deletion and the count.`,
  };
}

/** The titles of the assign and status dialogs, which name the count as the deletion does. */
export function choiceTitle(action: 'assign' | 'status', count: number): string {
  return action === 'assign'
    ? `Assign ${enquiries(count)}`
    : `Set the status of ${enquiries(count)}`;
}
