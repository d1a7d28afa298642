import type { Json, TablesInsert } from '@/lib/database.types';
import type { AppSupabaseClient } from '@/lib/supabase';

/**
 * Audit logging of sign-in, sign-up, sign-out, enquiries and admin actions: every event is
 * written to the console; it is also stored in public.audit_log when a user is signed in,
 * because the table's policy only accepts entries about the caller. Without a user the insert
 * is skipped with a warning.
 *
 * Never throws: an audit failure must not break the action it records.
 */

/** Matches the table's check constraint: admin_*, auth_* or contact_*, lower case. */
export type AuditAction = `${'admin' | 'auth' | 'contact'}_${string}`;

export type AuditEvent = {
  action: AuditAction;
  resource?: string;
  resourceId?: string;
  /** Extra facts as a flat object; never passwords. */
  details?: Record<string, Json | undefined>;
};

export type AuditEntry = {
  timestamp: string;
  userId: string | null;
  userEmail: string | null;
  action: AuditAction;
  resource: string | null;
  resourceId: string | null;
  details: Record<string, Json | undefined> | null;
  userAgent: string | null;
};

const MAX_USER_AGENT = 512;

function currentUserAgent(): string | null {
  if (typeof navigator === 'undefined' || !navigator.userAgent) return null;
  return navigator.userAgent.slice(0, MAX_USER_AGENT);
}

async function currentUser(
  client: AppSupabaseClient | null,
): Promise<{ id: string; email: string | null } | null> {
  if (!client) return null;
  try {
    const { data } = await client.auth.getSession();
    const user = data.session?.user;
    return user ? { id: user.id, email: user.email ?? null } : null;
  } catch {
    return null;
  }
}

export async function logAuditEvent(
  client: AppSupabaseClient | null,
  event: AuditEvent,
): Promise<AuditEntry> {
  const user = await currentUser(client);
  const entry: AuditEntry = {
    timestamp: new Date().toISOString(),
    userId: user?.id ?? null,
    userEmail: user?.email ?? null,
    action: event.action,
    resource: event.resource ?? null,
    resourceId: event.resourceId ?? null,
    details: event.details ?? null,
    userAgent: currentUserAgent(),
  };
  console.info('[audit]', entry);

  if (!client || !user) {
    console.warn(`[audit] ${event.action} not stored: no signed-in user`);
    return entry;
  }

  const row: TablesInsert<'audit_log'> = {
    user_id: user.id,
    user_email: user.email,
    action: entry.action,
    resource: entry.resource,
    resource_id: entry.resourceId,
    details: (entry.details as Json) ?? null,
    user_agent: entry.userAgent,
  };
  try {
    // No .select(): returning the row would need a read policy users do not have.
    const { error } = await client.from('audit_log').insert(row);
    if (error) console.warn(`[audit] ${event.action} not stored: ${error.message}`);
  } catch (error) {
    console.warn(`[audit] ${event.action} not stored:`, error);
  }
  return entry;
}
