import type { Database } from '@/lib/database.types';
import type { AppSupabaseClient } from '@/lib/supabase';

export type AppRole = Database['public']['Enums']['app_role'];

/**
 * The user's role from user_roles (RLS lets a user read only their own rows). A failed lookup or
 * no row means plain 'user'; the failure is logged. The UI uses this only to decide what to show:
 * the database's policies are what keep non-admins out of the data.
 *
 * A user may hold several roles (unique per user and role); the enum orders admin first, so
 * ordering and taking one row keeps maybeSingle() from failing on two rows.
 */
export async function fetchUserRole(client: AppSupabaseClient, userId: string): Promise<AppRole> {
  try {
    const { data, error } = await client
      .from('user_roles')
      .select('role')
      .eq('user_id', userId)
      .order('role', { ascending: true })
      .limit(1)
      .maybeSingle();
    if (error) {
      console.error('Error fetching user role:', error);
      return 'user';
    }
    return data?.role ?? 'user';
  } catch (error) {
    console.error('Error fetching user role:', error);
    return 'user';
  }
}
