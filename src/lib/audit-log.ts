import type { TablesInsert } from '@/lib/database.types';
import type { AppSupabaseClient } from '@/lib/supabase';

/**
 * Audit logging of the events the browser sees (sign-in, sign-up, second factor, sign-out and
 * enquiries): every event is written to the console; it is also stored in public.audit_log when
 * a user is signed in, because the table's policy only accepts entries about the caller. Without
 * a user the insert is skipped with a warning; events of the public site (an enquiry) use
 * logSignedInAuditEvent, which leaves a visitor's console alone.
 *
 * The database accepts from a browser only the actions listed in private.audit_browser_actions
 * (the list below), with details a flat object of at most 1 KB, and a few dozen entries an hour;
 * admin actions are recorded by the database itself.
 *
 * Never throws: an audit failure (a refusal included) must not break the action it records.
 */

/** The actions a browser may record; the same list as private.audit_browser_actions. */
export const BROWSER_AUDIT_ACTIONS = [
  'auth_sign_up_success',
  'auth_sign_up_failed',
  'auth_sign_up_error',
  'auth_sign_in_success',
  'auth_sign_in_failed',
  'auth_sign_in_error',
  'auth_mfa_enrolled',
  'auth_mfa_verified',
  'auth_mfa_failed',
  'auth_sign_out',
  'auth_staff_sign_out',
  'contact_form_submitted',
  'contact_form_failed',
] as const;

export type AuditAction = (typeof BROWSER_AUDIT_ACTIONS)[number];

/** A detail value: the database refuses nested objects and arrays. */
export type AuditDetail = string | number | boolean | null;

export type AuditEvent = {
  action: AuditAction;
  resource?: string;
  resourceId?: string;
  /** Extra facts as a flat object; never passwords. */
  details?: Record<string, AuditDetail | undefined>;
};

export type AuditEntry = {
  timestamp: string;
  userId: string | null;
  userEmail: string | null;
  action: AuditAction;
  resource: string | null;
  resourceId: string | null;
  details: Record<string, AuditDetail> | null;
  userAgent: string | null;
};

const MAX_USER_AGENT = 512;
/** Longest text kept in one detail, so an entry stays under the database's 1 KB cap. */
export const MAX_DETAIL_TEXT = 200;

/** The details without undefined values, each text cut to MAX_DETAIL_TEXT characters. */
function boundedDetails(details: AuditEvent['details']): Record<string, AuditDetail> | null {
  if (!details) return null;
  const bounded: Record<string, AuditDetail> = {};
  for (const [key, value] of Object.entries(details)) {
    if (value === undefined) continue;
    bounded[key] = typeof value === 'string' ? value.slice(0, MAX_DETAIL_TEXT) : value;
  }
  return bounded;
}

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

function entryOf(user: { id: string; email: string | null } | null, event: AuditEvent): AuditEntry {
  return {
    timestamp: new Date().toISOString(),
    userId: user?.id ?? null,
    userEmail: user?.email ?? null,
    action: event.action,
    resource: event.resource ?? null,
    resourceId: event.resourceId ?? null,
    details: boundedDetails(event.details),
    userAgent: currentUserAgent(),
  };
}

async function store(
  client: AppSupabaseClient,
  user: { id: string; email: string | null },
  entry: AuditEntry,
): Promise<void> {
  const row: TablesInsert<'audit_log'> = {
    user_id: user.id,
    user_email: user.email,
    action: entry.action,
    resource: entry.resource,
    resource_id: entry.resourceId,
    details: entry.details,
    user_agent: entry.userAgent,
  };
  try {
    // No .select(): returning the row would need a read policy users do not have.
    const { error } = await client.from('audit_log').insert(row);
    if (error) console.warn(`[audit] ${entry.action} not stored: ${error.message}`);
  } catch (error) {
    console.warn(`[audit] ${entry.action} not stored:`, error);
  }
}

export async function logAuditEvent(
  client: AppSupabaseClient | null,
  event: AuditEvent,
): Promise<AuditEntry> {
  const user = await currentUser(client);
  const entry = entryOf(user, event);
  console.info('[audit]', entry);

  if (!client || !user) {
    console.warn(`[audit] ${event.action} not stored: no signed-in user`);
    return entry;
  }
  await store(client, user, entry);
  return entry;
}

/**
 * The same as logAuditEvent for a signed-in user; for anyone else nothing at all, not even a line
 * in the console: for events a visitor causes (an enquiry), which the database could never store
 * for them. Null when nothing was recorded.
 */
export async function logSignedInAuditEvent(
  client: AppSupabaseClient | null,
  event: AuditEvent,
): Promise<AuditEntry | null> {
  const user = await currentUser(client);
  if (!client || !user) return null;
  const entry = entryOf(user, event);
  console.info('[audit]', entry);
  await store(client, user, entry);
  return entry;
}
