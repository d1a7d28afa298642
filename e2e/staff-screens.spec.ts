import type { Page } from '@playwright/test';

import { cookieBanner as banner, watchBanner } from './support/cookie-banner';
import { expect, signInWithCode, test } from './support/mfa-fixtures';
import { deleteAccount } from './support/privacy-requests';
import {
  createNamedAdmin,
  dialogSpills,
  outsideViewport,
  reachableAtCentre,
} from './support/staff-screens';

// No stored cookie choice: the banner would show on a public page.
test.use({ consent: 'none' });

const WIDTHS = [375, 1366] as const;

async function shoot(page: Page, name: string) {
  if (process.env.STAFF_SCREENSHOTS) {
    await page.screenshot({ path: `${process.env.STAFF_SCREENSHOTS}/${name}.png`, fullPage: true });
  }
}

for (const width of WIDTHS) {
  test(`enrolment at ${width} px: a tappable link to the authenticator app, the key in groups with Copy, no cookie banner over the code`, async ({
    page,
    context,
    backend,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: width < 768 ? 740 : 900 });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const admin = await backend.createAdmin();

    await page.clock.install();
    const watch = watchBanner(page);
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Sign In' }).click();
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel(/Email/).fill(admin.email);
    await form.getByLabel(/Password/).fill(admin.password);
    await form.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('heading', { name: 'Set up two-step verification' })).toBeVisible({
      timeout: 15_000,
    });
    // not welcomed yet: the sign-in is complete only after the code.
    await expect(page.getByText('Welcome back!')).toHaveCount(0);

    const link = page.getByRole('link', { name: 'Add to authenticator app' });
    const secret = (await page.locator('#mfa-secret .sr-only').textContent()) ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const href = (await link.getAttribute('href')) ?? '';
    expect(href).toMatch(/^otpauth:\/\/totp\//);
    expect(new URL(href).searchParams.get('secret')).toBe(secret);
    expect(await outsideViewport(page, link)).toBeNull();
    expect((await link.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(40);

    const grouped = page.locator('#mfa-secret [aria-hidden="true"]');
    await expect(grouped).toHaveText(secret.match(/.{4}/g)!.join(' '));
    await expect(grouped).toHaveCSS('font-family', /mono/i);

    await page.getByRole('button', { name: 'Copy key' }).click();
    await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
    await expect(
      page.getByText('Copied: paste the key into your authenticator app.'),
    ).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);

    await watch.settle();
    await expect(banner(page)).toHaveCount(0);
    expect(watch.requested).toEqual([]);
    await expect.poll(() => reachableAtCentre(page.getByLabel(/6-digit code/))).toBe(true);
    await expect
      .poll(() => reachableAtCentre(page.getByRole('button', { name: 'Verify and finish setup' })))
      .toBe(true);
    await shoot(page, `enrolment-${width}`);
  });

  test(`no cookie banner on /admin at ${width} px, while the home page still asks and Cookie settings opens`, async ({
    page,
    backend,
  }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width, height: 800 });
    const admin = await backend.createAdminWithTotp();
    await page.clock.install();
    const watch = watchBanner(page);
    await signInWithCode(page, admin);
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible({
      timeout: 15_000,
    });
    await expect(page.getByText('Welcome back!')).toBeVisible();
    await watch.settle();
    await expect(banner(page)).toHaveCount(0);
    expect(watch.requested).toEqual([]);

    await page.getByRole('button', { name: 'Cookie settings' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');

    await page.goto('/');
    await expect(banner(page)).toBeVisible({ timeout: 5000 });
  });

  test(`the staff page at ${width} px: revoking asks first, naming the person; nothing is cut off`, async ({
    page,
    backend,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 800 });
    const admin = await backend.createAdminWithTotp();
    const other = await createNamedAdmin('Margaret Hamilton-Whitfield');
    try {
      await signInWithCode(page, admin);
      await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible({
        timeout: 15_000,
      });
      await page.goto('/admin/staff');
      await expect(page.getByRole('heading', { level: 1, name: 'Staff access' })).toBeVisible({
        timeout: 15_000,
      });
      const narrow = width < 768;
      const list = narrow
        ? page.getByRole('list', { name: 'Accounts holding a role' })
        : page.getByRole('table');
      await expect(list).toBeVisible();
      await expect(
        narrow
          ? page.getByRole('table')
          : page.getByRole('list', { name: 'Accounts holding a role' }),
      ).toBeHidden();
      await expect(list).toContainText('Margaret Hamilton-Whitfield');
      await expect(list).toContainText('E2E Staff');

      const revoke = list.getByRole('button', {
        name: 'Revoke admin role from Margaret Hamilton-Whitfield',
      });
      await revoke.scrollIntoViewIfNeeded();
      expect(await outsideViewport(page, revoke)).toBeNull();
      // the signed-in admin's own entry offers no revoke.
      const own = narrow
        ? list.getByRole('listitem').filter({ hasText: admin.email })
        : list.getByRole('row').filter({ hasText: admin.email });
      await expect(own).toContainText('Your account');
      await expect(own.getByRole('button', { name: /^Revoke/ })).toHaveCount(0);
      await shoot(page, `staff-${width}`);

      await revoke.click();
      const confirm = page.getByRole('alertdialog', {
        name: 'Revoke the admin role from Margaret Hamilton-Whitfield?',
      });
      await expect(confirm).toContainText(other.email);
      expect(await dialogSpills(confirm)).toEqual([]);
      await shoot(page, `staff-dialog-${width}`);
      await confirm.getByRole('button', { name: 'Revoke admin role' }).click();
      await expect(page.getByRole('status')).toHaveText(
        'Margaret Hamilton-Whitfield is no longer an admin.',
      );
      await expect(list).not.toContainText('Margaret Hamilton-Whitfield');
    } finally {
      await deleteAccount(other.id);
    }
  });
}
