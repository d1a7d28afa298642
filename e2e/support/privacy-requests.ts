import type { Page } from '@playwright/test';

import { expect, serviceClient, uniqueToken, type Credentials } from './backend-fixtures';
import { signInWithCode, type TotpCredentials } from './mfa-fixtures';

/** Signs in as staff do (password, then the code) and opens one of the admin sections. */
export async function openAdminSection(
  page: Page,
  credentials: TotpCredentials,
  path: '/admin/data-requests' | '/admin/staff',
  heading: string,
) {
  await signInWithCode(page, credentials);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible({
    timeout: 15_000,
  });
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({
    timeout: 15_000,
  });
}

/** A confirmed account without any role, made through the admin API; delete it with deleteAccount. */
export async function createPlainAccount(): Promise<Credentials & { id: string }> {
  const email = `${uniqueToken('plain')}@example.com`;
  const password = `Password-${uniqueToken('')}`;
  const { data, error } = await serviceClient().auth.admin.createUser({
    email,
    password,
    email_confirm: true,
  });
  if (error) throw new Error(`createUser(${email}) failed: ${error.message}`);
  return { email, password, id: data.user.id };
}

export async function deleteAccount(id: string): Promise<void> {
  const { error } = await serviceClient().auth.admin.deleteUser(id);
  if (error) throw new Error(`deleteUser(${id}) failed: ${error.message}`);
}

/** The audit entries with this action written since `since` (through the service role). */
export async function auditEntriesSince(action: string, since: string) {
  const { data, error } = await serviceClient()
    .from('audit_log')
    .select('action, user_email, resource, resource_id, details')
    .eq('action', action)
    .gte('created_at', since);
  if (error) throw new Error(`reading audit_log failed: ${error.message}`);
  return data;
}

export async function hasAdminRole(userId: string): Promise<boolean> {
  const { data, error } = await serviceClient()
    .from('user_roles')
    .select('role')
    .eq('user_id', userId)
    .eq('role', 'admin');
  if (error) throw new Error(`reading user_roles failed: ${error.message}`);
  return data.length > 0;
}
