import * as z from 'zod/mini';

import { staffDateTime } from '@/components/ui/staff-date';
import { RpcError } from '@/lib/rpc-error';
import type { AppSupabaseClient } from '@/lib/supabase';

const staffMemberSchema = z.object({
  user_id: z.string(),
  email: z.string(),
  roles: z.array(z.string()),
  mfa_enrolled: z.boolean(),
  last_sign_in_at: z.nullable(z.string()),
  /** The staff name (public.staff_profiles), null when none has been given. */
  display_name: z.nullable(z.string()),
});

export type StaffMember = z.infer<typeof staffMemberSchema>;

export class StaffAccessError extends RpcError {
  override readonly name = 'StaffAccessError';
}

function refusal(error: { code?: string; message: string; hint?: string }): StaffAccessError {
  if (error.code === '42501') {
    return new StaffAccessError(
      error.code,
      'Only staff admins signed in with their authenticator code can manage staff access.',
    );
  }
  // the database's own words for its named refusals (last admin, unknown account, bad address).
  if (error.code === 'P0001' || error.code === '22023') {
    return new StaffAccessError(error.hint ?? error.code, error.message);
  }
  return new StaffAccessError(error.code, `The request failed: ${error.message}`);
}

/** Every account holding a role, with MFA enrolment and last sign-in, ordered by e-mail. */
export async function listStaffAccess(client: AppSupabaseClient): Promise<StaffMember[]> {
  const { data, error } = await client.rpc('staff_access');
  if (error) throw refusal(error);
  return z.array(staffMemberSchema).parse(data ?? []);
}

/** How a person is named on screen: their staff name, or the address when they have none. */
export function staffName(member: Pick<StaffMember, 'display_name' | 'email'>): string {
  return member.display_name ?? member.email;
}

/** Sets a staff member's name (admins only); returns it as stored, trimmed. */
export async function setStaffName(
  client: AppSupabaseClient,
  userId: string,
  name: string,
): Promise<string> {
  const { data, error } = await client.rpc('set_staff_name', { _user_id: userId, _name: name });
  if (error) throw refusal(error);
  return data;
}

/** True when the account gained the role, false when it already had it. */
export async function grantAdminRole(client: AppSupabaseClient, email: string): Promise<boolean> {
  const { data, error } = await client.rpc('grant_admin_role', { _email: email.trim() });
  if (error) throw refusal(error);
  return data === true;
}

/** True when the account lost the role, false when it did not have it. */
export async function revokeAdminRole(client: AppSupabaseClient, email: string): Promise<boolean> {
  const { data, error } = await client.rpc('revoke_admin_role', { _email: email.trim() });
  if (error) throw refusal(error);
  return data === true;
}

/** '2026-11-25T02:38:00Z' → '25 Nov 2026, 02:38' (London time, the staff area's one rule); null → 'Never'. */
export function formatSignIn(iso: string | null): string {
  if (!iso) return 'Never';
  return staffDateTime(iso) || 'Unknown';
}
