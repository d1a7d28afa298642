import type { SupabaseClient } from '@supabase/supabase-js';
import type { LocalSupabase } from '../../../supabase/local/server.ts';
import { createUser, signedInClient } from './backend.ts';
import type { CreatedUser, TestBackend } from './backend.ts';
import { enrollVerifiedTotp } from './mfa.ts';
import type { EnrolledTotp } from './mfa.ts';

/**
 * Signs in a user who already holds the admin role, enrols a TOTP factor and verifies it: the
 * returned client holds an aal2 session, the only kind the database treats as an admin's.
 * Call it once per user (a second enrolment would need an aal2 session already).
 */
export async function adminClient(
  backend: Pick<LocalSupabase, 'url' | 'anonKey'>,
  email: string,
  password: string,
): Promise<{ client: SupabaseClient; totp: EnrolledTotp }> {
  const client = await signedInClient(backend, email, password);
  const totp = await enrollVerifiedTotp(client);
  return { client, totp };
}

/** A confirmed user granted the admin role, signed in at aal2 with a verified TOTP factor. */
export async function createAdmin(
  backend: TestBackend,
  email: string,
  password = 'staff-password-1',
): Promise<{ user: CreatedUser; client: SupabaseClient; totp: EnrolledTotp }> {
  const user = await createUser(backend, { email, password });
  await backend.sql(`insert into public.user_roles (user_id, role) values ($1, 'admin')`, [
    user.id,
  ]);
  return { user, ...(await adminClient(backend, email, password)) };
}
