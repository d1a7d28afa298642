import { RpcError } from '@/lib/rpc-error';
import type { AppSupabaseClient } from '@/lib/supabase';

/** What one bulk action does to every selected enquiry (public.bulk_enquiry_action). */
export type BulkAction = 'spam' | 'delete' | 'release';

export type BulkResult = { action: BulkAction; requested: number; count: number };

/** The most enquiries the database takes in one action. */
export const MAX_BULK_ENQUIRIES = 500;

function isBulkResult(value: unknown): value is BulkResult {
  if (typeof value !== 'object' || value === null) return false;
  const { requested, count } = value as Record<string, unknown>;
  return typeof requested === 'number' && typeof count === 'number';
}

/**
 * Applies one action to the enquiries with these ids in one database call, which checks the
 * admin role and second factor and writes one audit entry. Throws RpcError with a message to show.
 */
export async function runBulkAction(
  client: AppSupabaseClient,
  ids: readonly string[],
  action: BulkAction,
): Promise<BulkResult> {
  const { data, error } = await client.rpc('bulk_enquiry_action', {
    _ids: [...ids],
    _action: action,
  });
  if (error) {
    throw new RpcError(
      error.code,
      error.code === '42501'
        ? 'Only staff admins signed in with their authenticator code can change enquiries in bulk.'
        : error.message,
    );
  }
  if (!isBulkResult(data)) throw new RpcError(undefined, 'The database gave no result.');
  return { ...data, action };
}

function enquiries(n: number): string {
  return `${n} ${n === 1 ? 'enquiry' : 'enquiries'}`;
}

/** "3 enquiries marked as spam." and the like, with what was already so. */
export function describeBulkResult({ action, requested, count }: BulkResult): string {
  const done = {
    spam: 'marked as spam',
    delete: 'deleted',
    release: 'released from hold',
  }[action];
  const rest = requested - count;
  const already = {
    spam: 'already spam',
    delete: 'already gone',
    release: 'not held',
  }[action];
  return `${enquiries(count)} ${done}${rest > 0 ? ` (${rest} ${already})` : ''}.`;
}

/** The question a bulk deletion asks before it runs. */
export function deleteConfirmation(count: number): { title: string; description: string } {
  return {
    title: `Delete ${enquiries(count)}?`,
    description: `This deletes the ${count === 1 ? 'selected enquiry' : `${count} selected enquiries`} with their notes, network addresses and notification e-mails. It cannot be undone. One entry in the audit log records the deletion and the count.`,
  };
}
