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
    // the last sign-in in the staff area's one date form, London time
    await expect(ownRow).toContainText(/\d{2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}/);
    // shown by the name admin:create --name gave; your own row offers no revoke.
    await expect(ownRow).toContainText('E2E Staff');
    await expect(ownRow.getByRole('button', { name: /^Revoke/ })).toHaveCount(0);
    await expect(ownRow).toContainText('Your account');
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

    // an admin gives the new admin a name; the database stores it trimmed.
    await secondRow.getByRole('button', { name: `Edit name of ${second.email}` }).click();
    const naming = page.getByRole('dialog', { name: 'Staff name' });
    await naming.getByLabel(/Name/).fill('  Second Person ');
    await naming.getByRole('button', { name: 'Save name' }).click();
    await expect(page.getByRole('status')).toHaveText(
      `${second.email} is now shown as Second Person.`,
    );
    await expect(secondRow).toContainText('Second Person');

    // revoking asks first, naming the person; Cancel changes nothing.
    await secondRow.getByRole('button', { name: 'Revoke admin role from Second Person' }).click();
    const confirm = page.getByRole('alertdialog', {
      name: 'Revoke the admin role from Second Person?',
    });
    await expect(confirm).toBeVisible();
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toHaveCount(0);
    expect(await hasAdminRole(second.id)).toBe(true);

    await secondRow.getByRole('button', { name: 'Revoke admin role from Second Person' }).click();
    await confirm.getByRole('button', { name: 'Revoke admin role' }).click();
    await expect(page.getByRole('status')).toHaveText('Second Person is no longer an admin.');
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
