import { expectNoAxeViolations } from './support/axe';
import { expect, test } from './support/mfa-fixtures';
import {
  auditEntriesSince,
  createPlainAccount,
  deleteAccount,
  hasAdminRole,
  openAdminSection,
} from './support/privacy-requests';

test('an admin sees who has access with MFA and last sign-in, and grants and revokes a second admin', async ({
  page,
  backend,
  allowConsole,
}) => {
  test.setTimeout(90_000);
  const since = new Date(Date.now() - 1000).toISOString();
  const admin = await backend.createAdminWithTotp();
  const second = await createPlainAccount();
  try {
    await openAdminSection(page, admin, '/admin/staff', 'Staff access');
    const table = page.getByRole('table');
    const ownRow = table
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: admin.email }) });
    await expect(ownRow).toContainText('Enrolled');
    await expect(ownRow).toContainText('UTC');
    await expectNoAxeViolations(page);

    await page.getByLabel(/E-mail address of an existing account/).fill(second.email);
    await page.getByRole('button', { name: 'Grant admin role' }).click();
    await expect(page.getByRole('status')).toHaveText(`${second.email} is now an admin.`);
    const secondRow = table
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: second.email }) });
    await expect(secondRow).toContainText('Not enrolled');
    await expect(secondRow).toContainText('Never');
    expect(await hasAdminRole(second.id)).toBe(true);

    await secondRow.getByRole('button', { name: `Revoke admin role from ${second.email}` }).click();
    await expect(page.getByRole('status')).toHaveText(`${second.email} is no longer an admin.`);
    await expect(secondRow).toHaveCount(0);
    expect(await hasAdminRole(second.id)).toBe(false);

    const granted = await auditEntriesSince('admin_role_granted', since);
    const revoked = await auditEntriesSince('admin_role_revoked', since);
    expect(granted.filter((entry) => entry.resource_id === second.id)).toEqual([
      expect.objectContaining({ user_email: admin.email, resource: 'user_roles' }),
    ]);
    expect(revoked.filter((entry) => entry.resource_id === second.id)).toEqual([
      expect.objectContaining({ user_email: admin.email, resource: 'user_roles' }),
    ]);

    // an unknown address gets the database's named refusal (HTTP 400), in words
    allowConsole(/^400 .*\/rest\/v1\/rpc\/grant_admin_role$/);
    await page.getByLabel(/E-mail address of an existing account/).fill('nobody-here@example.com');
    await page.getByRole('button', { name: 'Grant admin role' }).click();
    await expect(page.getByRole('status')).toContainText('No account uses that e-mail address.');
  } finally {
    await deleteAccount(second.id);
  }
});
