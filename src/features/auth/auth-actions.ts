import type { AuthError } from '@supabase/supabase-js';

import { authMessages } from '@/features/auth/auth-messages';
import type { SignInValues, SignUpValues } from '@/features/auth/auth-schemas';
import { logAuditEvent } from '@/lib/audit-log';
import { clearAllDrafts } from '@/lib/staff-drafts';
import type { AppSupabaseClient } from '@/lib/supabase';

/** What a sign-in or sign-up came to; the form turns it into a toast. */
export type AuthResult =
  | { kind: 'success' }
  | { kind: 'already_registered' }
  | { kind: 'failed'; message: string }
  | { kind: 'error'; message: string };

/** The message of something thrown, or the generic one when it has none. */
export function thrownMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : authMessages.unexpected;
}

function isAlreadyRegistered(error: AuthError): boolean {
  return error.code === 'user_already_exists' || /already registered/i.test(error.message);
}

/** A refusal: what the form reports, and the reason the audit entry records. */
type Refusal = { result: Exclude<AuthResult, { kind: 'success' | 'error' }>; reason: string };

/**
 * Runs one sign-up or sign-in and records it as `auth_{step}_success`, `_failed` (with the
 * server's reason) or `_error` (with the thrown message), always with the e-mail address and
 * never the password.
 */
async function audited(
  client: AppSupabaseClient,
  step: 'sign_up' | 'sign_in',
  email: string,
  send: () => Promise<Refusal | null>,
): Promise<AuthResult> {
  try {
    const refusal = await send();
    if (refusal) {
      await logAuditEvent(client, {
        action: `auth_${step}_failed`,
        details: { email, error: refusal.reason },
      });
      return refusal.result;
    }
    await logAuditEvent(client, { action: `auth_${step}_success`, details: { email } });
    return { kind: 'success' };
  } catch (error) {
    const message = thrownMessage(error);
    await logAuditEvent(client, {
      action: `auth_${step}_error`,
      details: { email, error: message },
    });
    return { kind: 'error', message };
  }
}

/**
 * Sign-up with e-mail confirmation. An address that already has an account comes back either as
 * 422 user_already_exists or, when confirmations are on, as a 200 whose user has no identities
 * (GoTrue's way of not revealing the account): both are reported as already registered.
 */
export function signUpWithEmail(
  client: AppSupabaseClient,
  { fullName, email, password }: SignUpValues,
  emailRedirectTo: string,
): Promise<AuthResult> {
  return audited(client, 'sign_up', email, async () => {
    const { data, error } = await client.auth.signUp({
      email,
      password,
      options: { emailRedirectTo, data: { full_name: fullName } },
    });
    if (error) {
      return {
        reason: error.message,
        result: isAlreadyRegistered(error)
          ? { kind: 'already_registered' }
          : { kind: 'failed', message: error.message },
      };
    }
    if (data.user && data.user.identities?.length === 0) {
      return { reason: 'already registered', result: { kind: 'already_registered' } };
    }
    return null;
  });
}

export function signInWithEmail(
  client: AppSupabaseClient,
  { email, password }: SignInValues,
): Promise<AuthResult> {
  return audited(client, 'sign_in', email, async () => {
    const { error } = await client.auth.signInWithPassword({ email, password });
    return error
      ? { reason: error.message, result: { kind: 'failed', message: error.message } }
      : null;
  });
}

/**
 * Ends the session (all of the user's sessions, GoTrue's default). If the server refuses, the
 * local session is dropped anyway so the browser is signed out. A sign-out from the staff area
 * is recorded as auth_staff_sign_out: admin_* entries are written only by the database. The
 * staff drafts this browser keeps (lib/staff-drafts) go first, so the next person sees none.
 */
export async function signOutEverywhere(
  client: AppSupabaseClient,
  action: 'auth_staff_sign_out' | 'auth_sign_out',
): Promise<void> {
  clearAllDrafts();
  await logAuditEvent(client, { action });
  const { error } = await client.auth.signOut();
  if (error) {
    console.warn('Sign-out failed on the server; signing out locally', error.message);
    await client.auth.signOut({ scope: 'local' });
  }
}
